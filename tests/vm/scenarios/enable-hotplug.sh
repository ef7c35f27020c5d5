#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# CPU hotplug under the hypervisor: Linux's INIT and SIPIs to CPU 3 are
# emulated (docs/isolation.md, "APIC"), so offline/online works as before
# enabling, the CPU runs work afterwards, disable is refused while a CPU
# is offline and works once it is back. Each MSR Linux probes and may not
# touch is logged once, not at every online.
set -e
fail() { echo "enable-hotplug: FAIL: $*"; exit 1; }
online() { cat /sys/devices/system/cpu/online; }

insmod kernel-module/jailhouse.ko sig_enforce=0
jailhouse enable configs/x86/qemu-svm.cell

for round in 1 2 3; do
	echo 0 > /sys/devices/system/cpu/cpu3/online ||
		fail "round $round: CPU 3 did not go offline"
	[ "$(online)" = 0-2 ] || fail "round $round: online is $(online)"
	if [ "$round" = 1 ] && jailhouse disable; then
		fail "disable with CPU 3 offline"
	fi
	echo 1 > /sys/devices/system/cpu/cpu3/online ||
		fail "round $round: CPU 3 did not come back"
	[ "$(online)" = 0-3 ] || fail "round $round: online is $(online)"
done
dd if=/dev/urandom of=/tmp/data bs=1M count=8 2>/dev/null
on0=$(taskset -c 0 sha256sum /tmp/data)
on3=$(taskset -c 3 sha256sum /tmp/data) || fail "CPU 3 does not run work"
[ "$on0" = "$on3" ] || fail "CPU 3 computes $on3, CPU 0 $on0"
if jailhouse console | grep "IPI refused\|not emulated"; then
	fail "one of Linux's own APIC accesses was refused"
fi
# What Linux probes at each CPU online is refused, and said once.
jailhouse console | grep "denied MSR" || true
repeated=$(jailhouse console | sed -n 's/^CPU [0-9]*: //p' |
	grep "denied MSR" | sed 's/ value 0x[0-9a-f]*//' | sort | uniq -d)
[ -z "$repeated" ] || fail "denied-MSR lines repeated: $repeated"
jailhouse hypervisor info
jailhouse disable
[ "$(online)" = 0-3 ] || fail "online is $(online) after disable"
rmmod jailhouse
echo "enable-hotplug: ok"
