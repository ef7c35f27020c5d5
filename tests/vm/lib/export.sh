# SPDX-License-Identifier: GPL-2.0
# Sourced by VM scenarios that hand files to the host (tests/vm/run,
# "# host-check:"): export_file NAME FILE prints FILE on COM1 between
# markers, base64, with its SHA-256; tests/vm/run writes it to
# OUT/files/NAME. The kernel's console messages are silenced meanwhile
# so that none lands inside the block.
export_file() {
	local level

	level=$(cut -f1 /proc/sys/kernel/printk)
	dmesg -n 1
	echo "JH-VM-FILE-BEGIN $1 $(sha256sum <"$2" | cut -d' ' -f1)"
	base64 <"$2"
	echo "JH-VM-FILE-END"
	dmesg -n "$level"
}
