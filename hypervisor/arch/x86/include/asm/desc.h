/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_DESC_H
#define _ASM_DESC_H

struct per_cpu;

/**
 * Load the CPU's own GDT and the hypervisor's IDT. Linux's TR stays
 * loaded (its hidden state does not depend on the GDT).
 */
void desc_tables_load(struct per_cpu *cpu);

/** Load the CPU's own TSS, once the backend saved Linux's TR. */
void desc_tss_load(void);

#endif /* !_ASM_DESC_H */
