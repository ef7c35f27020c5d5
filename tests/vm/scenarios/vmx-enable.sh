#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: bochs
# Linux as the root cell on VT-x (Bochs: EPT and VPID, 2 CPUs): the same
# SHA-256 of a 16 MiB file before, during and after, 50 processes spawned
# while enabled, both CPUs in the hypervisor, two enable/disable cycles,
# the module unloads at the end. Also Bochs's smoke test (the loader
# answers on /dev/jailhouse), which smoke.sh leaves to this scenario.
set -e
fail() { echo "vmx-enable: FAIL: $*"; exit 1; }

insmod kernel-module/jailhouse.ko sig_enforce=0
test -c /dev/jailhouse
dd if=/dev/urandom of=/tmp/data bs=1M count=16 2>/dev/null
sha256sum /tmp/data > /tmp/sum

for cycle in 1 2; do
	jailhouse enable configs/x86/bochs-vmx.cell
	for cpu in 0 1; do
		jailhouse console | grep -q "CPU $cpu: activating" ||
			fail "cycle $cycle: CPU $cpu did not enter the hypervisor"
	done
	sha256sum -c /tmp/sum ||
		fail "cycle $cycle: checksum differs under the hypervisor"
	i=0
	while [ $i -lt 50 ]; do
		/bin/true &
		i=$((i + 1))
	done
	wait
	echo "vmx-enable: cycle $cycle: 50 processes done"
	jailhouse hypervisor info
	jailhouse disable
	sha256sum -c /tmp/sum || fail "cycle $cycle: checksum differs after disable"
done
rmmod jailhouse
echo "vmx-enable: ok"
