/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Semantic rules over validated configs: what `jh-config check` enforces
 * on a set of configs, and what the hypervisor re-checks at cell create
 * (new cell against the system config and every existing cell).
 *
 * Each rule reports every violation it finds through a callback, so that
 * the tool can list them all and the hypervisor can stop at the first.
 * The root cell is recognised as &sys->root_cell. Comm regions have no
 * physical address and take part only in the guest-address overlap rule.
 */
#ifndef _JAILHOUSE_LIB_CONFIG_RULES_H
#define _JAILHOUSE_LIB_CONFIG_RULES_H

#include "config.h"

enum jailhouse_rule {
	JH_RULE_MISALIGNED,		/* region not page-aligned */
	JH_RULE_ZERO_SIZE,		/* region of size 0 */
	JH_RULE_OVERLAP,		/* two regions of a cell overlap */
	JH_RULE_OUTSIDE_ROOT,		/* region not in root memory */
	JH_RULE_CPU_NOT_IN_ROOT,	/* CPU the root cell does not have */
	JH_RULE_CPU_CONFLICT,		/* two cells claim a CPU */
	JH_RULE_MEM_CONFLICT,		/* two cells claim memory */
	JH_RULE_PIO_CONFLICT,		/* two cells claim an I/O port */
	JH_RULE_PCI_CONFLICT,		/* two cells claim a PCI device */
	JH_RULE_IRQ_CONFLICT,		/* two cells claim an IOAPIC pin */
	JH_RULE_HYPERVISOR_MEM,		/* touches hypervisor memory */
	JH_RULE_LOADABLE_NOT_RAM,	/* loadable region that is not RAM */
	JH_RULE_DMA_NO_IOMMU,		/* sandbox DMA device, no IOMMU */
	JH_RULE_BAD_IOMMU,		/* IOMMU index names no unit */
	JH_RULE_BAD_IOAPIC,		/* pin set names no IOAPIC */
	JH_RULE_ROOT_NO_CPU,		/* the root cell keeps no CPU */
	JH_RULE_NAME_CONFLICT,		/* two cells of one name */
	JH_RULE_IVSHMEM_ACCESS,		/* ivshmem region beyond its role */
	JH_RULE_IVSHMEM_PEER,		/* two cells, one ivshmem peer id */
	JH_RULE_IVSHMEM_MISMATCH,	/* ivshmem peers disagree */
	JH_RULE_IOMMU_REGS,		/* touches an IOMMU's registers */
	JH_RULE_IOMMU_BUS,		/* device outside its unit's buses */
	JH_RULE_EMULATED_DEVICE,	/* maps a device the hv keeps */
	JH_RULE_PHYS_BITS,		/* beyond the physical width */
	JH_RULE_GUEST_BITS,		/* beyond the nested tables */
	JH_RULE_IVSHMEM_ROOT,		/* root-peer section not rootshared */
	JH_RULE_FIRMWARE_RAM,		/* RAM the firmware's map lacks */
	JH_RULE_IO_NOT_OWN,		/* I/O memory of no own BAR */
	JH_RULE_ROOT_IRQ,		/* a pin a root driver has */
	JH_RULE_IOAPIC_SID,		/* IOAPIC outside AMD-Vi's tables */
	JH_RULE_COUNT
};

/* x86 maxima: MAXPHYADDR, and 5-level paging. */
#define JAILHOUSE_X86_PHYS_BITS		52
#define JAILHOUSE_X86_GUEST_BITS	57

/* The xAPIC page at its architectural base, which the hypervisor keeps. */
#define JAILHOUSE_X86_APIC_BASE		0xfee00000ULL

/* Index of a violation whose item is not an array (CPU set, name). */
#define JAILHOUSE_VIOLATION_NO_INDEX	0xffffffffU

/* One violation; items are named as in struct jailhouse_config_error. */
struct jailhouse_violation {
	enum jailhouse_rule rule;
	const struct jailhouse_cell_desc *cell;
	const char *item;		/* "memory region", "CPU set"... */
	unsigned int index;		/* or JAILHOUSE_VIOLATION_NO_INDEX */
	/* For conflicts: the other cell and its element, else NULL. */
	const struct jailhouse_cell_desc *other;
	unsigned int other_index;
	/* The CPU, port or address concerned, where one is. */
	__u64 value;
};

struct jailhouse_checker {
	/* Validated system config; the root cell is sys->root_cell. */
	const struct jailhouse_system *sys;
	void (*report)(struct jailhouse_checker *chk,
		       const struct jailhouse_violation *v);
	void *ctx;			/* for the report callback */
	/*
	 * Physical address bits of the CPU and guest-physical bits the
	 * nested page tables translate; 0 for the x86 maxima
	 * (JAILHOUSE_X86_PHYS_BITS, JAILHOUSE_X86_GUEST_BITS).
	 */
	unsigned int phys_bits;
	unsigned int guest_bits;
	/*
	 * Also the rules over what the system config says the machine's
	 * firmware and the root cell's devices use (JH_RULE_FIRMWARE_RAM,
	 * _IO_NOT_OWN, _ROOT_IRQ), where it says it: the offline check.
	 * The loader and the hypervisor check the live machine instead,
	 * and report with the same texts.
	 */
	bool machine_rules;
	/* The cells' policy class allows root-irqs (no JH_RULE_ROOT_IRQ). */
	bool root_irqs_allowed;
	unsigned int violations;	/* counted by the rules */
};

/* Text of a rule, e.g. "region is not page-aligned". */
const char *jailhouse_rule_text(enum jailhouse_rule rule);

/* Region @mem lies wholly in [@base, @base + @size). */
bool jailhouse_region_inside(const struct jailhouse_memory *mem, __u64 base,
			     __u64 size);

/* Region @mem lies in an I/O region @root marks assignable. */
bool jailhouse_root_assignable(const struct jailhouse_cell_desc *root,
			       const struct jailhouse_memory *mem);

/*
 * Rules about one cell alone or against the system config: alignment,
 * size, overlaps, the hypervisor's memory, address widths, loadable
 * regions, IOMMU and IOAPIC references, DMA without IOMMU in a sandbox,
 * and for a non-root cell that its memory and CPUs come from the root
 * cell, that no region's physical range touches a device the hypervisor
 * emulates (whatever its guest address; the IOMMU's registers have their
 * own rule, for every cell), and that it does not take the root cell's
 * name; with machine_rules, the rules over the machine's firmware map,
 * root BARs and root pins.
 */
void jailhouse_check_cell(struct jailhouse_checker *chk,
			  const struct jailhouse_cell_desc *cell);

/* Resources (and the name) claimed by both of two non-root cells. */
void jailhouse_check_pair(struct jailhouse_checker *chk,
			  const struct jailhouse_cell_desc *a,
			  const struct jailhouse_cell_desc *b);

/* The root cell keeps at least one CPU beside @num non-root @cells. */
void jailhouse_check_root_cpus(struct jailhouse_checker *chk,
			       const struct jailhouse_cell_desc *const *cells,
			       unsigned int num);

/*
 * Every rule: the root cell and each of @num non-root @cells alone, every
 * pair of them, and the root's CPUs. Return: number of violations found.
 */
unsigned int jailhouse_check_all(struct jailhouse_checker *chk,
				 const struct jailhouse_cell_desc *const *cells,
				 unsigned int num);

#endif /* !_JAILHOUSE_LIB_CONFIG_RULES_H */
