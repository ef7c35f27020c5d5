/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A 64 KiB firmware image for bare QEMU (-bios) that starts an inmate the
 * way the hypervisor starts a cell: the CPU leaves the reset vector
 * (0xfffffff0, the image's last 16 bytes) for real mode at 0000:0000,
 * where `-device loader` has put the inmate. Nothing else is set up.
 */
	.code16
	.text
	.org 0xfff0
	ljmp $0, $0
	.org 0x10000
