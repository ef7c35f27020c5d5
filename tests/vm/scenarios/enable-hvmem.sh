#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The root cell's nested page tables never map hypervisor memory: a read
# of it from Linux (/dev/mem, pinned to CPU 3) stops that CPU with a log
# line naming the address, the hypervisor and the other CPUs go on, and
# disable is refused rather than waiting for the stopped CPU.
set -e
fail() { echo "enable-hvmem: FAIL: $*"; exit 1; }
HV_PAGE=$((0x3b000))		# hypervisor memory, in pages

insmod kernel-module/jailhouse.ko sig_enforce=0
# Natively the reserved range is readable through /dev/mem.
dd if=/dev/mem of=/dev/null bs=4096 skip=$HV_PAGE count=1 2>/dev/null ||
	fail "/dev/mem cannot read the range natively"

jailhouse enable configs/x86/qemu-svm.cell
taskset -c 3 dd if=/dev/mem of=/tmp/leak bs=4096 skip=$HV_PAGE count=1 \
	2>/dev/null &
sleep 2
jailhouse console > /tmp/console
grep "CPU 3: .*access to 0x3b000000 outside its memory" /tmp/console ||
	fail "no nested page fault at 0x3b000000 logged"
grep -q "CPU 3: stopped" /tmp/console || fail "CPU 3 not stopped"
[ ! -s /tmp/leak ] || fail "hypervisor memory was read"

# The other CPUs go on; disable refuses to wait for CPU 3.
echo data | taskset -c 0 sha256sum
if jailhouse disable; then
	fail "disable succeeded with a stopped CPU"
fi
echo "enable-hvmem: ok"
