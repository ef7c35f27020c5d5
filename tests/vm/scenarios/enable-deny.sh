#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# With the hypervisor enabled, a root-cell write to an I/O port and to an
# MSR the system config denies is blocked and logged, and Linux goes on.
#
# Port: COM2's scratch register 0x2ff (configs/x86/qemu-svm.conf leaves
# COM2 to sandbox cells). Natively it reads back what was written; refused,
# the write is dropped and the read returns 0xff.
# MSR: MTRRphysBase7 (0x20e), unused on this machine; the config lets the
# root cell read the MTRRs but not write them. Natively it reads back what
# was written; refused, it keeps its value. (The TSC would be the obvious
# witness, but QEMU's TCG reads MSR 0x10 as 0.)
set -e
PORT=767			# 0x2ff
MSR=526				# 0x20e

fail() { echo "enable-deny: FAIL: $*"; exit 1; }

port_write() { printf "\\$(printf %o "$1")" |
	dd of=/dev/port bs=1 seek=$PORT count=1 conv=notrunc 2>/dev/null; }
port_read() { dd if=/dev/port bs=1 skip=$PORT count=1 2>/dev/null |
	od -An -tu1 | tr -d ' '; }
# Low byte of the MSR; the others stay 0 in this test.
msr_write() { printf "\\$(printf %o "$1")\\0\\0\\0\\0\\0\\0\\0" |
	dd of=/dev/cpu/0/msr bs=8 count=1 oflag=seek_bytes seek=$MSR \
	conv=notrunc 2>/dev/null; }
msr_read() { dd if=/dev/cpu/0/msr bs=8 count=1 iflag=skip_bytes skip=$MSR \
	2>/dev/null | od -An -tu8 | tr -d ' '; }

insmod /lib/modules/msr.ko
insmod kernel-module/jailhouse.ko sig_enforce=0

# Both witnesses work natively, so a refusal below is the hypervisor's.
port_write 90
[ "$(port_read)" = 90 ] || fail "port 0x2ff does not hold a value natively"
msr_write 6
[ "$(msr_read)" = 6 ] || fail "MSR 0x20e does not hold a value natively"
msr_write 0

jailhouse enable configs/x86/qemu-svm.cell
echo "enable-deny: hypervisor enabled"

port_write 90
value=$(port_read)
[ "$value" = 255 ] || fail "port 0x2ff read $value, expected 255 (refused)"
msr_write 6 || fail "WRMSR 0x20e failed instead of being dropped"
value=$(msr_read)
[ "$value" = 0 ] || fail "MSR 0x20e reads $value after a refused write"

jailhouse console > /tmp/console
grep 'denied I/O port 0x2ff write value 0x5a' /tmp/console ||
	fail "port refusal not logged"
grep 'denied MSR 0x20e write value 0x6' /tmp/console ||
	fail "MSR refusal not logged"

# Linux goes on.
dd if=/dev/urandom of=/tmp/data bs=1M count=4 2>/dev/null
sha256sum /tmp/data > /tmp/sum
sha256sum -c /tmp/sum
jailhouse hypervisor info
jailhouse disable
echo "enable-deny: ok"
