#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# Two sandbox cells talk through an ivshmem device
# (configs/x86/ivshmem-demo-a.conf and -b.conf); variants of b that
# claim a's peer id, disagree with a on vectors or on where a section
# is, or write a's output section are refused first. inmates/demos/x86/
# ivshmem-demo in each finds the device in configuration space, aims its
# MSI-X vectors at its CPU, announces its state and rings the other's
# doorbell; each must receive doorbells and see the other's state table
# entry, read-write word and output section. b gets `hostile=1` as an
# unsigned string (cell load -s), which its policy class accepts and a's
# refuses; the string is measured. A string is never signed code: b
# does not start before a load, and a string at the entry point, over
# the signed image's code, or with no signed image at the entry point is
# refused, the reason logged; a load starts from zeroed memory (nothing
# of the previous load is left). Then cell b writes the
# read-only state table: the hypervisor fails that cell and only it; a
# stays running and keeps its doorbells. Then a runs ivshmem-bar, which
# tries to place its ivshmem BAR0 over the root's e1000e MSI-X table page
# (00:02.0, intercepted at enable): ignored and logged; the root's reads
# of that table still reach it (before, they went to the cell's
# endpoint and failed the root CPU). After the cells are destroyed the
# shared memory is zero and Linux's again.
set -eu
. tests/vm/lib/signed.sh
work=/tmp/ivshmem
mkdir -p $work
fail() { echo "cell-ivshmem: FAIL: $*"; jailhouse console | tail -n 20; exit 1; }

# wait_for REGEX SECONDS: until the hypervisor console shows it.
wait_for() {
	i=0
	until jailhouse console | grep -q "$1"; do
		[ $i -lt $2 ] || fail "no \"$1\" within $2 s"
		sleep 1
		i=$((i + 1))
	done
}

cat >$work/ivshmem.policy <<POLICY
classes:
  - name: ivshmem-strings
    cells: ["ivshmem-demo-b"]
    max-memory: 2M
    max-cpus: 1
    pci-allow: ["ff"]
    root-shared: false
    sandbox-required: true
    max-reply-timeout: 1000
    min-security-version: 1
    unsigned-strings: true
  - name: ivshmem
    cells: ["ivshmem-demo-*"]
    max-memory: 2M
    max-cpus: 1
    pci-allow: ["ff"]
    root-shared: false
    sandbox-required: true
    max-reply-timeout: 1000
    min-security-version: 1
POLICY

signed_load_module
signed_enable
jh-policy compile $work/ivshmem.policy -o $work/ivshmem.pol
jh-sign --type policy $work/ivshmem.pol
jailhouse policy load $work/ivshmem.pol
for p in a b; do
	jh-sign -o $work/$p.cell configs/x86/ivshmem-demo-$p.cell
	jh-sign --cell ivshmem-demo-$p -o $work/$p.bin \
		inmates/demos/x86/ivshmem-demo.bin
done
jailhouse cell create $work/a.cell

# refused NAME SED REASON: b changed so, refused next to a, naming REASON.
jh-config show configs/x86/ivshmem-demo-b.cell >$work/b.conf
refused() {
	sed "$2" $work/b.conf >$work/$1.conf
	cmp -s $work/b.conf $work/$1.conf && fail "$1: sed changed nothing"
	jh-config build $work/$1.conf -o $work/$1.unsigned
	jh-sign -o $work/$1.cell $work/$1.unsigned
	jailhouse cell create $work/$1.cell 2>/dev/null &&
		fail "$1: created"
	dmesg | tail -n 3 | grep -q "$3" || fail "$1: no refusal '$3'"
	echo "cell-ivshmem: refused $1: $(dmesg | grep "$3" | tail -n 1)"
}
refused peer-id '/0x3d202000/s/\[read\]/[read, write]/
	/0x3d203000/s/\[read, write\]/[read]/; s/shmem-id: 1/shmem-id: 0/' \
	"PCI device 0: ivshmem peer id is claimed by two cells"
refused vectors 's/shmem-vectors: 4/shmem-vectors: 2/' \
	"PCI device 0: ivshmem peers disagree"
refused elsewhere 's/phys: 0x3d203000/phys: 0x3d204000/' \
	"PCI device 0: ivshmem peers disagree"
refused foreign-output '/0x3d202000/s/\[read\]/[read, write]/' \
	"memory region 4: ivshmem region writable beyond its role"
jailhouse cell create $work/b.cell
jailhouse cell start ivshmem-demo-b 2>/dev/null &&
	fail "b started with nothing loaded"
dmesg | tail -n 2 | grep -q "start: no complete load since create" ||
	fail "no refusal of b's start without a load"
# A load starts from zeroed memory: a signed marker at 0x20000, then a
# load without it; mem-read reads 0x20000 (its signed command line says
# so) and reports what it found there: 0, not the marker.
printf MARKMARK >$work/mark
printf addr=0x20000 >$work/cmd
jh-sign --cell ivshmem-demo-b $work/mark
jh-sign --cell ivshmem-demo-b $work/cmd
jh-sign --cell ivshmem-demo-b -o $work/mem-read.bin \
	inmates/tests/x86/mem-read.bin
jailhouse cell load ivshmem-demo-b $work/b.bin $work/mark -a 0x20000
jailhouse cell load ivshmem-demo-b $work/mem-read.bin $work/cmd -a 0x1000
jailhouse cell start ivshmem-demo-b
wait_for "mem-read: Test result: .*read of 0x20000 returned" 20
jailhouse console | grep -q "read of 0x20000 returned 0x0)" ||
	fail "an earlier load survived: $(jailhouse console | grep 0x20000)"
jailhouse cell shutdown ivshmem-demo-b
# string_refused REASON ARG...: `cell load ivshmem-demo-b ARG...` refused.
string_refused() {
	reason=$1
	shift
	jailhouse cell load ivshmem-demo-b "$@" 2>/dev/null &&
		fail "b loaded a string: $*"
	dmesg | tail -n 2 | grep -q "$reason" ||
		fail "no refusal '$reason' of: $*"
	echo "cell-ivshmem: refused $*: $(dmesg | grep "$reason" | tail -n 1)"
}
code=$(printf '\353\376')	# jmp $ (real mode)
jailhouse cell load ivshmem-demo-b $work/b.bin
string_refused "string at 0x0: holds the cell's entry point 0x0" \
	-s "$code" -a 0
string_refused "string at 0x2000: overlaps the signed image at 0x0" \
	$work/b.bin -s "$code" -a 0x2000
string_refused "the cell's entry point 0x0 is in no signed image" \
	-s "$code" -a 0x8000
# An unsigned string: refused for a (its class takes none), loaded and
# measured for b.
jailhouse cell load ivshmem-demo-a $work/a.bin -s hostile=1 -a 0x1000 \
	2>/dev/null && fail "a took an unsigned string"
dmesg | tail -n 2 | grep -q "string for cell 'ivshmem-demo-a' refused" ||
	fail "no refusal of a's string"
jailhouse cell load ivshmem-demo-a $work/a.bin
jailhouse cell load ivshmem-demo-b $work/b.bin -s hostile=1 -a 0x1000
sum=$(printf 'hostile=1' | sha256sum | cut -d' ' -f1)
jailhouse measurements |
	grep -q "string ivshmem-demo-b 0 sha256:$sum - unsigned@0x1000$" ||
	fail "b's string not measured: $(jailhouse measurements | tail -n 2)"
jailhouse cell start ivshmem-demo-a
jailhouse cell start ivshmem-demo-b

wait_for "SUCCESS: peer 0:" 40
wait_for "SUCCESS: peer 1:" 20
jailhouse console | grep "ivshmem-demo:" | head -n 12
wait_for 'Cell "ivshmem-demo-b" FAILED' 10
jailhouse console | grep -q "FAILURE: state table written" &&
	fail "cell b wrote the read-only state table"
jailhouse cell list | grep -q "ivshmem-demo-a  *running" ||
	fail "cell a stopped: $(jailhouse cell list)"

jailhouse cell destroy ivshmem-demo-b
jailhouse cell list | grep -q "ivshmem-demo-a  *running" ||
	fail "cell a stopped with b's destroy: $(jailhouse cell list)"
jailhouse cell destroy ivshmem-demo-a

# ivshmem-bar: BAR0 over the root's e1000e MSI-X table page.
table=$(jailhouse console |
	sed -n 's/.*MSI-X: 00:02.0: .* entries at \(0x[0-9a-f]*\) intercepted/\1/p')
[ -n "$table" ] || fail "e1000e's MSI-X table not intercepted"
entry0=$(devmem $table 32)
printf 'bar=0x%x' $((table & ~0xfff)) >$work/bar.cmd
jh-sign --cell ivshmem-demo-a $work/bar.cmd
jh-sign --cell ivshmem-demo-a -o $work/bar.bin inmates/tests/x86/ivshmem-bar.bin
jailhouse cell create $work/a.cell
jailhouse cell load ivshmem-demo-a $work/bar.bin $work/bar.cmd -a 0x1000
jailhouse cell start ivshmem-demo-a
wait_for "ivshmem-bar: Test result: " 20
jailhouse console | grep "ivshmem-bar: Test result: SUCCESS" ||
	fail "ivshmem-bar: $(jailhouse console | grep 'ivshmem-bar:' | tail -n 1)"
jailhouse console | grep -q "ivshmem-demo-a\": ivshmem 01:0e.0 register 0x10 write .* ignored" ||
	fail "the BAR write over the MSI-X table was not logged"
[ "$(devmem $table 32)" = "$entry0" ] ||
	fail "e1000e's MSI-X entry 0 reads $(devmem $table 32), not $entry0"
jailhouse cell list | grep -q "ivshmem-demo-a  *running" ||
	fail "ivshmem-bar: the cell stopped: $(jailhouse cell list)"
echo "cell-ivshmem: BAR0 over the MSI-X table ignored, the root reads the table"
jailhouse cell destroy ivshmem-demo-a
jailhouse disable
# The sections were zeroed when the last peer went.
left=$(dd if=/dev/mem bs=4096 skip=$((0x3d200000 / 4096)) count=4 \
	2>/dev/null | tr -d '\000' | wc -c)
[ "$left" -eq 0 ] || fail "shared memory not zeroed: $left bytes set"
rmmod jailhouse
echo "cell-ivshmem: ok"
