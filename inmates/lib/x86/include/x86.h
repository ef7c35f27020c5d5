/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 instructions the inmate library and inmates use, as inline
 * functions. Each port, MSR or CPUID access may be a VM exit: keep them out
 * of loops that must run without exits.
 */
#ifndef _INMATE_X86_H
#define _INMATE_X86_H

#include <jailhouse/types.h>

#define X86_EFLAGS_IF		(1UL << 9)

#define MSR_IA32_APIC_BASE	0x0000001b
#define APIC_BASE_X2APIC	(1ULL << 10)
#define APIC_BASE_ADDR_MASK	0xfffff000ULL

static inline void outb(__u16 port, __u8 value)
{
	asm volatile("outb %0, %1" : : "a" (value), "Nd" (port));
}

static inline __u8 inb(__u16 port)
{
	__u8 value;

	asm volatile("inb %1, %0" : "=a" (value) : "Nd" (port));
	return value;
}

static inline void outl(__u16 port, __u32 value)
{
	asm volatile("outl %0, %1" : : "a" (value), "Nd" (port));
}

static inline __u32 inl(__u16 port)
{
	__u32 value;

	asm volatile("inl %1, %0" : "=a" (value) : "Nd" (port));
	return value;
}

static inline __u64 rdmsr(__u32 msr)
{
	__u32 lo, hi;

	asm volatile("rdmsr" : "=a" (lo), "=d" (hi) : "c" (msr));
	return ((__u64)hi << 32) | lo;
}

static inline void wrmsr(__u32 msr, __u64 value)
{
	asm volatile("wrmsr" : : "c" (msr), "a" ((__u32)value),
		     "d" ((__u32)(value >> 32)) : "memory");
}

struct cpuid_regs {
	__u32 eax, ebx, ecx, edx;
};

static inline struct cpuid_regs cpuid(__u32 leaf)
{
	struct cpuid_regs r;

	asm volatile("cpuid" : "=a" (r.eax), "=b" (r.ebx), "=c" (r.ecx),
		     "=d" (r.edx) : "a" (leaf), "c" (0));
	return r;
}

static inline __u64 rdtsc(void)
{
	__u32 lo, hi;

	asm volatile("rdtsc" : "=a" (lo), "=d" (hi));
	return ((__u64)hi << 32) | lo;
}

static inline unsigned long read_cr2(void)
{
	unsigned long cr2;

	asm volatile("mov %%cr2, %0" : "=r" (cr2));
	return cr2;
}

static inline void cpu_relax(void)
{
	asm volatile("pause" : : : "memory");
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
