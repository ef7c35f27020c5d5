# SPDX-License-Identifier: GPL-2.0
# Sourced by VM scenarios that boot the sandbox guest (guest/: bzImage,
# initramfs.cpio.gz) in a Linux cell with `jailhouse cell linux`, after
# signed.sh. docs/linux-cells.md says what each piece is.

# The guest's console: COM2 at 0x2f8 (legacy UART 1), early output too.
# tsc=reliable: under an emulator the TSC and the APIC timer drift apart
# and the clocksource watchdog would take the TSC away.
LINUX_CMDLINE="console=ttyS1,115200 earlyprintk=serial,ttyS1,115200 io_delay=none tsc=reliable"

# linux_sign CELL DIR [CMDLINE]: sign the guest kernel, the initramfs, the
# command line (a file) and the linux-loader for cell CELL into DIR.
linux_sign() {
	mkdir -p "$2"
	printf '%s\n' "${3:-$LINUX_CMDLINE}" >"$2/cmdline.txt"
	jh-sign --cell "$1" -o "$2/bzImage" /jailhouse/guest/bzImage &&
	jh-sign --cell "$1" -o "$2/initramfs" \
		/jailhouse/guest/initramfs.cpio.gz &&
	jh-sign --cell "$1" -o "$2/cmdline" "$2/cmdline.txt" &&
	jh-sign --cell "$1" -o "$2/loader.bin" \
		/jailhouse/inmates/tools/x86/linux-loader.bin
}

# linux_boot CELL.cell DIR: create, load and start the Linux cell with
# what linux_sign put in DIR.
linux_boot() {
	jailhouse cell linux "$1" "$2/bzImage" -i "$2/initramfs" \
		-C "$2/cmdline" -l "$2/loader.bin"
}

# row_sum ROW: the counter table on stdin (`jailhouse cell stats`,
# `jailhouse hypervisor info`), row ROW summed over its CPUs.
row_sum() {
	awk -v row="$1" '$1 == row { for (i = 2; i <= NF; i++) s += $i }
			 END { print s + 0 }'
}

# cell_exits CELL: the cell's VM exits so far, summed over its CPUs.
cell_exits() {
	jailhouse cell stats "$1" | row_sum total
}

# now_ms: milliseconds since boot (busybox's date has no %N).
now_ms() {
	awk '{ printf "%d\n", $1 * 1000 }' /proc/uptime
}

# pool_used: pages of the hypervisor's memory pool in use.
pool_used() {
	jailhouse hypervisor info | sed -n 's/^Memory pool: *\([0-9]*\).*/\1/p'
}
