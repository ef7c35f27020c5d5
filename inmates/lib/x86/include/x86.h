/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 instructions the inmate library and inmates use, as inline
 * functions: those shared with the hypervisor (CPUID, MSRs, TSC, port I/O)
 * come from <jailhouse/x86-insn.h>. Each port, MSR or CPUID access may be
 * a VM exit: keep them out of loops that must run without exits.
 */
#ifndef _INMATE_X86_H
#define _INMATE_X86_H

#include <jailhouse/types.h>
#include <jailhouse/x86-insn.h>

#define X86_EFLAGS_IF		(1UL << 9)

#define MSR_IA32_APIC_BASE	0x0000001b
#define APIC_BASE_X2APIC	(1ULL << 10)
#define APIC_BASE_ADDR_MASK	0xfffff000ULL

static inline unsigned long read_cr2(void)
{
	unsigned long cr2;

	asm volatile("mov %%cr2, %0" : "=r" (cr2));
	return cr2;
}

static inline void memory_barrier(void)
{
	asm volatile("mfence" : : : "memory");
}

static inline void irq_enable(void)
{
	asm volatile("sti" : : : "memory");
}

static inline void irq_disable(void)
{
	asm volatile("cli" : : : "memory");
}

/* Wait for the next interrupt; returns with interrupts enabled. */
static inline void irq_enable_and_halt(void)
{
	asm volatile("sti; hlt" : : : "memory");
}

static inline __u32 mmio_read32(unsigned long addr)
{
	return *(volatile __u32 *)addr;
}

static inline void mmio_write32(unsigned long addr, __u32 value)
{
	*(volatile __u32 *)addr = value;
}

#endif /* !_INMATE_X86_H */
