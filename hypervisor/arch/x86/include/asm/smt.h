/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SMT siblings share a core's caches, predictors and buffers, through
 * which one thread can observe the other: a sandbox cell gets whole
 * cores (cells.c, at create). Built for the hypervisor and, for the unit
 * tests, the host.
 */
#ifndef _ASM_SMT_H
#define _ASM_SMT_H

#include <stdbool.h>
#include <jailhouse/types.h>

/**
 * The width of the SMT part of an APIC id: CPUs whose ids differ only
 * below it are threads of one core. Sets *shift; false if the CPU does
 * not tell (then each CPU is taken as a core of its own, and logged).
 */
bool cpu_smt_shift(unsigned int *shift);

struct apic_cpu;

/**
 * Whether a CPU of @cell_cpus shares a core with a present CPU outside
 * it, among @num CPUs @cpus (asm/apic.h; index = CPU id), SMT width
 * @shift. Sets *cpu to such a CPU of the cell.
 */
bool cpu_smt_split(const struct apic_cpu *cpus, unsigned int num,
		   __u64 cell_cpus, unsigned int shift, unsigned int *cpu);

#endif /* !_ASM_SMT_H */
