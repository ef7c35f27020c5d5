// SPDX-License-Identifier: GPL-2.0
/* Where a cell's memory sits in the root cell; see jailhouse/region.h. */
#include <jailhouse/region.h>

static bool is_comm(const struct jailhouse_memory *mem)
{
	return mem->flags & JAILHOUSE_MEM_COMM_REGION;
}

/* Ends are exclusive and computed without wrapping (validated regions). */
bool region_root_part(const struct jailhouse_memory *root_mem,
		      const struct jailhouse_memory *mem,
		      struct jailhouse_memory *part)
{
	__u64 r_last = root_mem->phys_start + (root_mem->size - 1);
	__u64 m_last = mem->phys_start + (mem->size - 1);
	__u64 lo, hi;

	if (is_comm(root_mem) || is_comm(mem) || !root_mem->size ||
	    !mem->size)
		return false;
	lo = root_mem->phys_start > mem->phys_start ? root_mem->phys_start :
						      mem->phys_start;
	hi = r_last < m_last ? r_last : m_last;
	if (lo > hi)
		return false;
	*part = *root_mem;
	part->phys_start = lo;
	part->virt_start = root_mem->virt_start + (lo - root_mem->phys_start);
	part->size = hi - lo + 1;
	return true;
}
