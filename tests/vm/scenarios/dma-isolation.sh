#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# DMA isolation by VT-d (docs/isolation.md, "DMA"), with QEMU's edu
# device (00:03.0), a root cell device whose DMA engine user space drives
# through its BAR0 (0x80 source, 0x88 destination, 0x90 count, 0x98
# command; its buffer is at device address 0x40000; QEMU 7.2 stops the
# machine for a transfer that ends at the buffer's end, so every one
# here moves the first 2 KiB of a page). With the hypervisor
# enabled, edu's DMA reaches root memory; reading the hypervisor's memory
# (its image header), writing it, and reading or writing the RAM of a
# running sandbox cell are blocked, each fault logged with device,
# address and cell and counted in the root's dma_faults; the sandbox
# goes on running, and root DMA still works afterwards. Then edu goes to
# the edu-dma cell (here on two CPUs), whose inmate copies within its own
# RAM by DMA (works) and then aims edu at root memory: blocked, the cell
# failed, root memory unchanged, the fault counted in the cell's stats;
# a failed cell stays failed until destroyed: `cell load` and `cell
# start` are refused, naming why, and no CPU of it runs again; back in
# the root cell after destroy, edu's DMA works for Linux again. Interrupt
# remapping: root user space aims edu's MSI at CPU 2 (vector 0xdf, which
# no Linux driver uses: the kernel logs it) and has edu raise it: it
# arrives; aimed at CPU 3 while the sandbox holds it, the message is
# refused and logged, and the sandbox goes on. Last, the same cell runs
# edu-msi, which sizes edu's BAR0 (the mask, the BAR unmoved), aims
# edu's MSI at its own CPU (the hypervisor turns the message into a
# remapping entry) and counts the interrupts edu raises, then aims it at
# CPU 0, the root cell's: refused, the cell failed; edu works for Linux
# after destroy. MSI-X, with QEMU's e1000e (00:02.0, no driver bound at
# enable): its table is intercepted at enable and compatibility-format
# interrupts blocked; root user space aims table entry 4 (which the
# driver leaves unused) at the sandbox's CPU 3: refused and logged, the
# entry reads back as written; then Linux's e1000e driver sets up MSI-X
# under the hypervisor, and pinging QEMU's user network raises its
# interrupts. Last, e1000e goes to the e1000e-msix cell, whose
# msix-entry inmate aims a table entry at its own CPU (kept, read back)
# and one at CPU 0, the root's: refused, the cell failed; back in the
# root cell, Linux's driver sets the NIC up again and it works; after
# disable too, natively.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
. tests/vm/lib/edu.sh
. tests/vm/lib/msi.sh
name=dma-isolation
work=/tmp/dma
mkdir -p $work
cell=sandbox-demo
fail() {
	echo "dma-isolation: FAIL: $*"
	jailhouse console | tail -n 8
	exit 1
}
state() {
	jailhouse cell list | sed -n "s/^[0-9]*  *$cell  *\(.*[^ ]\)  *3$/\1/p"
}

# run_to_failure CELL NAME IMAGE TEST: create cell NAME from the signed
# config CELL, load IMAGE, start it; TEST must fail it.
run_to_failure() {
	jailhouse cell create "$1"
	jailhouse cell load "$2" "$3"
	jailhouse cell start "$2"
	wait_until 30 cell_in_state "$2" failed ||
		fail "$4: not failed: $(jailhouse cell list)"
}

# logged OWNER ACCESS ADDRESS: the console has edu's fault.
logged() {
	jailhouse console |
		grep -q "DMA fault: device 00:03.0, $2 at $3, .*cell \"$1\""
}

# The fault of the last attack, found once the hypervisor polls (at
# every management hypercall: here GET_INFO).
faulted() {
	jailhouse hypervisor info >/dev/null
	logged qemu-linux "$1" "$2" || fail "no fault logged for the $1 at $2"
	echo "dma-isolation: $1 at $2 blocked and logged"
}

edu_master

signed_load_module
signed_enable
signed_policy
jailhouse console | grep -q "MSI-X: 00:02.0: 5 entries at .* intercepted" ||
	fail "e1000e's MSI-X table not intercepted"
jailhouse console |
	grep -q "MSI and MSI-X entry remapped, compatibility format blocked" ||
	fail "compatibility-format interrupts not blocked"
echo "dma-isolation: e1000e's MSI-X table intercepted, compatibility format blocked"
root_dma_works "before the attacks"

hv_read_blocked
faulted read $hv
dma 0x40000 $hv_last 3
faulted write $hv_last

jh-sign -o $work/cell configs/x86/sandbox-demo.cell
jh-sign --cell $cell -o $work/demo.bin inmates/demos/x86/sandbox-demo.bin
jailhouse cell create $work/cell
jailhouse cell load $cell $work/demo.bin
jailhouse cell start $cell
sleep 1
cell_read_blocked
faulted read $cell_ram
check_root_msis
insmod /lib/modules/e1000e.ko
ifconfig eth0 10.0.2.15 netmask 255.255.255.0 up ||
	fail "e1000e: no eth0"
wait_until 30 link_up 0 || fail "e1000e: no link under the hypervisor"
grep -q "eth0-rx-0" /proc/interrupts || fail "e1000e: not in MSI-X mode"
irqs=$(eth_irqs)
pings || fail "e1000e: no ping replies under the hypervisor"
[ "$(eth_irqs)" -gt "$irqs" ] || fail "e1000e: no interrupts while pinging"
echo "dma-isolation: e1000e under the hypervisor: MSI-X interrupts $irqs -> $(eth_irqs), ping ok"
dma 0x40000 $((cell_ram + 0x80000)) 3
faulted write 0x3c080000
[ "$(state)" = running ] || fail "sandbox state '$(state)' after the attacks"
root_dma_works "after the attacks"

faults=$(jailhouse hypervisor info | sed -n 's/^dma_faults *\([0-9]*\).*/\1/p')
[ "${faults:-0}" -ge 4 ] || fail "root's dma_faults: '$faults', expected 4"
echo "dma-isolation: root's dma_faults: $faults"
jailhouse cell destroy $cell

# What edu-dma and e1000e-msix may have: the shipped policy admits network
# devices only, and without an IOMMU.
cat >$work/edu.policy <<'POLICY'
classes:
  - name: edu-dma
    cells: ["edu-dma"]
    max-memory: 2M
    max-cpus: 2
    pci-allow: ["00ff"]
    root-shared: false
    iommu-required: true
    min-security-version: 1
  - name: e1000e-msix
    cells: ["e1000e-msix"]
    max-memory: 2M
    max-cpus: 1
    pci-allow: ["0200"]
    root-shared: false
    iommu-required: true
    min-security-version: 1
POLICY
jh-policy compile $work/edu.policy -o $work/edu.pol
jh-sign $work/edu.pol
jailhouse policy load $work/edu.pol
jh-sign -o $work/edu.cell configs/x86/edu-dma.cell
jh-config show configs/x86/edu-dma.cell |
	sed 's/^\( *cpus:\).*/\1 [1, 2]/' >$work/edu2.conf
jh-config build $work/edu2.conf -o $work/edu2.unsigned
jh-sign -o $work/edu2.cell $work/edu2.unsigned
jh-sign --cell edu-dma -o $work/edu-dma.bin inmates/tests/x86/edu-dma.bin
root_target=0x3e002000
head -c 4096 /dev/urandom >$work/sentinel
put_page $root_target <$work/sentinel
head -c 2048 $work/sentinel >$work/sentinel.half
run_to_failure $work/edu2.cell edu-dma $work/edu-dma.bin edu-dma
jailhouse console | grep -q "edu-dma: DMA within the cell's RAM works" ||
	fail "edu-dma: no DMA within its own RAM"
logged edu-dma write $root_target ||
	fail "edu-dma: no fault logged for its write to root memory"
jailhouse cell stats edu-dma | grep -q "^dma_faults  *1" ||
	fail "edu-dma: dma_faults: $(jailhouse cell stats edu-dma | grep dma)"
page $root_target | cmp -s - $work/sentinel.half ||
	fail "edu-dma: root memory at $root_target changed"
echo "dma-isolation: edu-dma: own RAM by DMA, root RAM blocked, cell failed"
jailhouse cell load edu-dma $work/edu-dma.bin &&
	fail "edu-dma: a failed cell was loaded"
jailhouse cell start edu-dma && fail "edu-dma: a failed cell was started"
dmesg | grep -q "edu-dma.*load: the cell failed" ||
	fail "edu-dma: the loader did not say why: $(dmesg | tail -n 2)"
sleep 1
cell_in_state edu-dma failed ||
	fail "edu-dma: not failed after load and start: $(jailhouse cell list)"
[ "$(jailhouse console | grep -c 'Cell "edu-dma" started')" = 1 ] ||
	fail "edu-dma: the failed cell started again"
echo "dma-isolation: edu-dma: failed on two CPUs, load and start refused"
jailhouse cell destroy edu-dma
edu_master
root_dma_works "with edu back from the cell"

jh-sign --cell edu-dma -o $work/edu-msi.bin inmates/tests/x86/edu-msi.bin
run_to_failure $work/edu.cell edu-dma $work/edu-msi.bin edu-msi
# Without the name: the cell's first line could interleave with the
# hypervisor's "started" (seen: 'edu-Cell "edu-dma" started', 'msi: BAR0';
# start now logs before the CPUs run), and still can with a message of
# another CPU.
jailhouse console | grep -q "BAR0 0xfea00000 sized: mask 0xfff00000" ||
	fail "edu-msi: the cell could not size its BAR"
jailhouse console | grep -q "edu-msi: 5 MSIs on APIC id 1" ||
	fail "edu-msi: the cell's MSIs did not arrive on its CPU"
jailhouse console | grep -q "edu-dma\": MSI of 00:03.0, address 0xfee00000 .*refused" ||
	fail "edu-msi: MSI aimed at a root CPU not refused"
echo "dma-isolation: edu-msi: MSIs on the cell's CPU, root CPU refused"
jailhouse cell destroy edu-dma
edu_master
root_dma_works "with edu back from the MSI cell"

# e1000e to the e1000e-msix cell (Linux's driver lets go of it first):
# entry 0 at its own CPU gets the NIC's interrupts, entry 1 at a root
# CPU fails the cell;
# back in the root cell, Linux's driver sets the NIC up again.
links=$(link_ups)
echo 0000:00:02.0 >/sys/bus/pci/drivers/e1000e/unbind
jh-sign -o $work/nic.cell configs/x86/e1000e-msix.cell
jh-sign --cell e1000e-msix -o $work/msix-entry.bin \
	inmates/tests/x86/msix-entry.bin
run_to_failure $work/nic.cell e1000e-msix $work/msix-entry.bin msix-entry
jailhouse console | grep -q "msix-entry: entry 0 aimed at APIC id 1" ||
	fail "msix-entry: the cell could not aim an entry at its own CPU"
jailhouse console | grep -qE "msix-entry: [0-9]+ MSI-X interrupts on APIC id 1" ||
	fail "msix-entry: the NIC's MSI-X interrupts did not arrive"
jailhouse console |
	grep -q "e1000e-msix\": MSI-X entry 1 of 00:02.0, address 0xfee00000 .*refused" ||
	fail "msix-entry: entry aimed at a root CPU not refused"
echo "dma-isolation: msix-entry: MSI-X interrupts on the cell's CPU, root CPU refused"
jailhouse cell destroy e1000e-msix
echo 0000:00:02.0 >/sys/bus/pci/drivers/e1000e/bind
ifconfig eth0 10.0.2.15 netmask 255.255.255.0 up ||
	fail "e1000e: no eth0 after the cell"
wait_until 30 link_up "$links" || fail "e1000e: no link after the cell"
irqs=$(eth_irqs)
pings || fail "e1000e: no ping replies after the cell"
[ "$(eth_irqs)" -gt "$irqs" ] || fail "e1000e: no interrupts after the cell"
echo "dma-isolation: e1000e back from the cell: MSI-X interrupts and ping ok"
jailhouse disable
pings || fail "e1000e: no ping replies after disable"
jailhouse console | grep "MSI-X: .* table exits" | tail -n 1
rmmod jailhouse
echo "dma-isolation: ok"
