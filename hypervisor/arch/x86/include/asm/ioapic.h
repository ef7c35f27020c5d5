/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The IOAPICs as cells see them (docs/isolation.md, "IOAPIC"). No cell
 * maps their pages; each access exits and is emulated: the register
 * select is kept per CPU, the hypervisor alone drives the real one.
 *
 * - ID, version and arbitration registers read through; only the root
 *   cell may write (the ID).
 * - A redirection entry of a pin the cell owns reads and writes through,
 *   if the entry, once written, is masked or delivers (fixed or lowest
 *   priority; NMI and ExtINT for the root cell only) to the cell's own
 *   CPUs. A pin it does not own reads as masked.
 * - A refused write, or a write that would unmask a pin it does not own:
 *   the root cell's is dropped and logged, any other cell fails. Writes
 *   that leave a pin it does not own masked are dropped silently (Linux
 *   masks every pin at boot).
 * - Pins change hands masked, at cell create and destroy.
 * - Directed EOI (offset 0x40): the root cell's goes to the hardware;
 *   another cell's clears Remote IRR of its own pins with the vector
 *   only (ioapic_eoi_applies()).
 *
 * ioapic-rte.c holds the decision (host-tested), ioapic.c applies it.
 */
#ifndef _ASM_IOAPIC_H
#define _ASM_IOAPIC_H

#include <stdbool.h>
#include <jailhouse/types.h>
#include <asm/apic.h>

/* MMIO offsets and register indices. */
#define IOAPIC_REG_SELECT	0x00
#define IOAPIC_REG_WINDOW	0x10
#define IOAPIC_REG_EOI		0x40
#define IOAPIC_ID		0x00
#define IOAPIC_VERSION		0x01
#define IOAPIC_ARBITRATION	0x02
#define IOAPIC_RTE_BASE		0x10
#define IOAPIC_VERSION_MAX_RTE_SHIFT	16

/* Redirection entry bits beyond those it shares with the ICR. */
#define IOAPIC_RTE_POLARITY	(1U << 13)
#define IOAPIC_RTE_REMOTE_IRR	(1U << 14)
#define IOAPIC_RTE_MASKED	(1ULL << 16)
#define IOAPIC_RTE_DLVR_EXTINT	7

struct per_cpu;

/** Read the IOAPICs' sizes and take the pins' owners; at arch_init(). */
void ioapic_init(void);

/** The index of the IOAPIC whose page holds @gpa, or -1. */
int ioapic_of(__u64 gpa);

/** An access to an IOAPIC page; an mmio_access_t of asm/mmio.h. */
bool ioapic_mmio_access(struct per_cpu *cpu, __u64 gpa, unsigned int size,
			bool write, __u32 *value);

/**
 * Every pin's entry to the hardware again, as its owner wrote it or,
 * while iommu_irq_remapping(), remapped: when remapping goes on or off.
 * The owners read their entries as they wrote them either way.
 */
void ioapic_reprogram(void);

/**
 * After a cell is created or destroyed (cell lock): the root cell loses
 * or regains that cell's pins, which are masked as they change hands.
 */
void ioapic_root_pins_update(void);

#endif /* !_ASM_IOAPIC_H */
