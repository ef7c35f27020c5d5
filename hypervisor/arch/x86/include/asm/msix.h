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
 * go to the hardware as accessed. The entries' copies are sized from
 * each table. A device whose table cannot be taken (outside its BAR,
 * memory or remapping entries exhausted) is logged and keeps
 * compatibility-format interrupts allowed (msix_compat_needed()); cells
 * with DMA devices are then refused (msix_cell_check()).
 * The table's bounds logic (host-tested) is msix-table.c
 * (asm/msix-table.h), the rest msix.c.
 */
#ifndef _ASM_MSIX_H
#define _ASM_MSIX_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>
#include <asm/msi.h>
#include <asm/msix-table.h>

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
 * While msix_compat_needed(), a cell with a PCI device flagged for DMA
 * could raise any interrupt on any CPU by a DMA write to 0xfee00000:
 * refused, logged with the device and the root device that keeps the
 * format open. Return: 0 or -EPERM.
 */
int msix_cell_check(const struct jailhouse_cell_desc *desc);

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
