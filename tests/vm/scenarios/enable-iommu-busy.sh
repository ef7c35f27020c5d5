#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# linux-append: intremap=on
# Linux that keeps the VT-d unit's interrupt remapping (intel_iommu=off
# alone, as it does to run the x2APIC) still has it after a refused
# enable: the hypervisor names the reason and the boot option, takes
# nothing, and Linux's remapped interrupts (the UART's, the timer's) go
# on arriving.
set -e
. tests/vm/lib/signed.sh
fail() { echo "enable-iommu-busy: FAIL: $*"; exit 1; }

dmesg | grep -q "DMAR-IR: Enabled IRQ remapping" ||
	fail "Linux did not keep interrupt remapping (intremap=on)"
signed_load_module
if signed_enable 2>/tmp/enable.err; then
	jailhouse disable
	fail "enabled with the unit's interrupt remapping in Linux's hands"
fi
grep -q "Device or resource busy" /tmp/enable.err ||
	fail "enable refused for another reason: $(cat /tmp/enable.err)"
jailhouse console | grep -q "VT-d unit 0: interrupt remapping in use by Linux (boot it with intremap=off" ||
	fail "the hypervisor did not name the reason"
test "$(jailhouse cell list | wc -l)" -le 1 || fail "a cell is left"

# Remapped interrupts still arrive: the timer ticks and the IR-capable
# IOAPIC keeps delivering (sleep needs the first, this console the second).
irqs() { awk '/IR-IO-APIC/ { n += $2 + $3 + $4 + $5 } END { print n }' /proc/interrupts; }
before=$(irqs)
sleep 1
echo "enable-iommu-busy: Linux goes on"
after=$(irqs)
[ "$after" -gt "$before" ] || fail "no IOAPIC interrupt after the refusal"
rmmod jailhouse
echo "enable-iommu-busy: ok"
