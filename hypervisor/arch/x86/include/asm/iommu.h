/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IOMMU vendors behind jailhouse/iommu.h. arch/x86/iommu.c keeps what
 * every vendor shares (which memory is DMA memory, who owns a faulting
 * device, failing its cell) and calls one instance of struct
 * iommu_vendor_ops, picked by the type of the platform's units: VT-d
 * (vtd.c) today; an AMD-Vi unit (device table, its own page table
 * format, command buffer, event log) would be a second instance.
 */
#ifndef _ASM_IOMMU_H
#define _ASM_IOMMU_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>

struct cell;

/* One DMA fault a unit recorded. */
struct iommu_fault {
	__u16 bdf;		/* requester */
	bool write;
	unsigned int reason;	/* the vendor's fault reason code */
	__u64 address;		/* DMA address, page-aligned */
};

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
	/** Point @dev at @owner's space, or block it (NULL). */
	void (*set_device)(const struct jailhouse_pci_device *dev,
			   const struct cell *owner);
	/** Hand every recorded fault to iommu_report_fault(), clear them. */
	void (*poll_faults)(void);
};

extern const struct iommu_vendor_ops vtd_ops;

/** Log @fault, count it for the device's owner, fail a non-root owner. */
void iommu_report_fault(const struct iommu_fault *fault);

#endif /* !_ASM_IOMMU_H */
