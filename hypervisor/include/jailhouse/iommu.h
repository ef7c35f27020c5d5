/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The IOMMU as the core sees it (docs/isolation.md, "DMA"): every unit
 * of platform.iommu_units is the hypervisor's. Each cell has one DMA
 * address space, guest-physical = DMA address, holding its regions with
 * JAILHOUSE_MEM_DMA (never I/O, the comm region or hypervisor memory);
 * a device sees the space of the cell that owns it, and a device no cell
 * owns sees nothing. The architecture implements these once per vendor
 * (x86: VT-d in arch/x86/vtd.c, behind asm/iommu.h).
 *
 * All but iommu_shutdown() run under the cell lock or during enable.
 */
#ifndef _JAILHOUSE_IOMMU_H
#define _JAILHOUSE_IOMMU_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>

struct cell;

/**
 * Take the units over, once, before the root cell is built: registers
 * checked, translation still off. Return: 0 or -errno (a unit of a type
 * the hypervisor cannot drive refuses the enable).
 */
int iommu_init(void);

/**
 * After the root cell is built and owns its devices: translation on.
 * Return: 0 or -errno.
 */
int iommu_enable(void);

/** Translation off; for disable and a failed enable, any CPU, idempotent. */
void iommu_shutdown(void);

/** Build and free @cell's DMA address space. Return: 0 or -errno. */
int iommu_cell_init(struct cell *cell);
void iommu_cell_exit(struct cell *cell);

/**
 * Map @mem (or part of one of @cell's regions) into @cell's DMA space if
 * it is DMA memory; unmap it, with the IOTLBs invalidated before this
 * returns, so the memory can change hands. Return: 0 or -errno.
 */
int iommu_map_memory(struct cell *cell, const struct jailhouse_memory *mem);
int iommu_unmap_memory(struct cell *cell,
		       const struct jailhouse_memory *mem);

/**
 * @dev (a device of the root cell's config) now belongs to @owner: its
 * DMA goes to @owner's space from now on, or nowhere for NULL. Its bus
 * mastering was switched off before. Return: 0, or -errno if a unit did
 * not confirm the change: @dev is then blocked, its interrupts off.
 */
int iommu_assign_device(const struct jailhouse_pci_device *dev,
			const struct cell *owner);

/**
 * Block the DMA of every device @cell owns (before it is scrubbed).
 * Return: 0, or -errno if a unit did not confirm it for a device.
 */
int iommu_block_cell_devices(const struct cell *cell);

/** Whether an active unit translates @dev's DMA. */
bool iommu_covers(const struct jailhouse_pci_device *dev);

/**
 * Report the DMA faults the units recorded since the last call: logged,
 * counted in the owning cell's statistics, a non-root owner failed. Under
 * the cell lock.
 */
void iommu_check_faults(void);

#endif /* !_JAILHOUSE_IOMMU_H */
