/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 registers and the instructions that reach them; those the inmates
 * use too (CPUID, MSRs, TSC, port I/O) are in <jailhouse/x86-insn.h>.
 */
#ifndef _ASM_PROCESSOR_H
#define _ASM_PROCESSOR_H

#include <jailhouse/types.h>
#include <jailhouse/x86-insn.h>

#define X86_CR4_LA57		(1UL << 12)

#define MSR_EFER		0xc0000080
#define EFER_SVME		(1ULL << 12)
#define EFER_LMA		(1ULL << 10)
/* What a guest may write to EFER: SCE, LME, NXE (LMA is the CPU's). */
#define EFER_GUEST_BITS		0x901ULL
#define X86_CR0_PE		(1ULL << 0)
#define X86_CR0_PG		(1ULL << 31)
#define MSR_PAT			0x00000277

/* CPUID leaves and the feature bits the backends and the policy use. */
#define CPUID_FEATURES			0x1
#define CPUID_ECX_VMX			(1U << 5)
#define CPUID_ECX_X2APIC		(1U << 21)
#define CPUID_ECX_TSC_DEADLINE		(1U << 24)
#define CPUID_ECX_XSAVE			(1U << 26)
#define CPUID_ECX_OSXSAVE		(1U << 27)
#define CPUID_ECX_AVX			(1U << 28)
#define CPUID_ECX_HYPERVISOR		(1U << 31)
/* Thermal and power: APERF/MPERF, MSRs no cell is given. */
#define CPUID_POWER			0x6
#define CPUID_POWER_ECX_APERFMPERF	(1U << 0)
/* Structured extended features (subleaf 0; bit 1 is 0 in the others). */
#define CPUID_STRUCT_EXT		0x7
#define CPUID_STRUCT_EBX_TSC_ADJUST	(1U << 1)
#define CPUID_EXT_FEATURES		0x80000001
#define CPUID_EXT_ECX_SVM		(1U << 2)
#define CPUID_SVM_FEATURES		0x8000000a
#define CPUID_SVM_EDX_NPT		(1U << 0)
#define CPUID_SVM_EDX_NRIPS		(1U << 3)

/* Exception vectors: the hypervisor's own (IST stack) and the guests'. */
#define X86_VEC_DB		1
#define X86_VEC_NMI		2
#define X86_VEC_BP		3
#define X86_VEC_OF		4
#define X86_VEC_UD		6
#define X86_VEC_DF		8
#define X86_VEC_GP		13
#define X86_VEC_AC		17
#define X86_VEC_MC		18
#define X86_NUM_EXCEPTIONS	32

/* Operand of LGDT/LIDT/SGDT/SIDT. */
struct desc_table_reg {
	__u16 limit;
	__u64 base;
} __attribute__((packed));

/* read_cr0() ... write_dr7(): control and debug registers. */
#define DEFINE_REG_ACCESS(reg)						\
static inline unsigned long read_##reg(void)				\
{									\
	unsigned long value;						\
									\
	asm volatile("mov %%" #reg ", %0" : "=r" (value));		\
	return value;							\
}									\
static inline void write_##reg(unsigned long value)			\
{									\
	asm volatile("mov %0, %%" #reg : : "r" (value) : "memory");	\
}

DEFINE_REG_ACCESS(cr0)
DEFINE_REG_ACCESS(cr2)
DEFINE_REG_ACCESS(cr3)
DEFINE_REG_ACCESS(cr4)
DEFINE_REG_ACCESS(dr6)
DEFINE_REG_ACCESS(dr7)

static inline void read_gdtr(struct desc_table_reg *reg)
{
	asm volatile("sgdt %0" : "=m" (*reg));
}

static inline void write_gdtr(const struct desc_table_reg *reg)
{
	asm volatile("lgdt %0" : : "m" (*reg));
}

static inline void read_idtr(struct desc_table_reg *reg)
{
	asm volatile("sidt %0" : "=m" (*reg));
}

static inline void write_idtr(const struct desc_table_reg *reg)
{
	asm volatile("lidt %0" : : "m" (*reg));
}

#define DEFINE_SEG_READ(seg)						\
static inline __u16 read_##seg(void)					\
{									\
	__u16 sel;							\
									\
	asm volatile("mov %%" #seg ", %0" : "=rm" (sel));		\
	return sel;							\
}

DEFINE_SEG_READ(cs)
DEFINE_SEG_READ(ss)
DEFINE_SEG_READ(ds)
DEFINE_SEG_READ(es)

static inline unsigned long read_rflags(void)
{
	unsigned long flags;

	asm volatile("pushfq; popq %0" : "=rm" (flags));
	return flags;
}

/* Stop this CPU for good: no interrupt or NMI wakes it (GIF is clear). */
static inline void __attribute__((noreturn)) cpu_halt_forever(void)
{
	for (;;)
		asm volatile("cli; hlt" : : : "memory");
}

#endif /* !_ASM_PROCESSOR_H */
