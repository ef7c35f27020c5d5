// SPDX-License-Identifier: GPL-2.0
/*
 * Whether a cell may program a redirection entry; see asm/ioapic-rte.h.
 * Plain logic, also built for the host.
 */
#include <asm/ioapic-rte.h>
#include <asm/ioapic.h>

/* The bits an entry shares with an ICR: vector, delivery, destination. */
#define RTE_AS_ICR	(APIC_ICR_VECTOR | APIC_ICR_DLVR_MASK | \
			 APIC_ICR_LOGICAL | (0xffULL << APIC_XAPIC_DEST_SHIFT))

static bool delivery_allowed(__u64 rte, bool root)
{
	switch ((rte & APIC_ICR_DLVR_MASK) >> APIC_ICR_DLVR_SHIFT) {
	case APIC_ICR_DLVR_FIXED:
	case APIC_ICR_DLVR_LOWPRI:
		return true;
	case APIC_ICR_DLVR_NMI:
	case IOAPIC_RTE_DLVR_EXTINT:
		return root;
	default:
		/* SMI, INIT, reserved. */
		return false;
	}
}

bool ioapic_rte_allowed(__u64 rte, const struct apic_cpu *cpus,
			unsigned int num, __u64 cell_cpus, bool root)
{
	struct apic_icr icr = {
		.value = rte & RTE_AS_ICR,
		.cell_cpus = cell_cpus,
		.root = root,
	};

	if (rte & IOAPIC_RTE_MASKED)
		return true;
	if (!delivery_allowed(rte, root))
		return false;
	return !(apic_icr_targets(&icr, cpus, num) & ~cell_cpus);
}

bool ioapic_eoi_applies(__u32 low, __u8 vector, bool owned)
{
	return owned && (low & APIC_ICR_VECTOR) == vector &&
	       (low & APIC_ICR_LEVEL) && (low & IOAPIC_RTE_REMOTE_IRR);
}
