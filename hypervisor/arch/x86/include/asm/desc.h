/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_DESC_H
#define _ASM_DESC_H

struct per_cpu;

/** Load the CPU's own GDT, TSS and the hypervisor's IDT. */
void desc_tables_load(struct per_cpu *cpu);

#endif /* !_ASM_DESC_H */
