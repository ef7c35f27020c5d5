// SPDX-License-Identifier: GPL-2.0
/*
 * Where a device's MSI-X table lies; see asm/msix-table.h. The capability and
 * the BAR come from the device and are checked as hostile input: no
 * table may reach past its BAR or wrap. Plain logic, also built for the
 * host.
 */
#include <jailhouse/errno.h>
#include <jailhouse/percpu.h>	/* PAGE_SIZE */
#include <asm/msix-table.h>

#include "config.h"

int msix_table_locate(__u16 ctrl, __u32 table_reg, __u64 bar_base,
		      __u64 bar_size, struct msix_table *t)
{
	unsigned int entries = (ctrl & MSIX_CTRL_TABLE_SIZE) + 1;
	__u64 offset = table_reg & MSIX_TABLE_OFFSET;

	if (!bar_size || bar_base + bar_size < bar_base)
		return -EINVAL;
	if (offset >= bar_size ||
	    bar_size - offset < (__u64)entries * MSIX_ENTRY_SIZE)
		return -ERANGE;
	t->phys = bar_base + offset;
	t->entries = entries;
	return 0;
}

bool msix_table_entry(const struct msix_table *t, __u64 addr,
		      unsigned int *entry, unsigned int *offset)
{
	__u64 rel = addr - t->phys;

	if (addr < t->phys || rel >= (__u64)t->entries * MSIX_ENTRY_SIZE)
		return false;
	*entry = rel / MSIX_ENTRY_SIZE;
	*offset = rel % MSIX_ENTRY_SIZE;
	return true;
}

void msix_table_pages(const struct msix_table *t, __u64 *start, __u64 *size)
{
	__u64 end = t->phys + (__u64)t->entries * MSIX_ENTRY_SIZE;

	*start = t->phys & ~(__u64)(PAGE_SIZE - 1);
	*size = ((end + PAGE_SIZE - 1) & ~(__u64)(PAGE_SIZE - 1)) - *start;
}

int msix_dma_device(const struct jailhouse_cell_desc *desc)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(desc);
	unsigned int n;

	for (n = 0; n < desc->num_pci_devices; n++)
		if (dev[n].flags & JAILHOUSE_PCI_FLAG_DMA)
			return n;
	return -1;
}
