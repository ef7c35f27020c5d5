/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Device memory a cell other than the root cell may map, and the BAR
 * size masks it reads (hypervisor/pci-bars.c).
 */
#ifndef _JAILHOUSE_PCI_BARS_H
#define _JAILHOUSE_PCI_BARS_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>

/**
 * The first I/O region of the non-root cell @desc that lies neither in
 * one memory BAR of a PCI device @desc lists (as the hardware reports it
 * now: each device's BARs are sized with its memory decoding off for a
 * moment) nor in one I/O region of the root cell @root marked
 * JAILHOUSE_MEM_ASSIGNABLE. A region cannot span two BARs.
 * Return: its index, or -1 if every I/O region is allowed.
 */
int pci_io_region_refused(const struct jailhouse_cell_desc *desc,
			  const struct jailhouse_cell_desc *root);

/**
 * Memory BAR @index of @bdf (0-5) as the hardware decodes it now, in
 * *@base and *@size, sized with memory decoding off for a moment.
 * Return: the BAR registers it takes, from its type bits (2 for a 64-bit
 * BAR wherever it lies, else 1), or 0 if @index names no memory BAR (I/O
 * ports, nothing, the upper half of a 64-bit BAR, past the header's BARs).
 */
unsigned int pci_bar_at(__u16 bdf, unsigned int index, __u64 *base,
			__u64 *size);

/** Whether @reg is a BAR register of @bdf's header (type 0 or 1). */
bool pci_is_bar(__u16 bdf, unsigned int reg);

/**
 * The BAR register @reg of @bdf as it reads after all ones were written
 * (its size mask and flags), found with the device's decoding off for a
 * moment; the BAR keeps its value.
 */
__u32 pci_bar_mask(__u16 bdf, unsigned int reg);

#endif /* !_JAILHOUSE_PCI_BARS_H */
