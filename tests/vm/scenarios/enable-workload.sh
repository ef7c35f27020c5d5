#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# Linux keeps working as the root cell: the same SHA-256 of a 64 MiB file
# before, during and after, 200 processes spawned while enabled, CPU
# hotplug while enabled (INIT/SIPI emulated) and after disable, all 4
# CPUs in the hypervisor.
set -e
fail() { echo "enable-workload: FAIL: $*"; exit 1; }

insmod kernel-module/jailhouse.ko sig_enforce=0
dd if=/dev/urandom of=/tmp/data bs=1M count=64 2>/dev/null
sha256sum /tmp/data > /tmp/sum

jailhouse enable configs/x86/qemu-svm.cell
for cpu in 0 1 2 3; do
	jailhouse console | grep -q "CPU $cpu: activating" ||
		fail "CPU $cpu did not enter the hypervisor"
done
sha256sum -c /tmp/sum || fail "checksum differs under the hypervisor"

i=0
while [ $i -lt 200 ]; do
	/bin/true &
	i=$((i + 1))
done
wait
echo "enable-workload: 200 processes done"

echo 0 > /sys/devices/system/cpu/cpu3/online
[ "$(cat /sys/devices/system/cpu/online)" = 0-2 ] ||
	fail "CPU 3 did not go offline under the hypervisor"
echo 1 > /sys/devices/system/cpu/cpu3/online
[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] ||
	fail "CPU 3 did not come back under the hypervisor"

jailhouse disable
sha256sum -c /tmp/sum || fail "checksum differs after disable"
echo 0 > /sys/devices/system/cpu/cpu3/online
echo 1 > /sys/devices/system/cpu/cpu3/online
[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] ||
	fail "CPU hotplug broken after disable"
rmmod jailhouse
echo "enable-workload: ok"
