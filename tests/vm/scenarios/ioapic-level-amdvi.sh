#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu-amdvi
# A level-triggered root IOAPIC pin under AMD-Vi interrupt remapping
# (docs/isolation.md, "AMD-Vi"): Linux's e1000e driver in INTx mode
# (IntMode=0: PCI pin, GSI 22, level) gets interrupts while pinging,
# many, not one. The pin's hardware entry carries the remapping index as
# its vector and QEMU delivers the remapped interrupt as edge, so Linux
# ends each with a directed EOI naming its own vector, which the
# hypervisor sends to the pin by the vector the hardware holds; written
# through untranslated (before that), Remote IRR stayed set after the
# first interrupt and no ping was answered.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
. tests/vm/lib/edu.sh
. tests/vm/lib/msi.sh
name=ioapic-level-amdvi
fail() {
	echo "$name: FAIL: $*"
	jailhouse console | tail -n 8
	exit 1
}

signed_load_module
signed_enable
jailhouse console | grep -q "DMA and interrupt remapping on" ||
	fail "AMD-Vi interrupt remapping not on"
insmod /lib/modules/e1000e.ko IntMode=0
ifconfig eth0 10.0.2.15 netmask 255.255.255.0 up || fail "e1000e: no eth0"
wait_until 30 link_up 0 || fail "e1000e: no link under the hypervisor"
grep -q "IO-APIC.*fasteoi *eth0" /proc/interrupts ||
	fail "e1000e not on a level-triggered IOAPIC pin: $(grep eth0 /proc/interrupts)"
irqs=$(eth_irqs)
pings || fail "no ping replies: $(grep eth0 /proc/interrupts)"
pings || fail "no ping replies the second time: $(grep eth0 /proc/interrupts)"
[ "$(eth_irqs)" -gt $((irqs + 3)) ] ||
	fail "e1000e: $irqs -> $(eth_irqs) interrupts while pinging"
echo "$name: level-triggered pin: $irqs -> $(eth_irqs) interrupts, pings answered"
jailhouse disable
pings || fail "no ping replies after disable"
echo "$name: ok"
