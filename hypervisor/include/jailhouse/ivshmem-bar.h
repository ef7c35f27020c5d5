/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a cell may place the virtual BARs of its ivshmem devices
 * (ivshmem-bar.c, plain logic, host-tested).
 */
#ifndef _JAILHOUSE_IVSHMEM_BAR_H
#define _JAILHOUSE_IVSHMEM_BAR_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>
#include <jailhouse/types.h>

/** The @n-th emulated range, as mmio_emulated_range() of asm/mmio.h. */
typedef bool (*ivshmem_range_t)(unsigned int n, __u64 *start, __u64 *size);

/**
 * Whether a BAR of @size bytes at @base lies in the cell's own
 * guest-physical space where nothing else is: not at 0, below 4 GiB (the
 * BARs are 32 bits wide), clear of every memory region of @desc (its
 * guest-physical addresses) and of every range @emulated names (the
 * pages the hypervisor emulates for all cells: xAPIC, MMCONFIG, IOAPICs,
 * MSI-X tables).
 */
bool ivshmem_bar_free(__u64 base, __u64 size,
		      const struct jailhouse_cell_desc *desc,
		      ivshmem_range_t emulated);

/** Whether [@a, @a + @a_size) and [@b, @b + @b_size) overlap. */
bool ivshmem_ranges_overlap(__u64 a, __u64 a_size, __u64 b, __u64 b_size);

#endif /* !_JAILHOUSE_IVSHMEM_BAR_H */
