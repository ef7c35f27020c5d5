#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# A cell named and configured as Jailhouse's ioapic-demo (one CPU, the
# ACPI SCI's IOAPIC pin 9, the PM1 event ports 0x600-0x603), admitted by
# the shipped policy/jailhouse-demos.pol, whose class lets it take the
# pin Linux's ACPI driver holds (root-irqs) and takes an unsigned string
# (cell load -s). The strict sandbox policy refuses it. Its inmate,
# inmates/tests/x86/acpi-sci, programs the pin through the IOAPIC as
# Jailhouse's library does and must receive two level-triggered SCIs
# from the PM timer, each acknowledged in PM1 status. Destroy gives the
# CPU back.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
work=/tmp/ioapic
mkdir -p $work
fail() { echo "cell-ioapic: FAIL: $*"; jailhouse console | tail -n 8; exit 1; }

cat >$work/ioapic.conf <<CONF
cell:
  name: "ioapic-demo"
  flags: [virtual-console-permitted, virtual-console-active]
  cpus: [2]
  memory:
    - {phys: 0x3c800000, virt: 0, size: 1M,
       flags: [read, write, execute, loadable]}
    - {virt: 0x100000, size: 4K, flags: [read, write, comm-region]}
  pio:
    - {base: 0x600, length: 4}
  ioapic-pins:
    - {ioapic: 0, pins: [9]}
CONF

signed_load_module
signed_enable
jh-config build $work/ioapic.conf -o $work/ioapic.cell
jh-sign $work/ioapic.cell
jh-sign --cell ioapic-demo -o $work/acpi-sci.bin inmates/tests/x86/acpi-sci.bin
signed_policy
jailhouse cell create $work/ioapic.cell 2>/dev/null &&
	fail "the sandbox policy admitted ioapic-demo"
jh-sign -o $work/demos.pol policy/jailhouse-demos.pol
jailhouse policy load $work/demos.pol
jailhouse cell create $work/ioapic.cell
jailhouse cell load ioapic-demo $work/acpi-sci.bin -s "count=2" -a 0x1000
jailhouse cell start ioapic-demo
has_result() { jailhouse console | grep -q "acpi-sci: Test result"; }
wait_until 20 has_result || fail "no result from acpi-sci"
jailhouse console | grep "acpi-sci:"
jailhouse console | grep -q "acpi-sci: Test result: SUCCESS" ||
	fail "acpi-sci did not succeed"
jailhouse cell destroy ioapic-demo
[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] ||
	fail "online CPUs after destroy: $(cat /sys/devices/system/cpu/online)"
jailhouse disable
rmmod jailhouse
echo "cell-ioapic: ok"
