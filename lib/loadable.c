// SPDX-License-Identifier: GPL-2.0
/* The loadable-region check of `jailhouse cell load`; see loadable.h. */
#include "loadable.h"

#define NOT_LOADABLE	(JAILHOUSE_MEM_COMM_REGION | JAILHOUSE_MEM_IO)

/* [address, address + size) lies inside @mem; size is not 0. */
static bool region_holds(const struct jailhouse_memory *mem, __u64 address,
			 __u64 size)
{
	__u64 offset;

	if (address < mem->virt_start)
		return false;
	offset = address - mem->virt_start;
	return offset < mem->size && size <= mem->size - offset;
}

bool jailhouse_region_loadable(const struct jailhouse_memory *mem)
{
	return (mem->flags & JAILHOUSE_MEM_LOADABLE) &&
	       !(mem->flags & NOT_LOADABLE);
}

int jailhouse_loadable_region(const struct jailhouse_cell_desc *cell,
			      __u64 address, __u64 size)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(cell);
	unsigned int n;

	if (!size)
		return -EINVAL;
	for (n = 0; n < cell->num_memory_regions; n++)
		if (jailhouse_region_loadable(&mem[n]) &&
		    region_holds(&mem[n], address, size))
			return n;
	return -ERANGE;
}
