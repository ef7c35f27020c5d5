/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_CELL_H
#define _ASM_CELL_H

#include <jailhouse/types.h>
#include <paging.h>

/* The x86 part of struct cell. */
struct arch_cell {
	/** Nested page tables: guest-physical to host-physical. */
	struct paging_root npt;
	/** DMA address space (jailhouse/iommu.h): the IOMMU's tables. */
	struct paging_root dma;
	/** I/O permission map in the backend's layout (asm/iopm.h). */
	__u8 *io_bitmap;
	unsigned long io_bitmap_pages;
	/** MSR permission map in the backend's layout (asm/msrpm.h). */
	__u8 *msr_bitmap;
	unsigned long msr_bitmap_pages;
};

#endif /* !_ASM_CELL_H */
