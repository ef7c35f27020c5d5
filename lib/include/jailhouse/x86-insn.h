/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 instructions that both freestanding worlds use, as inline functions,
 * written once: the hypervisor has them through <asm/processor.h>, the
 * inmates through <x86.h>. Not part of the ABI (include/), hence here
 * beside the mini-libc; the loader and the host tools never include it.
 * In a guest, each port, MSR or CPUID access may be a VM exit.
 */
#ifndef _JAILHOUSE_X86_INSN_H
#define _JAILHOUSE_X86_INSN_H

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

static inline void write_msr(__u32 msr, __u64 value)
{
	asm volatile("wrmsr"
		     : : "c" (msr), "a" ((__u32)value),
		       "d" ((__u32)(value >> 32))
		     : "memory");
}

static inline __u64 read_tsc(void)
{
	__u32 lo, hi;

	asm volatile("rdtsc" : "=a" (lo), "=d" (hi));
	return ((__u64)hi << 32) | lo;
}

static inline void cpu_relax(void)
{
	asm volatile("pause" : : : "memory");
}

/* Port I/O, value first as in Linux. */
#define DEFINE_PORT_IO(suffix, type)					\
static inline void out##suffix(type value, __u16 port)			\
{									\
	asm volatile("out" #suffix " %0, %1" : : "a" (value), "Nd" (port)); \
}									\
static inline type in##suffix(__u16 port)				\
{									\
	type value;							\
									\
	asm volatile("in" #suffix " %1, %0" : "=a" (value) : "Nd" (port)); \
	return value;							\
}

DEFINE_PORT_IO(b, __u8)
DEFINE_PORT_IO(w, __u16)
DEFINE_PORT_IO(l, __u32)

/* A 1-, 2- or 4-byte access to @port by @size (4 for anything else). */
static inline __u32 port_read(__u16 port, unsigned int size)
{
	if (size == 1)
		return inb(port);
	if (size == 2)
		return inw(port);
	return inl(port);
}

static inline void port_write(__u16 port, unsigned int size, __u32 value)
{
	if (size == 1)
		outb(value, port);
	else if (size == 2)
		outw(value, port);
	else
		outl(value, port);
}
#undef DEFINE_PORT_IO

#endif /* !_JAILHOUSE_X86_INSN_H */
