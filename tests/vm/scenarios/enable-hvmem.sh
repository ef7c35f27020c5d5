#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The root cell's nested page tables never map hypervisor memory: Linux's
# reads of it (/dev/mem, pinned to CPU 3) complete as a master abort
# would, all ones, and its writes are dropped, each logged with the
# address; CPU 3 and Linux go on, the hypervisor is intact and disables.
set -e
fail() { echo "enable-hvmem: FAIL: $*"; exit 1; }
HV_PAGE=$((0x3b000))		# hypervisor memory, in pages

insmod kernel-module/jailhouse.ko sig_enforce=0
# Natively the reserved range is readable through /dev/mem.
dd if=/dev/mem of=/dev/null bs=4096 skip=$HV_PAGE count=1 2>/dev/null ||
	fail "/dev/mem cannot read the range natively"

# The root's refused accesses, counted over its CPUs.
refused() {
	jailhouse hypervisor info |
		awk '$1 == "root_refused" { for (i = 2; i <= NF; i++) n += $i }
		     END { print n + 0 }'
}

jailhouse enable configs/x86/qemu-svm.cell
taskset -c 3 dd if=/dev/mem of=/tmp/leak bs=4096 skip=$HV_PAGE count=1 \
	2>/dev/null || fail "the read of hypervisor memory did not complete"
[ "$(wc -c </tmp/leak)" -eq 4096 ] || fail "the read returned no page"
[ -z "$(od -An -tx1 -v /tmp/leak | tr -d ' f\n')" ] ||
	fail "hypervisor memory was read"
before=$(refused)
head -c 4096 /dev/zero | taskset -c 3 dd of=/dev/mem bs=4096 \
	seek=$HV_PAGE count=1 conv=notrunc 2>/dev/null ||
	fail "the write to hypervisor memory did not complete"
[ "$(refused)" -gt "$before" ] || fail "the write was not refused"
jailhouse console > /tmp/console
grep "CPU 3: root cell: read of 0x3b000000 refused" /tmp/console ||
	fail "no refused read at 0x3b000000 logged"
! grep -q "CPU 3: stopped" /tmp/console || fail "CPU 3 stopped"

# CPU 3 and the hypervisor go on: it still answers and disables.
echo data | taskset -c 3 sha256sum
jailhouse hypervisor info >/dev/null || fail "the hypervisor does not answer"
jailhouse disable || fail "disable refused after the refused accesses"
echo "enable-hvmem: ok"
