# SPDX-License-Identifier: GPL-2.0
# Sourced by the DMA scenarios after edu.sh (dma-isolation on VT-d,
# dma-isolation-amdvi on AMD-Vi): interrupts of root devices driven from
# root user space through configuration space and the MSI-X table of
# QEMU's e1000e (00:02.0), to check the hypervisor's interrupt remapping.
# The scenario defines $msi (edu's MSI capability) before root_msi.
nic=/sys/bus/pci/devices/0000:00:02.0

# Configuration space of edu (or device $2): byte and dword at $1; $3
# bytes of value $2 at $1.
cfg8() { od -An -tu1 -j "$1" -N1 "${2:-$edu}/config" | tr -d ' '; }
cfg32() { od -An -tu4 -j "$1" -N4 "${2:-$edu}/config" | tr -d ' '; }
cfg_write() {
	v=$(($2)) o=""
	for i in $(seq "$3"); do
		o="$o$(printf '\\%03o' $((v & 255)))"
		v=$((v >> 8))
	done
	printf "$o" | dd of=$edu/config bs=1 seek=$(($1)) conv=notrunc 2>/dev/null
}

# Capability $1 of edu (or device $2) from its capability list, 0: none.
find_cap() {
	c=$(cfg8 0x34 "${2:-}")
	while [ "$c" != 0 ] && [ "$(cfg8 "$c" "${2:-}")" != "$1" ]; do
		c=$(cfg8 $((c + 1)) "${2:-}")
	done
	echo "$c"
}

# e1000e's MSI-X table (capability 0x11): Table BIR and offset, the BAR
# from sysfs.
msix_table() {
	c=$(find_cap 17 $nic)
	[ "$c" != 0 ] || return 1
	t=$(cfg32 $((c + 4)) $nic)
	echo $(($(sed -n "$((t % 8 + 1))p" $nic/resource | cut -d' ' -f1) +
		t - t % 8))
}

# The IOAPIC's interrupts so far, over every pin and CPU.
ioapic_irqs() {
	awk '/IO-APIC/ { for (i = 2; $i ~ /^[0-9]+$/; i++) n += $i }
	     END { print n + 0 }' /proc/interrupts
}

# e1000e's interrupts so far, over every CPU.
eth_irqs() {
	awk '/eth0/ { for (i = 2; $i ~ /^[0-9]+$/; i++) n += $i }
	     END { print n + 0 }' /proc/interrupts
}
link_ups() { dmesg | grep -c "eth0: NIC Link is Up" || true; }
link_up() { [ "$(link_ups)" -gt "$1" ]; }
pings() { ping -c 3 -W 2 10.0.2.2 >/dev/null; }

# root_msi APIC-ID: edu's 64-bit MSI at that CPU, vector 0xdf, raised.
root_msi() {
	cfg_write $((msi + 4)) $((0xfee00000 | $1 << 12)) 4
	cfg_write $((msi + 8)) 0 4
	cfg_write $((msi + 12)) 0xdf 2
	cfg_write $((msi + 2)) 1 2
	reg 0x60 1
	sleep 0.5
	reg 0x64 1
}


# The root's MSI (edu) and MSI-X entry 4 (e1000e) aimed at the sandbox's
# CPU 3 are refused and logged, the MSI-X entry reads back as written;
# the MSI aimed at the root's CPU 2 arrives. Sets $msi; the scenario
# defines fail and $name.
check_root_msis() {
	msi=$(find_cap 5)
	[ "$msi" != 0 ] || fail "edu has no MSI capability"
	root_msi 2
	dmesg | grep -q "2\.223 No irq handler" ||
		fail "root MSI to CPU 2 did not arrive: $(dmesg | tail -n 3)"
	root_msi 3
	jailhouse console |
		grep -q "qemu-linux\": MSI of 00:03.0, address 0xfee03000 data 0xdf, refused" ||
		fail "root MSI aimed at the sandbox's CPU 3 not refused"
	dmesg | grep -q "3\.223 No irq handler" && fail "root MSI reached CPU 3"
	cfg_write $((msi + 2)) 0 2
	echo "$name: root MSI reaches CPU 2, refused for the sandbox's CPU 3"
	table=$(msix_table) || fail "e1000e has no MSI-X capability"
	entry4=$((table + 64))
	devmem $entry4 32 0xfee03000
	devmem $((entry4 + 8)) 32 0xde
	jailhouse console |
		grep -q "qemu-linux\": MSI-X entry 4 of 00:02.0, address 0xfee03000 data .*refused" ||
		fail "root MSI-X entry aimed at the sandbox's CPU 3 not refused"
	[ $(($(devmem $entry4 32))) = $((0xfee03000)) ] ||
		fail "MSI-X entry 4 reads $(devmem $entry4 32), not as written"
	devmem $entry4 32 0
	echo "$name: root MSI-X entry aimed at the sandbox's CPU 3 refused"
}
