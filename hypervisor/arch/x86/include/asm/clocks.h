/* SPDX-License-Identifier: GPL-2.0 */
/* TSC and APIC timer frequencies (clocks.c). */
#ifndef _ASM_CLOCKS_H
#define _ASM_CLOCKS_H

/**
 * Take the frequencies from the system config or measure them; after
 * ipi_init() (the xAPIC window), with Linux stopped on this CPU.
 */
void clocks_init(void);

#endif /* !_ASM_CLOCKS_H */
