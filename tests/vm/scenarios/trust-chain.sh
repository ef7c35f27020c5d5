#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The trust chain (docs/threat-model.md). A policy's rollback floor binds
# to its type, not to the signer or the free-form name, and survives a module reload
# through the jailhouse tool's floors file. What a cell runs is what was
# verified: root rewriting the loaded image through /dev/mem between load
# and start (pinned to CPU 2) only stops that CPU, and the cell runs the
# signed image. This is the last step: Linux has lost CPU 2.
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
jh-sign --name base --version 3 -o $work/pol3 policy/sandbox.pol
jh-sign --name other --version 2 -o $work/pol2 policy/sandbox.pol
jailhouse policy load $work/pol3
[ -s /var/lib/jailhouse/floors ] || fail "no floors file after a load"
refused "Stale file handle" jailhouse policy load $work/pol2

step "rollback floors across a module reload"
rmmod jailhouse
insmod kernel-module/jailhouse.ko
jailhouse keyring add /tmp/keys/cert.der
refused "Stale file handle" jailhouse policy load $work/pol2
jailhouse policy load $work/pol3

step "/dev/mem between load and start"
signed_enable
jh-sign -o $work/cell configs/x86/sandbox-demo.cell
jh-sign --cell $cell -o $work/demo.bin inmates/demos/x86/sandbox-demo.bin
jailhouse cell create $work/cell
jailhouse cell load $cell $work/demo.bin
head -c 4096 /dev/zero | tr '\000' '\364' >$work/hlt	# HLT everywhere
# This shell and what it starts stay off CPU 2, which will stop for good.
taskset -p -c 0,1 $$ >/dev/null
taskset -c 2 dd if=$work/hlt of=/dev/mem bs=4096 seek=$((image / 4096)) \
	conv=notrunc 2>/dev/null &
sleep 2
jailhouse console | grep "CPU 2: .*0x3c000000 outside its memory" ||
	fail "the write to the loaded image was not stopped"
jailhouse cell start $cell
sleep 3
jailhouse cell list | grep -q " $cell  *running" ||
	fail "the cell does not run: $(jailhouse cell list)"
jailhouse measurements | grep " inmate $cell "
echo "trust-chain: ok"
