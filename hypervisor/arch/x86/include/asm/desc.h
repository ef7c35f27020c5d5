/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_DESC_H
#define _ASM_DESC_H

struct per_cpu;

/**
 * Load the CPU's own GDT and the hypervisor's IDT. Linux's TR stays
 * loaded (its hidden state does not depend on the GDT).
 */
void desc_tables_load(struct per_cpu *cpu);

/**
 * Load the IDT in which every vector but NMI is an external interrupt
 * (@drain), or the hypervisor's own again: for apic_clear()'s interrupt
 * windows, which take what a guest left pending, any vector it chose.
 */
void desc_drain_idt_load(bool drain);

/** Load the CPU's own TSS, once the backend saved Linux's TR. */
void desc_tss_load(void);

/**
 * Whether Linux's TR (selector, base and limit in cpu->arch.linux) can be
 * loaded from the CPU's own GDT: its slot is not the hypervisor's code or
 * data. Return: 0 or -EINVAL.
 */
int desc_linux_tr_check(const struct per_cpu *cpu);

/**
 * Load Linux's TR from a descriptor written into its slot of the CPU's
 * own GDT: the hidden state is then Linux's, without access to Linux's
 * GDT (whose entry is busy anyway). At leave, before Linux's GDT is
 * loaded again.
 */
void desc_linux_tr_load(struct per_cpu *cpu);

/**
 * The CPU whose stack (or fault stack) @sp points into: its per-CPU
 * area, for the exception and NMI entries, which get no pointer.
 */
struct per_cpu *desc_cpu_of_stack(const void *sp);

#endif /* !_ASM_DESC_H */
