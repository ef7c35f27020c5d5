#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# A Jailhouse user's path with Jailhouse's own config format: binary
# configs of revision 14 shaped like every x86 config Jailhouse ships
# (tests/jh14, from tests/unit/jh14-write) are imported with `jh-config
# import`, the system config and its demo cells pass `jh-config check`
# together, and the imported qemu-x86 system config enables the
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

# Once enabled, say nothing on the console: disable, then report.
finish() {
	status=$1
	shift
	for c in tiny-demo apic-demo smp-demo; do
		jailhouse cell destroy $c >/dev/null 2>&1 || true
	done
	jailhouse disable || status=1
	exec >&3 2>&3
	cat $log
	echo "jailhouse-configs: $*"
	exit $status
}
fail() { dmesg | tail -n 5; finish 1 "FAIL: $*"; }

for shape in tests/jh14/*.bin; do
	name=$(basename $shape .bin)
	jh-config import $shape -o $work/$name.cell ||
		{ echo "jailhouse-configs: FAIL: import $name"; exit 1; }
done
# The demo cells overlap one another (as Jailhouse's do): each is checked
# against the system config alone.
for c in tiny-demo apic-demo smp-demo ioapic-demo ivshmem-demo; do
	jh-config check $work/qemu-x86.cell $work/$c.cell ||
		{ echo "jailhouse-configs: FAIL: check $c"; exit 1; }
done

signed_load_module
jh-sign /lib/firmware/jailhouse.bin
jh-sign $work/qemu-x86.cell
jh-sign -o $work/demos.pol policy/jailhouse-demos.pol
for c in tiny-demo apic-demo smp-demo; do
	jh-sign $work/$c.cell
done
jh-sign --cell tiny-demo -o $work/tiny.bin inmates/demos/x86/tiny-demo.bin
jh-sign --cell apic-demo -o $work/apic.bin inmates/demos/x86/apic-demo.bin
jh-sign --cell smp-demo -o $work/smp.bin inmates/tests/x86/smp-start.bin

jailhouse enable $work/qemu-x86.cell >$log 2>&1 ||
	{ cat $log; echo "jailhouse-configs: FAIL: enable"; exit 1; }
exec 3>&1 >>$log 2>&1
jailhouse policy load $work/demos.pol || fail "policy load"

# run CELL IMAGE: create, load, start; running once its console spoke.
run() {
	jailhouse cell create $work/$1.cell || fail "$1: create"
	jailhouse cell load $1 $work/$2 || fail "$1: load"
	jailhouse cell start $1 || fail "$1: start"
	sleep 3
	cell_in_state $1 running || fail "$1: $(jailhouse cell list)"
}
# One after the other: they share COM1 and RAM, which two cells never do
# at once here (docs/inmates.md).
for c in tiny-demo:tiny.bin apic-demo:apic.bin smp-demo:smp.bin; do
	run ${c%:*} ${c#*:}
	jailhouse cell destroy ${c%:*} || fail "${c%:*}: destroy"
done
[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] ||
	fail "online CPUs: $(cat /sys/devices/system/cpu/online)"
finish 0 ok
