// SPDX-License-Identifier: GPL-2.0
/* Register effects of port accesses; see asm/refusal.h. */
#include <asm/refusal.h>

static __u64 size_mask(unsigned int size)
{
	return size >= 4 ? 0xffffffffULL : (1ULL << (8 * size)) - 1;
}

__u64 io_in_result(__u64 rax, unsigned int size, __u32 value)
{
	if (size >= 4)
		return value;
	return (rax & ~size_mask(size)) | (value & size_mask(size));
}

__u64 io_refused_in(__u64 rax, unsigned int size)
{
	return io_in_result(rax, size, 0xffffffff);
}

__u32 io_out_value(__u64 rax, unsigned int size)
{
	return rax & size_mask(size);
}
