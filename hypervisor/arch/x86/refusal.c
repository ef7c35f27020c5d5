// SPDX-License-Identifier: GPL-2.0
/* Register effects of port accesses; see asm/refusal.h. */
#include <jailhouse/access-size.h>
#include <asm/refusal.h>

__u64 io_in_result(__u64 rax, unsigned int size, __u32 value)
{
	if (size >= 4)
		return value;
	return (rax & ~(__u64)access_size_mask(size)) |
	       (value & access_size_mask(size));
}

__u64 io_refused_in(__u64 rax, unsigned int size)
{
	return io_in_result(rax, size, 0xffffffff);
}

__u32 io_out_value(__u64 rax, unsigned int size)
{
	return rax & access_size_mask(size);
}
