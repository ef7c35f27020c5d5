#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The trust chain (docs/threat-model.md). A policy's rollback floor binds
# to its type, not to the signer or the free-form name, and survives a module reload
# through the jailhouse tool's floors file. What a cell runs is what was
# verified: root rewriting the cell's image through /dev/mem, loaded or
# running, is refused as a master abort: the write is dropped, a read
# gives all ones, counted and logged; CPU 2, which made them, and Linux
# go on, and the cell runs the signed image.
# com2: sandbox-demo: sealed compute workload started
set -eu
. tests/vm/lib/signed.sh
work=/tmp/trust
mkdir -p $work
cell=sandbox-demo
image=$((0x3c000000))	# the cell's RAM, where the image loads
fail() { echo "trust-chain: FAIL: $*"; dmesg | tail -n 5; exit 1; }
step() { echo "--- trust-chain: $*"; }

# refused ERRNO-TEXT COMMAND...: the command fails with that errno text.
refused() {
	text=$1
	shift
	if "$@" 2>$work/err; then
		fail "'$*' succeeded"
	fi
	grep -q "$text" $work/err || fail "'$*': $(cat $work/err)"
	echo "refused '$*': $(dmesg | tail -n 1)"
}

step "rollback floors: the type, not the free-form name"
rm -f /var/lib/jailhouse/floors
signed_load_module
jh-sign --name base --security-version 3 -o $work/pol3 policy/sandbox.pol
jh-sign --name other --security-version 2 -o $work/pol2 policy/sandbox.pol
jailhouse policy load $work/pol3
[ -s /var/lib/jailhouse/floors ] || fail "no floors file after a load"
refused "Stale file handle" jailhouse policy load $work/pol2

step "rollback floors across a module reload"
rmmod jailhouse
insmod kernel-module/jailhouse.ko
jailhouse keyring add /tmp/keys/cert.der
refused "Stale file handle" jailhouse policy load $work/pol2
jailhouse policy load $work/pol3

# cell_image_refused WHEN: from CPU 2, HLT over the image is dropped, a read
# of it gives 4096 bytes of all ones; both logged with the address.
cell_image_refused() {
	taskset -c 2 dd if=$work/hlt of=/dev/mem bs=4096 \
		seek=$((image / 4096)) conv=notrunc 2>$work/err ||
		fail "$1: the dropped write failed: $(cat $work/err)"
	taskset -c 2 dd if=/dev/mem of=$work/read bs=4096 \
		skip=$((image / 4096)) count=1 2>$work/err ||
		fail "$1: the refused read failed: $(cat $work/err)"
	[ "$(wc -c <$work/read)" -eq 4096 ] &&
		[ "$(tr -d '\377' <$work/read | wc -c)" -eq 0 ] ||
		fail "$1: the read did not give all ones"
	jailhouse console | grep "CPU 2: root cell: write to 0x3c000000 refused.*: dropped" ||
		fail "$1: the write was not refused"
	jailhouse console | grep "CPU 2: root cell: read of 0x3c000000 refused.*: all ones" ||
		fail "$1: the read was not refused"
}

step "/dev/mem on a loaded cell"
signed_enable
jh-sign -o $work/cell configs/x86/sandbox-demo.cell
jh-sign --cell $cell -o $work/demo.bin inmates/demos/x86/sandbox-demo.bin
jailhouse cell create $work/cell
jailhouse cell load $cell $work/demo.bin
head -c 4096 /dev/zero | tr '\000' '\364' >$work/hlt	# HLT everywhere
cell_image_refused loaded
jailhouse cell start $cell
sleep 3
jailhouse cell list | grep -q " $cell  *running" ||
	fail "the cell does not run: $(jailhouse cell list)"
jailhouse measurements | grep " inmate $cell "

step "/dev/mem on a running cell"
cell_image_refused running
sleep 2
jailhouse cell list | grep -q " $cell  *running" ||
	fail "the cell stopped: $(jailhouse cell list)"
# 2 dropped writes (one REP MOVSB each), 2 * 512 reads of 8 bytes.
refusals=$(jailhouse hypervisor info |
	   awk '$1 == "root_refused" { for (i = 2; i <= NF; i++) n += $i }
		END { print n + 0 }')
[ "$refusals" -ge 1026 ] || fail "root_refused counts $refusals"
echo "root_refused: $refusals; CPU 2 and Linux went on"
echo "trust-chain: ok"
