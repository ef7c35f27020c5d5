// SPDX-License-Identifier: GPL-2.0
/* The guest's view of CPUID; see asm/cpuid-policy.h. */
#include <jailhouse/hypercall.h>
#include <asm/cpuid-policy.h>

/* "Jailhouse\0\0\0" as EBX, ECX, EDX read it: little-endian words. */
#define SIGNATURE_EBX	0x6c69614a	/* "Jail" */
#define SIGNATURE_ECX	0x73756f68	/* "hous" */
#define SIGNATURE_EDX	0x00000065	/* "e\0\0\0" */

static void hypervisor_leaf(__u32 leaf, struct cpuid_regs *regs)
{
	*regs = (struct cpuid_regs){ 0 };
	if (leaf != JAILHOUSE_CPUID_SIGNATURE)
		return;
	regs->eax = JAILHOUSE_CPUID_FEATURES;
	regs->ebx = SIGNATURE_EBX;
	regs->ecx = SIGNATURE_ECX;
	regs->edx = SIGNATURE_EDX;
}

static void features_leaf(const struct cpuid_guest *guest,
			  struct cpuid_regs *regs)
{
	regs->ecx &= ~(CPUID_ECX_VMX | CPUID_ECX_OSXSAVE |
		       CPUID_ECX_HYPERVISOR);
	if (guest->osxsave)
		regs->ecx |= CPUID_ECX_OSXSAVE;
	/*
	 * Linux booted without XSAVE (as in Bochs): the hypervisor cannot
	 * set XCR0 for a guest on VT-x, so no guest sees XSAVE or AVX.
	 */
	else
		regs->ecx &= ~(CPUID_ECX_XSAVE | CPUID_ECX_AVX);
	/*
	 * The TSC-deadline MSR is not offered to cells: their timer is the
	 * APIC's one-shot or periodic mode at comm region apic_khz, which
	 * Jailhouse's inmate library falls back to without this bit. Their
	 * APIC is an x2APIC on any host (asm/apic.h), already enabled
	 * (IA32_APIC_BASE.EXTD): Linux's guest code takes x2APIC mode only
	 * when it finds both.
	 */
	if (!guest->root_cell)
		regs->ecx = (regs->ecx & ~CPUID_ECX_TSC_DEADLINE) |
			    CPUID_ECX_X2APIC | CPUID_ECX_HYPERVISOR;
}

void cpuid_policy(__u32 leaf, const struct cpuid_guest *guest,
		  struct cpuid_regs *regs)
{
	if (leaf >= CPUID_HV_FIRST && leaf <= CPUID_HV_LAST)
		hypervisor_leaf(leaf, regs);
	else if (leaf == CPUID_FEATURES)
		features_leaf(guest, regs);
	/*
	 * Not offered to cells: APERF and MPERF, which they are refused and
	 * Linux would read on every tick to scale its frequency (a #GP each
	 * time, with msr-fault).
	 */
	else if (leaf == CPUID_POWER && !guest->root_cell)
		regs->ecx &= ~CPUID_POWER_ECX_APERFMPERF;
	/*
	 * Nor TSC_ADJUST, which Linux reads about once a second without a
	 * _safe accessor where CPUID offers it: a cell's write would move
	 * the CPU's TSC for its next owner, and the MSR is refused.
	 */
	else if (leaf == CPUID_STRUCT_EXT && !guest->root_cell)
		regs->ebx &= ~CPUID_STRUCT_EBX_TSC_ADJUST;
	else if (leaf == CPUID_EXT_FEATURES)
		regs->ecx &= ~CPUID_EXT_ECX_SVM;
	else if (leaf == CPUID_SVM_FEATURES)
		*regs = (struct cpuid_regs){ 0 };
}

#define XCR0_X87		(1ULL << 0)
#define XCR0_SSE		(1ULL << 1)
#define XCR0_AVX		(1ULL << 2)
#define XCR0_MPX		(3ULL << 3)	/* BNDREGS, BNDCSR */
#define XCR0_AVX512		(7ULL << 5)	/* opmask, ZMM_Hi256, Hi16_ZMM */
#define XCR0_AMX		(3ULL << 17)	/* XTILECFG, XTILEDATA */

/* The bits of @group all set or all clear. */
static bool all_or_none(__u64 value, __u64 group)
{
	return (value & group) == 0 || (value & group) == group;
}

/*
 * SDM vol. 2, XSETBV: x87 set; AVX needs SSE; MPX, AVX-512 and AMX come
 * whole; AVX-512 needs AVX; no bit the CPU lacks (bit 63 is reserved on
 * every CPU, none reports it).
 */
bool xcr0_valid(__u64 value, __u64 supported)
{
	if (!(value & XCR0_X87) || value & ~supported)
		return false;
	if ((value & XCR0_AVX) && !(value & XCR0_SSE))
		return false;
	if ((value & XCR0_AVX512) && !(value & XCR0_AVX))
		return false;
	return all_or_none(value, XCR0_MPX) &&
	       all_or_none(value, XCR0_AVX512) &&
	       all_or_none(value, XCR0_AMX);
}
