#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu qemu-amdvi
# 20 enable/disable cycles in one boot: each enable starts from the same
# memory pool use, Linux works in between; while enabled a second enable
# and unloading the module are refused; the module unloads at the end
# (nothing keeps it pinned). On qemu-amdvi the AMD-Vi unit goes on and
# off each time.
set -e
fail() { echo "enable-cycles: FAIL: $*"; exit 1; }

insmod kernel-module/jailhouse.ko sig_enforce=0
sys=configs/x86/qemu-svm.cell
[ "${JH_MACHINE:-qemu}" = qemu-amdvi ] && sys=configs/x86/qemu-svm-amdvi.cell
first=
n=1
while [ $n -le 20 ]; do
	jailhouse enable $sys
	pool=$(jailhouse hypervisor info | grep '^Memory pool:')
	[ -n "$pool" ] || fail "cycle $n: no pool use reported"
	[ -n "$first" ] || first=$pool
	if [ $n = 1 ]; then
		jailhouse enable $sys &&
			fail "second enable accepted"
		rmmod jailhouse 2>/dev/null && fail "module unloaded while enabled"
	fi
	[ "$pool" = "$first" ] ||
		fail "cycle $n: '$pool', first cycle: '$first'"
	echo "x$n" | sha256sum > /dev/null
	jailhouse disable
	n=$((n + 1))
done
echo "enable-cycles: 20 cycles, every one at '$first'"
rmmod jailhouse
echo "enable-cycles: ok"
