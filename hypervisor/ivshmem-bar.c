// SPDX-License-Identifier: GPL-2.0
/*
 * Placement of ivshmem BARs (jailhouse/ivshmem-bar.h). A BAR over a page
 * the hypervisor emulates for every cell, or over the cell's memory,
 * would take accesses meant for that page or memory: the root's next
 * access to a device's MSI-X table would reach the cell's endpoint.
 * Plain logic, also built for the host.
 */
#include <jailhouse/ivshmem-bar.h>

#include "config.h"

#define BAR_LIMIT	0x100000000ULL

bool ivshmem_ranges_overlap(__u64 a, __u64 a_size, __u64 b, __u64 b_size)
{
	return a < b + b_size && b < a + a_size;
}

bool ivshmem_bar_free(__u64 base, __u64 size,
		      const struct jailhouse_cell_desc *desc,
		      ivshmem_range_t emulated)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(desc);
	__u64 start, len;
	unsigned int n;

	if (!base || base >= BAR_LIMIT || BAR_LIMIT - base < size)
		return false;
	for (n = 0; n < desc->num_memory_regions; n++)
		if (ivshmem_ranges_overlap(base, size, mem[n].virt_start,
					   mem[n].size))
			return false;
	for (n = 0; emulated(n, &start, &len); n++)
		if (ivshmem_ranges_overlap(base, size, start, len))
			return false;
	return true;
}
