/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between the hypervisor core and an architecture.
 *
 * Every function here is implemented once per architecture; there are no
 * weak fallbacks, so a missing one fails at link time. The x86 architecture
 * in turn delegates the CPU-vendor-specific parts (AMD-V or VT-x) to a
 * backend described in arch/x86/include/asm/vcpu.h.
 *
 * Life of a CPU: arch_entry (assembly) finds the CPU's data area and
 * stack and calls the core's entry(); the core calls arch_cpu_init(), the
 * first CPU sets up the global state (arch_cell_init() for the root
 * cell), every CPU waits for all others, then arch_cpu_activate() on
 * success or arch_cpu_leave() on failure. At disable the hypercall handler calls
 * arch_cpu_leave() from the guest's exit.
 */
#ifndef _JAILHOUSE_ARCH_H
#define _JAILHOUSE_ARCH_H

struct per_cpu;
struct cell;

/**
 * Check that this CPU has every feature the hypervisor needs and select
 * the matching virtualization backend.
 *
 * Return: 0, or -ENODEV naming the missing feature on the console.
 */
int arch_cpu_probe(void);

/**
 * Take this CPU over, first thing after arch_cpu_probe(): virtualization
 * on with NMIs held back, Linux's live state saved as the guest's, then
 * the hypervisor's own descriptor tables. Nothing runs as a guest yet;
 * arch_cpu_leave() undoes every step.
 *
 * Return: 0 or -errno.
 */
int arch_cpu_init(struct per_cpu *cpu);

/**
 * Run the CPU's cell (cpu->cell, set up by then) as a guest, from the
 * state arch_cpu_init() took.
 */
void __attribute__((noreturn)) arch_cpu_activate(struct per_cpu *cpu);

/**
 * Give the CPU back to Linux natively: Linux's current state (the guest's
 * if it ran as one), virtualization off, Linux's page tables and
 * descriptor tables. Linux sees @result as the return value of the
 * trampoline when it did not run as a guest yet, else as the hypercall's.
 */
void __attribute__((noreturn)) arch_cpu_leave(struct per_cpu *cpu,
					      long result);

/**
 * Build the architecture part of @cell from its config: nested page
 * tables for its memory regions, I/O and MSR permissions.
 * Return: 0 or -errno, with everything built so far taken back.
 */
int arch_cell_init(struct cell *cell);

/** Free what arch_cell_init() built. */
void arch_cell_exit(struct cell *cell);

#endif /* !_JAILHOUSE_ARCH_H */
