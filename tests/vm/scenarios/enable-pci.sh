#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The root cell under PCI and IOAPIC mediation (docs/isolation.md, "PCI"
# and "IOAPIC"): every device's whole configuration space (by ports and,
# past 256 bytes, by MMCONFIG) reads as before enabling; moving an
# interrupt to another CPU rewrites its IOAPIC entry, and the interrupt
# then arrives there; a sandbox cell that claims a device takes it from
# Linux's view (all ones) and gives it back at destroy, bus mastering
# stopped at each hand-over.
set -e
. tests/vm/lib/signed.sh
fail() { echo "enable-pci: FAIL: $*"; jailhouse console | tail -n 8; exit 1; }
smbus=/sys/bus/pci/devices/0000:00:1f.3/config

config_sums() {
	for dev in /sys/bus/pci/devices/*; do
		echo "$(basename $dev) $(sha256sum <$dev/config)"
	done
}

vendor_device() { od -An -tx4 -N4 $smbus | tr -d ' '; }
command_low() { od -An -tx1 -j4 -N1 $smbus | tr -d ' '; }

# IRQ 4 (COM1, IOAPIC pin 4) interrupts taken by CPU $1 so far.
com1_irqs_on() {
	awk -v col=$(($1 + 2)) '$1 == "4:" { print $col }' /proc/interrupts
}

config_sums >/tmp/before
head -c 600 /sys/bus/pci/devices/0000:00:02.0/config | wc -c |
	grep -q 600 || fail "no extended configuration space to compare"
signed_load_module
signed_enable
# What pci-demo may have: the shipped sandbox policy admits no SMBus
# controller, and no device without an IOMMU.
cat >/tmp/pci.policy <<'POLICY'
classes:
  - name: pci-demo
    cells: ["pci-demo"]
    max-memory: 2M
    max-cpus: 1
    pci-allow: ["0c05", "ff"]
    root-shared: false
    iommu-required: false
    min-security-version: 1
POLICY
jh-policy compile /tmp/pci.policy -o /tmp/pci.pol
jh-sign /tmp/pci.pol
jailhouse policy load /tmp/pci.pol
jh-sign -o /tmp/pci-demo.cell configs/x86/pci-demo.cell
jh-sign --cell pci-demo -o /tmp/pci-cfg.bin inmates/tests/x86/pci-cfg.bin

config_sums >/tmp/after
cmp /tmp/before /tmp/after || {
	diff /tmp/before /tmp/after
	fail "configuration space reads differently under the hypervisor"
}

echo 2 >/proc/irq/4/smp_affinity || fail "IRQ 4 cannot move to CPU 1"
before=$(com1_irqs_on 1)
for i in 1 2 3 4 5 6 7 8; do
	echo "enable-pci: interrupt-driven output line $i" >/dev/ttyS0
done
sleep 1
[ "$(com1_irqs_on 1)" -gt "$before" ] ||
	fail "COM1's interrupt did not reach CPU 1 ($before before)"
echo f >/proc/irq/4/smp_affinity

id=$(vendor_device)
[ "$id" != ffffffff ] || fail "00:1f.3 absent before the cell"
# Linux lets 00:1f.3 master the bus; the hand-over must stop that.
printf '\007' | dd of=$smbus bs=1 seek=4 conv=notrunc 2>/dev/null
[ "$(command_low)" = 07 ] || fail "00:1f.3 command reads $(command_low)"
jailhouse cell create /tmp/pci-demo.cell
[ "$(vendor_device)" = ffffffff ] ||
	fail "root still sees 00:1f.3 ($(vendor_device)) while the cell has it"
printf 'own=0xfb' >/tmp/pci-cfg.cmd
jh-sign --cell pci-demo /tmp/pci-cfg.cmd
jailhouse cell load pci-demo /tmp/pci-cfg.bin /tmp/pci-cfg.cmd -a 0x1000
jailhouse cell start pci-demo
sleep 2
jailhouse cell list | grep -q "pci-demo *running" ||
	fail "pci-demo: $(jailhouse cell list | grep pci-demo)"
jailhouse cell destroy pci-demo
[ "$(vendor_device)" = "$id" ] ||
	fail "00:1f.3 reads $(vendor_device) after destroy, $id before"
[ "$(command_low)" = 03 ] ||
	fail "00:1f.3 command $(command_low) after the hand-overs, not 03"

jailhouse console | grep -q "pci-cfg: Test result: SUCCESS" ||
	fail "pci-cfg did not report success"
if jailhouse console | grep "refused\|not emulated\|FAILED"; then
	fail "one of Linux's own device accesses was refused"
fi

# The same cell with an ivshmem device (class 0xff, which the policy
# admits) that signals by INTx: the hypervisor emulates MSI-X only and
# refuses the cell (tests/vm/scenarios/cell-ivshmem.sh runs ivshmem).
{ jh-config show configs/x86/pci-demo.cell | sed '/^  pci:/,$d'
  cat <<'IVSHMEM'
    - {phys: 0x3c200000, size: 4K, flags: [read]}
    - {phys: 0x3c201000, size: 8K, flags: [read, write]}
    - {phys: 0x3c203000, size: 4K, flags: [read, write]}
    - {phys: 0x3c204000, size: 4K, flags: [read]}
  pci:
    - {bdf: "01:0e.0", type: ivshmem, class: 0xff0000, shmem-regions: 2,
       shmem-id: 0, shmem-peers: 2, shmem-vectors: 0}
IVSHMEM
} >/tmp/ivshmem.conf
jh-config build /tmp/ivshmem.conf -o /tmp/ivshmem.unsigned
jh-sign -o /tmp/ivshmem.cell /tmp/ivshmem.unsigned
if jailhouse cell create /tmp/ivshmem.cell 2>/tmp/ivshmem.err; then
	fail "a cell with an INTx ivshmem device was created"
fi
grep -q "Invalid argument" /tmp/ivshmem.err ||
	fail "ivshmem cell: $(cat /tmp/ivshmem.err)"
jailhouse console | grep -q \
	'Cell "pci-demo" refused: PCI device 0: ivshmem without MSI-X' ||
	fail "no ivshmem refusal in the hypervisor's log"
[ "$(jailhouse cell list | wc -l)" = 1 ] || fail "ivshmem cell listed"
jailhouse disable
config_sums >/tmp/after
cmp /tmp/before /tmp/after || fail "configuration space changed by disable"
rmmod jailhouse
echo "enable-pci: ok"
