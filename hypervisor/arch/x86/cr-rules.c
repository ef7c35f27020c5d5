// SPDX-License-Identifier: GPL-2.0
/*
 * MOV to CR0/CR4 by the architecture (asm/cr-rules.h); plain logic, also
 * built for the host.
 */
#include <asm/cr-rules.h>
#include <asm/processor.h>

#define X86_CR4_PAE		(1ULL << 5)
#define EFER_LME		(1ULL << 8)

__u64 cr0_value(__u64 value)
{
	return value & (X86_CR0_DEFINED | ~0xffffffffULL);
}

bool cr0_write_valid(const struct cr_state *s, __u64 value)
{
	bool pg = value & X86_CR0_PG;

	if (value >> 32)
		return false;
	if (pg && !(value & X86_CR0_PE))
		return false;
	if ((value & X86_CR0_NW) && !(value & X86_CR0_CD))
		return false;
	if (pg && !(s->cr0 & X86_CR0_PG) && (s->efer & EFER_LME) &&
	    !(s->cr4 & X86_CR4_PAE))
		return false;
	if (s->mode64 && !pg)
		return false;
	return !((s->cr4 & X86_CR4_CET) && !(value & X86_CR0_WP));
}

bool cr4_write_valid(const struct cr_state *s, __u64 value, __u64 supported)
{
	bool long_mode = s->efer & EFER_LMA;

	if (value & ~supported)
		return false;
	if (long_mode && (!(value & X86_CR4_PAE) ||
			  ((value ^ s->cr4) & X86_CR4_LA57)))
		return false;
	if ((value & X86_CR4_PCIDE) && !(s->cr4 & X86_CR4_PCIDE) &&
	    (!long_mode || (s->cr3 & CR3_PCID_MASK)))
		return false;
	return !((value & X86_CR4_CET) && !(s->cr0 & X86_CR0_WP));
}
