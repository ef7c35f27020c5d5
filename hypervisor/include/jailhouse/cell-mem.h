/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory between the root cell and the others (hypervisor/cell-mem.c).
 * Callers hold the cell lock; after taking memory from the root cell
 * they flush the root CPUs' TLBs.
 */
#ifndef _JAILHOUSE_CELL_MEM_H
#define _JAILHOUSE_CELL_MEM_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>

struct cell;

/**
 * Copy @size bytes at guest-physical @gpa of the root cell, as its
 * nested tables map it now, to @dst. Return: 0 or -EFAULT.
 */
int copy_from_root(void *dst, __u64 gpa, __u64 size);

/**
 * Copy @size bytes at root guest-physical @src into @cell at its
 * guest-physical @dst, as both nested tables map them now.
 * Return: 0 or -EFAULT.
 */
int copy_root_to_cell(const struct cell *cell, __u64 dst, __u64 src,
		      __u64 size);

/**
 * Give the root cell the physical memory of a cell's region @mem
 * (@map) or take it away, where the root cell's own regions cover it,
 * with the root region's access. The comm region and regions shared with
 * the root (JAILHOUSE_MEM_ROOTSHARED) never move. Return: 0 or -errno.
 */
int root_region_set(const struct jailhouse_memory *mem, bool map);

/**
 * root_region_set() for each region of @cell that has every flag of
 * @flags (0: every region); all or nothing. Return: 0 or -errno.
 */
int root_regions_set(const struct cell *cell, __u64 flags, bool map);

/**
 * Zero every byte of the memory @cell took from the root cell and could
 * write (write or DMA flag), whatever its other flags: only memory the
 * root cell's own regions describe as a device (JAILHOUSE_MEM_IO there)
 * is left alone. Return: 0 or -EFAULT.
 */
int cell_scrub(const struct cell *cell);

/**
 * Zero the cell's loadable regions (the config rules make them RAM of
 * the cell alone), so that nothing of an earlier load survives the next
 * one. Return: 0 or -EFAULT.
 */
int cell_clear_loadable(const struct cell *cell);

#endif /* !_JAILHOUSE_CELL_MEM_H */
