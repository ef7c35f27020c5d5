#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run by hand for now (no machines line): not yet seen passing. On a
# loaded machine Bochs spent over 25 minutes in signed.sh's RSA key
# generation alone, before the first cell; a key made outside the
# machine (--add) would make it fit make check.
# Signed sandbox cells on VT-x (Bochs, 2 CPUs; the cell takes CPU 1):
# sandbox-demo created, loaded, started and destroyed twice, with CPU 1
# back in Linux after each destroy; apic-demo; then isolation inmates
# (inmates/tests/x86/), each failed by the hypervisor or harmless, with
# Linux going on and a sentinel buffer in root memory unchanged.
# com2: sandbox-demo: sealed compute workload started
# com2: apic-demo: [0-9]+ ticks, jitter min -?[0-9]+ avg -?[0-9]+ max
set -eu
. tests/vm/lib/signed.sh
work=/tmp/vmx
mkdir -p $work
cell=sandbox-demo
sentinel=0x3c200000
fail() { echo "vmx-cells: FAIL: $*"; jailhouse console | tail -n 8; exit 1; }
online() { cat /sys/devices/system/cpu/online; }
state() {
	jailhouse cell list | sed -n "s/^[0-9]*  *$cell  *\(.*[^ ]\)  *1$/\1/p"
}
sentinel_bytes() {
	dd if=/dev/mem bs=4096 skip=$((sentinel / 4096)) count=1 2>/dev/null
}

# run IMAGE SECONDS [CMDLINE]: create, load the signed IMAGE (and its
# command line at 0x1000), start, let it run.
run() {
	jh-sign --cell $cell -o $work/run.bin "$1"
	jailhouse cell create $work/cell
	[ "$(online)" = 0 ] || fail "$1: online CPUs after create: $(online)"
	if [ -n "${3:-}" ]; then
		printf '%s' "$3" >$work/run.cmd
		jh-sign --cell $cell $work/run.cmd
		jailhouse cell load $cell $work/run.bin $work/run.cmd -a 0x1000
	else
		jailhouse cell load $cell $work/run.bin
	fi
	jailhouse cell start $cell
	sleep "$2"
}

# destroyed NAME: CPU 1 is Linux's again, the sentinel unchanged.
destroyed() {
	jailhouse cell destroy $cell
	[ "$(online)" = 0-1 ] || fail "$1: online CPUs after destroy: $(online)"
	sentinel_bytes | cmp -s - $work/sentinel ||
		fail "$1: the sentinel buffer at $sentinel changed"
	echo "vmx-cells: $1: ok"
}

signed_load_module
signed_enable
signed_policy
jh-sign -o $work/cell configs/x86/sandbox-demo-bochs.cell
head -c 4096 /dev/urandom >$work/sentinel
dd if=$work/sentinel of=/dev/mem bs=4096 seek=$((sentinel / 4096)) \
	conv=notrunc 2>/dev/null

for round in 1 2; do
	run inmates/demos/x86/sandbox-demo.bin 5
	[ "$(state)" = running ] || fail "sandbox-demo $round: '$(state)'"
	jailhouse cell stats $cell
	destroyed "sandbox-demo $round"
done

run inmates/demos/x86/apic-demo.bin 6
[ "$(state)" = running ] || fail "apic-demo: '$(state)'"
jailhouse cell shutdown $cell
destroyed apic-demo

for test in mem-write pio-denied msr-denied hypercall-root; do
	run inmates/tests/x86/$test.bin 3 "addr=$sentinel"
	[ "$(state)" = failed ] || fail "$test: state '$(state)'"
	destroyed $test
done

jailhouse disable
rmmod jailhouse
echo "vmx-cells: ok"
