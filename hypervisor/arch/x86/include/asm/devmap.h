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

/* The one slot that moves: callers serialise on pci_lock (pci.c). */
#define DEVMAP_SLOT_MMCONFIG		0
#define DEVMAP_SLOT_IOAPIC(n)		(1 + (n))
#define DEVMAP_SLOT_IOMMU(n)		(1 + JAILHOUSE_MAX_IOAPICS + (n))
#define DEVMAP_SLOTS			(1 + JAILHOUSE_MAX_IOAPICS + \
					 JAILHOUSE_MAX_IOMMU_UNITS)

/**
 * Show the 2 MiB block around @phys in @slot, uncached (remap_window()).
 * Return: the virtual address of @phys, or NULL.
 */
volatile void *devmap(unsigned int slot, __u64 phys);

#endif /* !_ASM_DEVMAP_H */
