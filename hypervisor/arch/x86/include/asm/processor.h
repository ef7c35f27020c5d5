/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_PROCESSOR_H
#define _ASM_PROCESSOR_H

#include <jailhouse/types.h>

struct cpuid_regs {
	__u32 eax, ebx, ecx, edx;
};

static inline void cpuid(__u32 leaf, __u32 subleaf, struct cpuid_regs *r)
{
	asm volatile("cpuid"
		     : "=a" (r->eax), "=b" (r->ebx), "=c" (r->ecx),
		       "=d" (r->edx)
		     : "a" (leaf), "c" (subleaf));
}

static inline __u64 read_msr(__u32 msr)
{
	__u32 lo, hi;

	asm volatile("rdmsr" : "=a" (lo), "=d" (hi) : "c" (msr));
	return ((__u64)hi << 32) | lo;
}

#endif /* !_ASM_PROCESSOR_H */
