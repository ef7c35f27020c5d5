/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IOMMU vendors behind jailhouse/iommu.h. arch/x86/iommu.c keeps what
 * every vendor shares (which memory is DMA memory, who owns a faulting
 * device, failing its cell) and calls one instance of struct
 * iommu_vendor_ops, picked by the type of the platform's units: VT-d
 * (vtd.c) or AMD-Vi (amdvi.c: device table, its own page table format,
 * command buffer, event log, per-device interrupt remapping tables).
 */
#ifndef _ASM_IOMMU_H
#define _ASM_IOMMU_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>

struct cell;

/* One DMA or interrupt remapping fault a unit recorded. */
struct iommu_fault {
	__u16 bdf;		/* requester */
	bool write;
	bool irq;		/* an interrupt request, not DMA */
	unsigned int reason;	/* the vendor's fault reason code */
	__u64 address;		/* DMA address, page-aligned; irq: index */
};

/*
 * Where a remapping entry delivers: an interrupt as an IOAPIC entry
 * describes it (asm/ioapic.h: vector, delivery mode, logical, level,
 * xAPIC destination in bits 56-63). @sid: the requester that may use
 * the entry, or IOMMU_ANY_SID.
 */
struct iommu_irq {
	__u64 rte;
	__u32 sid;
};

#define IOMMU_ANY_SID		0x10000U

struct iommu_vendor_ops {
	/** Take every unit of the type: registers, tables, translation off. */
	int (*init)(void);
	int (*enable)(void);
	/** Translation off; idempotent, any CPU. */
	void (*shutdown)(void);
	/** Empty DMA space for @cell (cell->arch.dma); free it again. */
	int (*cell_init)(struct cell *cell);
	void (*cell_exit)(struct cell *cell);
	/** [dma, dma + size) to [phys, ...) with PAGING_READ/WRITE. */
	int (*map)(struct cell *cell, __u64 dma, __u64 phys, __u64 size,
		   unsigned int access);
	/** Unmap, then invalidate the IOTLBs for @cell's space. */
	int (*unmap)(struct cell *cell, __u64 dma, __u64 size);
	/**
	 * Point @dev at @owner's space, or block it (NULL), the units'
	 * caches invalidated before return. Return: 0, or -errno if a
	 * unit did not confirm: @dev is left blocked.
	 */
	int (*set_device)(const struct jailhouse_pci_device *dev,
			  const struct cell *owner);
	/** Hand every recorded fault to iommu_report_fault(), clear them. */
	void (*poll_faults)(void);
	/**
	 * Interrupt remapping (both NULL: the vendor has none, interrupts
	 * pass as devices write them).
	 * Interrupt remapping entry @index delivers @irq, or nothing (NULL);
	 * the units' entry caches are invalidated before this returns.
	 */
	void (*set_irte)(unsigned int index, const struct iommu_irq *irq);
	/**
	 * Let compatibility-format interrupts through (while devices and
	 * IOAPICs change format at enable and disable) or block them.
	 */
	void (*irq_compat)(bool allow);
	/** The MSI (@addr, @data) a device writes to raise entry @index. */
	void (*msi_remapped)(unsigned int index, __u32 *addr, __u32 *data);
	/** IOAPIC entry @rte (trigger, polarity, mask kept) naming @index. */
	__u64 (*rte_remapped)(__u64 rte, unsigned int index);
};

/* Interrupt remapping entries: 128 per IOAPIC, then MSI vectors. */
#define IOMMU_IRT_ENTRIES	4096
#define IOMMU_IRT_IOAPIC_PINS	128

extern const struct iommu_vendor_ops vtd_ops;
extern const struct iommu_vendor_ops amdvi_ops;

/** Log @fault, count it for the device's owner, fail a non-root owner. */
void iommu_report_fault(const struct iommu_fault *fault);

/** Whether interrupts go through the hypervisor's remapping entries. */
bool iommu_irq_remapping(void);

/**
 * Remapping entry @index delivers @rte (an IOAPIC entry's layout; its
 * mask bit is ignored) for @cell, from requester @sid (IOMMU_ANY_SID:
 * any): if @rte is an interrupt @cell may send (its own CPUs, allowed
 * delivery modes, as apic_rte_allowed()). Else the entry is cleared.
 * Return: false if @rte was refused.
 */
bool iommu_set_irq(unsigned int index, __u32 sid, __u64 rte,
		   const struct cell *cell);

/** The entry is cleared: its interrupts fault. */
void iommu_clear_irq(unsigned int index);

/**
 * @count consecutive entries for a device's MSIs, the first aligned to
 * @count rounded up to a power of two (a multi-message MSI ORs its
 * number into the data). Return: first, or -1.
 */
int iommu_alloc_irqs(unsigned int count);

/** The message a device writes to raise remapping entry @index. */
void iommu_msi_remapped(unsigned int index, __u32 *addr, __u32 *data);

/** IOAPIC entry @rte in the remapped form that names entry @index. */
__u64 iommu_rte_remapped(__u64 rte, unsigned int index);

#endif /* !_ASM_IOMMU_H */
