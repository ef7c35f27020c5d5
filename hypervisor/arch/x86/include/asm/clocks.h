/* SPDX-License-Identifier: GPL-2.0 */
/* TSC and APIC timer frequencies (clocks.c). */
#ifndef _ASM_CLOCKS_H
#define _ASM_CLOCKS_H

/**
 * Take the frequencies from the system config or measure them; after
 * ipi_init() (the xAPIC window), with Linux stopped on this CPU.
 */
void clocks_init(void);

/**
 * Self, on a CPU starting in a cell other than the root cell (Linux does
 * not use its timer): the APIC timer's frequency, measured here the first
 * time if the system config gives none.
 */
__u32 clocks_cell_cpu_apic_khz(void);

#endif /* !_ASM_CLOCKS_H */
