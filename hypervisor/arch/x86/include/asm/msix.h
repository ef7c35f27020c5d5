/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MSI-X tables under interrupt remapping (docs/isolation.md, "Interrupt
 * remapping"). At enable, every device of the root cell's config with an
 * MSI-X capability has its table found (Table BIR and offset, table
 * size, bounded by the BAR as the hardware decodes it) and the table's
 * pages taken out of every cell's nested tables. Accesses to them exit
 * and are emulated here: an entry's address, upper address and data are
 * kept as the owner writes them, read back so, and turned into a
 * remapping entry of the device's own (aimed at the owner's CPUs only:
 * else the root cell's write is dropped and logged, another cell is
 * failed); the hardware entry holds the remapped-format address naming
 * it. Vector control, the pending bits and anything else on those pages
 * go to the hardware as accessed. A device whose table cannot be taken
 * (too large, outside its BAR, entries exhausted) is logged and keeps
 * compatibility-format interrupts allowed (msix_compat_needed()).
 * msix-table.c is the bounds logic (host-tested), msix.c the rest.
 */
#ifndef _ASM_MSIX_H
#define _ASM_MSIX_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>
#include <asm/msi.h>

#define MSIX_ENTRY_SIZE		16U
/* Entries per device the hypervisor remaps; a larger table is refused. */
#define MSIX_MAX_ENTRIES	64U
/* Message Control: table size (N - 1); Table Offset/BIR register. */
#define MSIX_CTRL_TABLE_SIZE	0x07ffU
#define MSIX_TABLE_BIR		0x7U
#define MSIX_TABLE_OFFSET	(~0x7U)

/* Where a device's table is: @entries entries from @phys. */
struct msix_table {
	__u64 phys;
	unsigned int entries;
};

/**
 * The table that the capability's Message Control word @ctrl and Table
 * Offset/BIR register @table_reg describe, in the memory BAR the BIR
 * names, which decodes @bar_size bytes at @bar_base.
 * Return: 0, -EINVAL (no BAR, a BAR that wraps), -E2BIG (more than
 * MSIX_MAX_ENTRIES entries) or -ERANGE (the table leaves the BAR).
 */
int msix_table_locate(__u16 ctrl, __u32 table_reg, __u64 bar_base,
		      __u64 bar_size, struct msix_table *t);

/**
 * Whether @addr lies in table @t: then its entry in *@entry and its
 * byte offset in the entry (0-15) in *@offset.
 */
bool msix_table_entry(const struct msix_table *t, __u64 addr,
		      unsigned int *entry, unsigned int *offset);

/** The whole pages that hold table @t, in *@start and *@size. */
void msix_table_pages(const struct msix_table *t, __u64 *start, __u64 *size);

struct cell;
struct per_cpu;

/**
 * Every intercepted table to the hardware again: remapped-format entries
 * while iommu_irq_remapping(), else the root cell's messages as written.
 * The first call finds the tables, reserves their remapping entries and
 * takes their pages out of the root cell's nested tables.
 * Return: 0, or -errno if that failed (the tables are left alone).
 */
int msix_reprogram(void);

/**
 * Whether a root device's MSI-X table is not intercepted, so that its
 * interrupts still need the compatibility format (CFI).
 */
bool msix_compat_needed(void);

/**
 * @dev now belongs to @owner (NULL: nobody): MSI-X disabled and every
 * entry masked and cleared first; the root cell's entries and control
 * word are kept while another cell has the device and given back.
 */
void msix_device_moved(const struct jailhouse_pci_device *dev,
		       const struct cell *owner);

/**
 * A configuration access of @cpu's cell to its device @dev: the root
 * cell's writes to the BAR that holds an intercepted table are dropped
 * (the table would leave the hypervisor's trap), another cell may set
 * MSI-X Enable and Function Mask in the control word.
 */
enum msi_cfg_result msix_cfg_access(struct per_cpu *cpu,
				    const struct jailhouse_pci_device *dev,
				    unsigned int reg, unsigned int size,
				    bool write, __u32 *value);

/** The pages of the @n-th intercepted table (mmio_emulated_range()). */
bool msix_emulated_range(unsigned int n, __u64 *start, __u64 *size);

/** Whether @gpa is on the pages of an intercepted table. */
bool msix_mmio_claims(__u64 gpa);

/** The mmio_access_t of those pages. */
bool msix_mmio_access(struct per_cpu *cpu, __u64 gpa, unsigned int size,
		      bool write, __u32 *value);

#endif /* !_ASM_MSIX_H */
