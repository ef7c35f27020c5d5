// SPDX-License-Identifier: GPL-2.0
/* Checks of guest-physical ranges; see jailhouse/guest-range.h. */
#include <stdbool.h>
#include <stddef.h>
#include <jailhouse/errno.h>
#include <jailhouse/guest-range.h>

#define NEVER_QUALIFIES	(JAILHOUSE_MEM_IO | JAILHOUSE_MEM_COMM_REGION)

static bool qualifies(const struct jailhouse_memory *mem, __u64 flags)
{
	return (mem->flags & flags) == flags &&
	       !(mem->flags & NEVER_QUALIFIES) && mem->size;
}

/* Qualifying region that contains guest-physical address @gpa, if any. */
static const struct jailhouse_memory *
region_at(const struct jailhouse_memory *regions, unsigned int num_regions,
	  __u64 gpa, __u64 flags)
{
	unsigned int i;

	for (i = 0; i < num_regions; i++)
		if (qualifies(&regions[i], flags) &&
		    gpa >= regions[i].virt_start &&
		    gpa - regions[i].virt_start < regions[i].size)
			return &regions[i];
	return NULL;
}

int guest_range_check(const struct jailhouse_memory *regions,
		      unsigned int num_regions, __u64 gpa, __u64 len,
		      __u64 flags)
{
	const struct jailhouse_memory *mem;
	__u64 last, mem_last;

	if (len == 0 || gpa + (len - 1) < gpa)
		return -EINVAL;
	last = gpa + (len - 1);
	/* Walk from region to adjacent region; gpa only ever grows. */
	for (;;) {
		mem = region_at(regions, num_regions, gpa, flags);
		if (!mem)
			return -EFAULT;
		mem_last = mem->virt_start + (mem->size - 1);
		if (mem_last >= last)
			return 0;
		gpa = mem_last + 1;
	}
}
