// SPDX-License-Identifier: GPL-2.0
/*
 * SMT topology of asm/smt.h, from CPUID: leaf 0xb (Intel, recent AMD),
 * else AMD's leaf 0x8000001e (threads per core); a CPU without HTT has
 * one thread per package.
 */
#include <asm/apic.h>
#include <asm/processor.h>
#include <asm/smt.h>

#define CPUID_EDX_HTT			(1U << 28)
#define CPUID_TOPOLOGY			0xb
#define TOPOLOGY_LEVEL_TYPE(ecx)	(((ecx) >> 8) & 0xff)
#define TOPOLOGY_LEVEL_SMT		1
#define TOPOLOGY_SHIFT_MASK		0x1f
#define CPUID_EXT_MAX			0x80000000
#define CPUID_EXT_ECX_TOPOEXT		(1U << 22)
#define CPUID_AMD_TOPOLOGY		0x8000001e
#define AMD_THREADS_PER_CORE(ebx)	((((ebx) >> 8) & 0xff) + 1)

static bool leaf_b_shift(unsigned int *shift)
{
	struct cpuid_regs r;

	cpuid(0, 0, &r);
	if (r.eax < CPUID_TOPOLOGY)
		return false;
	cpuid(CPUID_TOPOLOGY, 0, &r);
	if (TOPOLOGY_LEVEL_TYPE(r.ecx) != TOPOLOGY_LEVEL_SMT)
		return false;
	*shift = r.eax & TOPOLOGY_SHIFT_MASK;
	return true;
}

static bool amd_shift(unsigned int *shift)
{
	unsigned int threads;
	struct cpuid_regs r;

	cpuid(CPUID_EXT_MAX, 0, &r);
	if (r.eax < CPUID_AMD_TOPOLOGY)
		return false;
	cpuid(CPUID_EXT_FEATURES, 0, &r);
	if (!(r.ecx & CPUID_EXT_ECX_TOPOEXT))
		return false;
	cpuid(CPUID_AMD_TOPOLOGY, 0, &r);
	threads = AMD_THREADS_PER_CORE(r.ebx);
	for (*shift = 0; (1U << *shift) < threads; (*shift)++)
		;
	return true;
}

bool cpu_smt_shift(unsigned int *shift)
{
	struct cpuid_regs r;

	cpuid(CPUID_FEATURES, 0, &r);
	if (!(r.edx & CPUID_EDX_HTT)) {
		*shift = 0;
		return true;
	}
	return leaf_b_shift(shift) || amd_shift(shift);
}

static bool same_core(const struct apic_cpu *a, const struct apic_cpu *b,
		      unsigned int shift)
{
	return a->present && b->present &&
	       (a->apic_id >> shift) == (b->apic_id >> shift);
}

bool cpu_smt_split(const struct apic_cpu *cpus, unsigned int num,
		   __u64 cell_cpus, unsigned int shift, unsigned int *cpu)
{
	unsigned int a, b;

	shift &= TOPOLOGY_SHIFT_MASK;
	for (a = 0; a < num && a < 64; a++) {
		if (!(cell_cpus & (1ULL << a)))
			continue;
		for (b = 0; b < num && b < 64; b++)
			if (!(cell_cpus & (1ULL << b)) &&
			    same_core(&cpus[a], &cpus[b], shift)) {
				*cpu = a;
				return true;
			}
	}
	return false;
}
