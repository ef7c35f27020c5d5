// SPDX-License-Identifier: GPL-2.0
/* Register effects of refused port accesses; see asm/refusal.h. */
#include <asm/refusal.h>

static __u64 size_mask(unsigned int size)
{
	return size >= 4 ? 0xffffffffULL : (1ULL << (8 * size)) - 1;
}

__u64 io_refused_in(__u64 rax, unsigned int size)
{
	if (size >= 4)
		return 0xffffffffULL;
	return rax | size_mask(size);
}

__u32 io_out_value(__u64 rax, unsigned int size)
{
	return rax & size_mask(size);
}
