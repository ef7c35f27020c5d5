/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cell's nested page tables (cell->arch.npt, env npt_paging): AMD's NPT
 * or Intel's EPT, built from the cell's memory regions the same way by
 * both backends.
 */
#ifndef _ASM_NPT_H
#define _ASM_NPT_H

#include <jailhouse/types.h>

struct cell;
struct jailhouse_memory;
struct msr_bitmap_layout;

/**
 * A cell's arch state (vcpu_vendor_ops.cell_init): nested tables from its
 * regions (npt_map_regions()), an I/O bitmap of @io_bitmap_size bytes and
 * an MSR bitmap in @msr_layout, both from its config.
 * Return: 0 or -errno, with nothing left allocated.
 */
int npt_cell_init(struct cell *cell, size_t io_bitmap_size,
		  const struct msr_bitmap_layout *msr_layout);
void npt_cell_exit(struct cell *cell);

/**
 * Identity of the config's regions, never the hypervisor's memory, minus
 * the pages the hypervisor emulates (asm/mmio.h). Return: 0 or -errno.
 */
int npt_map_regions(struct cell *cell);

/** Map or unmap one region (vcpu_vendor_ops.map_memory, unmap_memory). */
int npt_map_memory(struct cell *cell, const struct jailhouse_memory *mem);
int npt_unmap_memory(struct cell *cell, const struct jailhouse_memory *mem);

/**
 * Take the pages the hypervisor emulates out of @cell's tables again,
 * after more became emulated (MSI-X tables at enable). The caller
 * flushes the CPUs' TLBs if the cell runs. Return: 0 or -errno.
 */
int npt_refresh_emulated(struct cell *cell);

struct paging_root;

/**
 * Nested tables (either kind) for the parking loop (vcpu_vendor_ops.park):
 * one page at guest-physical 0, HLT in a loop. Return: 0 or -errno.
 */
int npt_parking_init(struct paging_root *root);

#endif /* !_ASM_NPT_H */
