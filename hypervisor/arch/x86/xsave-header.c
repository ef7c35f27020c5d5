// SPDX-License-Identifier: GPL-2.0
/*
 * The XRSTORS initial-state header (asm/xsave-header.h); plain logic,
 * also built for the host.
 */
#include <asm/xsave-header.h>

struct xsave_header xrstors_init_header(__u64 xss)
{
	return (struct xsave_header){
		.xcomp_bv = XCOMP_BV_COMPACTED | xss,
	};
}

bool xrstors_header_valid(const struct xsave_header *h, __u64 xcr0, __u64 xss)
{
	__u64 components = h->xcomp_bv & ~XCOMP_BV_COMPACTED;
	unsigned int n;

	if (!(h->xcomp_bv & XCOMP_BV_COMPACTED) ||
	    components & ~(xcr0 | xss) || h->xstate_bv & ~components)
		return false;
	for (n = 0; n < 6; n++)
		if (h->reserved[n])
			return false;
	return true;
}
