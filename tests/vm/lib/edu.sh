# SPDX-License-Identifier: GPL-2.0
# Sourced by the DMA scenarios (dma-isolation on VT-d, dma-isolation-amdvi
# on AMD-Vi): QEMU's edu device (00:03.0) copying pages by DMA, driven
# from root user space through its BAR0 (0x80 source, 0x88 destination,
# 0x90 count, 0x98 command; its buffer is at device address 0x40000;
# QEMU 7.2 stops the machine for a transfer that ends at the buffer's
# end, so every one here moves the first 2 KiB of a page). The scenario
# defines fail(), $work and $name (its own, for messages).
edu=/sys/bus/pci/devices/0000:00:03.0
hv=0x3b000000			# hypervisor memory: its image header
hv_last=0x3bfff000		# its last page
cell_ram=0x3c000000		# sandbox-demo's RAM, guest address 0
src=0x3e000000			# root memory: the cell reservation, unused
dst=0x3e001000

edu_bar() { echo $(($(head -n 1 $edu/resource | cut -d' ' -f1))); }
reg() { devmem $(($(edu_bar) + $1)) 32 "$2"; }

# dma FROM TO CMD: copy 2 KiB, RAM to edu (CMD 1) or edu to RAM (3).
dma() {
	reg 0x80 "$1"
	reg 0x88 "$2"
	reg 0x90 2048
	reg 0x98 "$3"
	i=0
	while [ $(($(devmem $(($(edu_bar) + 0x98)) 32) & 1)) = 1 ]; do
		i=$((i + 1))
		[ $i -lt 100 ] || fail "edu DMA $1 -> $2 never ended"
		sleep 0.1
	done
}

# copy FROM TO: FROM -> edu -> TO
copy() {
	dma "$1" 0x40000 1
	dma 0x40000 "$2" 3
}

# The first 2 KiB of the page at $1; writing: the whole page.
page() { dd if=/dev/mem bs=2048 skip=$(($1 / 2048)) count=1 2>/dev/null; }
put_page() {
	dd of=/dev/mem bs=4096 seek=$(($1 / 4096)) conv=notrunc 2>/dev/null
}

# Memory decoding and bus mastering on (no driver binds edu).
edu_master() {
	printf '\006\000' | dd of=$edu/config bs=1 seek=4 conv=notrunc 2>/dev/null
}

# root_dma_works WHEN: a random page of root memory copied by edu arrives.
root_dma_works() {
	head -c 4096 /dev/urandom >$work/page
	put_page $src <$work/page
	head -c 2048 $work/page >$work/pattern
	copy $src $dst
	page $dst | cmp -s - $work/pattern || fail "root DMA $1: copy differs"
	echo "$name: root DMA $1: ok"
}

# The root reads the hypervisor's image header by DMA: it must not arrive.
hv_read_blocked() {
	copy $hv $dst
	page $dst | grep -q JAILHOUS && fail "edu read the hypervisor's memory"
	true
}

# The root reads the RAM of the running sandbox-demo: it must not arrive.
cell_read_blocked() {
	head -c 2048 inmates/demos/x86/sandbox-demo.bin >$work/image
	copy $cell_ram $dst
	page $dst | cmp -s - $work/image && fail "edu read the sandbox's RAM"
	true
}
