/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which redirection entries and directed EOIs a cell may have
 * (ioapic-rte.c), host-tested; ioapic.c applies them.
 */
#ifndef _ASM_IOAPIC_RTE_H
#define _ASM_IOAPIC_RTE_H

#include <stdbool.h>
#include <jailhouse/types.h>

struct apic_cpu;

/**
 * Whether a cell with @cell_cpus (root: @root) may have @rte in a pin
 * it owns; the destination is matched against @cpus (@num of them) as
 * an IPI's would be.
 */
bool ioapic_rte_allowed(__u64 rte, const struct apic_cpu *cpus,
			unsigned int num, __u64 cell_cpus, bool root);

/**
 * Whether a directed EOI of @vector by a cell other than the root cell
 * clears the Remote IRR of the entry whose low half is @low, and which
 * the cell owns if @owned: only its own level-triggered entries with that
 * vector. (The hardware's EOI register would clear every entry with the
 * vector, other cells' and the root cell's too.)
 */
bool ioapic_eoi_applies(__u32 low, __u8 vector, bool owned);

#endif /* !_ASM_IOAPIC_RTE_H */
