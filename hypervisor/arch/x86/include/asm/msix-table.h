/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a device's MSI-X table lies (msix-table.c): the bounds logic of
 * the interception in asm/msix.h, with no hardware access, so that the
 * host tests build it as it is.
 */
#ifndef _ASM_MSIX_TABLE_H
#define _ASM_MSIX_TABLE_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>
#include <jailhouse/types.h>

#define MSIX_ENTRY_SIZE		16U
/* Message Control: table size (N - 1); Table Offset/BIR register. */
#define MSIX_CTRL_TABLE_SIZE	0x07ffU
#define MSIX_TABLE_BIR		0x7U
#define MSIX_TABLE_OFFSET	(~0x7U)

/* Where a device's table is: @entries entries from @phys. */
struct msix_table {
	__u64 phys;
	unsigned int entries;
};

/**
 * The table that the capability's Message Control word @ctrl and Table
 * Offset/BIR register @table_reg describe, in the memory BAR the BIR
 * names, which decodes @bar_size bytes at @bar_base.
 * Any size the capability can state (up to 2048 entries) is taken.
 * Return: 0, -EINVAL (no BAR, a BAR that wraps) or -ERANGE (the table
 * leaves the BAR).
 */
int msix_table_locate(__u16 ctrl, __u32 table_reg, __u64 bar_base,
		      __u64 bar_size, struct msix_table *t);

/**
 * Whether @addr lies in table @t: then its entry in *@entry and its
 * byte offset in the entry (0-15) in *@offset.
 */
bool msix_table_entry(const struct msix_table *t, __u64 addr,
		      unsigned int *entry, unsigned int *offset);

/** The whole pages that hold table @t, in *@start and *@size. */
void msix_table_pages(const struct msix_table *t, __u64 *start, __u64 *size);

/**
 * The first PCI device of @desc flagged for DMA, which can write to
 * 0xfee00000 (msix_cell_check()): its index, or -1 if none.
 */
int msix_dma_device(const struct jailhouse_cell_desc *desc);

#endif /* !_ASM_MSIX_TABLE_H */
