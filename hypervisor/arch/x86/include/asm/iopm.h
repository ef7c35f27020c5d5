/* SPDX-License-Identifier: GPL-2.0 */
/*
 * I/O permission bitmaps, shared by both backends.
 *
 * AMD-V and VT-x use the same bit order: bit n of the map (byte n / 8,
 * bit n % 8) stands for port n, and a set bit makes an access to that
 * port leave the guest. A multi-byte access leaves the guest if any of the
 * ports it touches has its bit set. The layouts differ only in length:
 *
 * - AMD-V IOPM (APM vol. 2, "I/O Permissions Map"): 12 KiB, physically
 *   contiguous; bits 0-0xffff for the ports, then the bits a 2- or 4-byte
 *   access at the top of the port space reaches (0x10000-0x10002). The
 *   rest of the third page is ignored by the CPU.
 * - VT-x I/O bitmaps A and B (SDM vol. 3, "I/O-Bitmap Addresses"): 4 KiB
 *   each, A for ports 0-0x7fff, B for 0x8000-0xffff. Kept here as one
 *   8 KiB buffer, A first; the backend programs its two halves. An access
 *   that wraps around the port space always exits.
 *
 * Both maps start out denying everything; the cell's configuration then
 * opens the port ranges it grants.
 */
#ifndef _ASM_IOPM_H
#define _ASM_IOPM_H

#include <stddef.h>
#include <jailhouse/types.h>

#define IO_BITMAP_PORTS		0x10000
#define SVM_IOPM_SIZE		(3 * 4096)
#define VMX_IO_BITMAP_SIZE	(2 * 4096)

/** Make every access to every port leave the guest. */
void io_bitmap_deny_all(__u8 *bitmap, size_t size);

/**
 * Let the guest access ports base .. base + length - 1 directly.
 * Return: 0, -EINVAL for an empty range, -ERANGE if it leaves the port
 * space.
 */
int io_bitmap_allow(__u8 *bitmap, __u32 base, __u32 length);

/**
 * Make accesses to ports base .. base + length - 1 leave the guest again,
 * whatever the configuration granted (ports the hypervisor emulates).
 * Return: as io_bitmap_allow().
 */
int io_bitmap_deny(__u8 *bitmap, __u32 base, __u32 length);

struct jailhouse_cell_desc;

/**
 * Build @cell's map: deny everything, then open the cell's port ranges,
 * except PCI's configuration ports (asm/pci.h), which are always mediated.
 * @cell is a validated descriptor (lib/config.c).
 * Return: 0, or the error of the first bad range, with the map left
 * denying everything.
 */
int io_bitmap_from_cell(__u8 *bitmap, size_t size,
			const struct jailhouse_cell_desc *cell);

#endif /* !_ASM_IOPM_H */
