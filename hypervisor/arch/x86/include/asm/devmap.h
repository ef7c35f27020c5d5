/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Uncached windows onto device registers the hypervisor itself drives
 * (IOAPICs, PCI MMCONFIG, IOMMU units). Each slot is one 2 MiB page in the page
 * directory that holds the hypervisor, so mapping allocates no table and
 * the pool use stays the same.
 */
#ifndef _ASM_DEVMAP_H
#define _ASM_DEVMAP_H

#include <jailhouse/cell-config.h>
#include <jailhouse/types.h>

/*
 * The slots that move: MMCONFIG's callers serialise on pci_lock (pci.c),
 * MSI-X's on the MSI-X lock (msix.c).
 */
#define DEVMAP_SLOT_MMCONFIG		0
#define DEVMAP_SLOT_IOAPIC(n)		(1 + (n))
#define DEVMAP_SLOT_IOMMU(n)		(1 + JAILHOUSE_MAX_IOAPICS + (n))
#define DEVMAP_SLOT_MSIX		(1 + JAILHOUSE_MAX_IOAPICS + \
					 JAILHOUSE_MAX_IOMMU_UNITS)
#define DEVMAP_SLOTS			(DEVMAP_SLOT_MSIX + 1)

/**
 * Show the 2 MiB block around @phys in @slot, uncached (remap_window()).
 * Return: the virtual address of @phys, or NULL.
 */
volatile void *devmap(unsigned int slot, __u64 phys);

/** A register access of @size bytes (1, 2 or 4) at @p, as one access. */
__u32 devmap_read(volatile void *p, unsigned int size);
void devmap_write(volatile void *p, unsigned int size, __u32 value);

#endif /* !_ASM_DEVMAP_H */
