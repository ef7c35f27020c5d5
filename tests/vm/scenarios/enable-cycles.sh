#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# 20 enable/disable cycles in one boot: each enable starts from the same
# memory pool use, Linux works in between; while enabled a second enable
# and unloading the module are refused; the module unloads at the end
# (nothing keeps it pinned).
set -e
fail() { echo "enable-cycles: FAIL: $*"; exit 1; }

insmod kernel-module/jailhouse.ko sig_enforce=0
first=
n=1
while [ $n -le 20 ]; do
	jailhouse enable configs/x86/qemu-svm.cell
	pool=$(jailhouse hypervisor info | grep '^Memory pool:')
	[ -n "$pool" ] || fail "cycle $n: no pool use reported"
	[ -n "$first" ] || first=$pool
	if [ $n = 1 ]; then
		jailhouse enable configs/x86/qemu-svm.cell &&
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
