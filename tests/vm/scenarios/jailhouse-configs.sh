#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# A Jailhouse user's path with Jailhouse's own config format: binary
# configs of revision 14 shaped like every x86 config Jailhouse ships
# (tests/jh14, from tests/unit/jh14-write) are imported with `jh-config
# import`, each demo cell passes `jh-config check` with the system
# config (they overlap one another, as Jailhouse's do), and the imported qemu-x86 system config enables the
# hypervisor with signatures enforced. Under it, as under Jailhouse's, the
# root cell has no COM1: Linux's console writes are dropped while it runs,
# so this scenario logs to a file and prints it after disable. The
# imported tiny-demo, apic-demo and smp-demo cells, admitted by
# policy/jailhouse-demos.pol, run our inmates on COM1, their console.
# com1: tiny-demo: console type [0-9]+ at 0x3f8
# com1: apic-demo: [0-9]+ ticks, jitter
# com1: smp-start: boot CPU [0-9]+, 3 of 3 CPUs arrived
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
work=/tmp/jh14
log=$work/log
mkdir -p $work
# The imported demo cells that run, each as CELL:INMATE (under inmates/).
demos="tiny-demo:demos/x86/tiny-demo apic-demo:demos/x86/apic-demo
	smp-demo:tests/x86/smp-start"

# Once enabled, the console is not Linux's: the scenario's output goes to
# $log (fd 3 keeps the console) until disable, then it is printed.
exec 3>&1
finish() {
	status=$1
	shift
	if [ -n "${enabled:-}" ]; then
		for d in $demos; do
			jailhouse cell destroy ${d%:*} >/dev/null 2>&1 || true
		done
		jailhouse disable || status=1
		exec >&3 2>&3
		cat $log
	fi
	echo "jailhouse-configs: $*"
	exit $status
}
fail() { dmesg | tail -n 5; finish 1 "FAIL: $*"; }

for shape in tests/jh14/*.bin; do
	name=$(basename $shape .bin)
	jh-config import $shape -o $work/$name.cell || fail "import $name"
done
for c in tiny-demo apic-demo smp-demo ioapic-demo ivshmem-demo; do
	jh-config check $work/qemu-x86.cell $work/$c.cell || fail "check $c"
done

signed_load_module
jh-sign /lib/firmware/jailhouse.bin
jh-sign $work/qemu-x86.cell
jh-sign -o $work/demos.pol policy/jailhouse-demos.pol
for d in $demos; do
	jh-sign $work/${d%:*}.cell
	jh-sign --cell ${d%:*} -o $work/${d%:*}.bin inmates/${d#*:}.bin
done

jailhouse enable $work/qemu-x86.cell >$log 2>&1 ||
	{ cat $log; fail "enable"; }
enabled=1
exec >>$log 2>&1
jailhouse policy load $work/demos.pol || fail "policy load"

# run CELL: create, load, start. The cell prints on COM1, which only the
# harness reads (the com1 lines above); give it 3 s, then it must still
# be running.
run() {
	jailhouse cell create $work/$1.cell || fail "$1: create"
	jailhouse cell load $1 $work/$1.bin || fail "$1: load"
	jailhouse cell start $1 || fail "$1: start"
	sleep 3
	cell_in_state $1 running || fail "$1: $(jailhouse cell list)"
}
# One after the other: they share COM1 and RAM, which two cells never do
# at once here (docs/inmates.md).
for d in $demos; do
	run ${d%:*}
	jailhouse cell destroy ${d%:*} || fail "${d%:*}: destroy"
done
[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] ||
	fail "online CPUs: $(cat /sys/devices/system/cpu/online)"
finish 0 ok
