/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypervisor's own interrupts to other CPUs: NMIs through the local
 * APIC, in whichever mode Linux put it (xAPIC MMIO or x2APIC MSRs).
 */
#ifndef _ASM_IPI_H
#define _ASM_IPI_H

#include <stdbool.h>
#include <jailhouse/types.h>

/**
 * Map the xAPIC page if the APIC is in xAPIC mode; once, globally.
 * Return: 0 or -errno.
 */
int ipi_init(void);

/** The local APIC id of the calling CPU. */
__u32 apic_id_self(void);

/** Whether the calling CPU's APIC is in x2APIC mode. */
bool x2apic_mode(void);

/** Register @offset of the xAPIC page (xAPIC mode, after ipi_init()). */
volatile __u32 *xapic_reg(unsigned int offset);

/**
 * Send an IPI to local APIC id @apic_id, physical mode, no shorthand;
 * @icr_low gives vector, delivery mode, level and trigger mode.
 */
void ipi_send(__u32 apic_id, __u32 icr_low);

/** Send an NMI to the CPU with local APIC id @apic_id. */
void ipi_send_nmi(__u32 apic_id);

#endif /* !_ASM_IPI_H */
