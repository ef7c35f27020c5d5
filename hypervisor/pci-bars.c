// SPDX-License-Identifier: GPL-2.0
/*
 * Which device memory a cell other than the root cell may map
 * (jailhouse/pci-bars.h): each of its I/O regions lies in a memory BAR of
 * one of its own PCI devices, as the hardware reports it at create, or
 * in one I/O region of the root cell marked assignable; and the size
 * masks such a cell reads when it sizes its BARs. Plain logic over
 * arch_pci_read()/arch_pci_write(), also built for the host.
 */
#include <jailhouse/pci-bars.h>
#include <jailhouse/pci.h>

#include "config.h"
#include "config_rules.h"

#define PCI_CFG_HEADER_TYPE	0x0e
#define PCI_HEADER_TYPE_MASK	0x7f
#define PCI_CFG_BAR0		0x10
#define PCI_BAR_IO		0x1
#define PCI_BAR_TYPE_MASK	0x6
#define PCI_BAR_TYPE_64		0x4
#define PCI_BAR_FLAGS		0xfULL
#define HIGH_DWORD		0xffffffff00000000ULL

/* BARs of a type 0 (device) and a type 1 (bridge) header. */
static unsigned int bar_count(__u16 bdf)
{
	__u32 type = arch_pci_read(bdf, PCI_CFG_HEADER_TYPE, 1) &
		     PCI_HEADER_TYPE_MASK;

	return type == 0 ? 6 : type == 1 ? 2 : 0;
}

/* A BAR register's value, and in *@mask what sticks of all ones. */
static __u32 probe(__u16 bdf, unsigned int reg, __u32 *mask)
{
	__u32 value = arch_pci_read(bdf, reg, 4);

	arch_pci_write(bdf, reg, 4, ~0U);
	*mask = arch_pci_read(bdf, reg, 4);
	arch_pci_write(bdf, reg, 4, value);
	return value;
}

/*
 * Memory BAR @n of @bdf in *@base and *@size (0: none, or I/O ports).
 * Return: the BAR registers it takes, 1 or 2 (64 bits wide).
 */
static unsigned int bar_range(__u16 bdf, unsigned int n, __u64 *base,
			      __u64 *size)
{
	unsigned int reg = PCI_CFG_BAR0 + 4 * n;
	__u32 lo, lo_mask, hi = 0, hi_mask = ~0U;
	bool wide;
	__u64 bits;

	*size = 0;
	lo = probe(bdf, reg, &lo_mask);
	if (lo & PCI_BAR_IO)
		return 1;
	wide = (lo & PCI_BAR_TYPE_MASK) == PCI_BAR_TYPE_64 && n + 1 < 6;
	if (wide)
		hi = probe(bdf, reg + 4, &hi_mask);
	bits = (((__u64)hi_mask << 32) | lo_mask) & ~PCI_BAR_FLAGS;
	if (bits && bits != HIGH_DWORD) {
		*base = (((__u64)hi << 32) | lo) & ~PCI_BAR_FLAGS;
		*size = ~bits + 1;
	}
	return wide ? 2 : 1;
}

bool pci_is_bar(__u16 bdf, unsigned int reg)
{
	return reg >= PCI_CFG_BAR0 && reg < PCI_CFG_BAR0 + 4 * bar_count(bdf) &&
	       !(reg & 3);
}

__u32 pci_bar_mask(__u16 bdf, unsigned int reg)
{
	__u32 command = arch_pci_read(bdf, PCI_CFG_COMMAND, 2), mask;

	arch_pci_write(bdf, PCI_CFG_COMMAND, 2,
		       command & ~(PCI_CMD_IO | PCI_CMD_MEMORY));
	probe(bdf, reg, &mask);
	arch_pci_write(bdf, PCI_CFG_COMMAND, 2, command);
	return mask;
}

unsigned int pci_bar_at(__u16 bdf, unsigned int index, __u64 *base,
			__u64 *size)
{
	__u32 command = arch_pci_read(bdf, PCI_CFG_COMMAND, 2);
	unsigned int n, count = bar_count(bdf), step = 1;

	*size = 0;
	arch_pci_write(bdf, PCI_CFG_COMMAND, 2, command & ~PCI_CMD_MEMORY);
	for (n = 0; n < count && n <= index; n += step) {
		step = bar_range(bdf, n, base, size);
		if (n != index)
			*size = 0;
	}
	arch_pci_write(bdf, PCI_CFG_COMMAND, 2, command);
	return *size ? step : 0;
}

/* Memory decoding is off while the BARs are sized, as Linux does it. */
static bool in_bar_of(const struct jailhouse_memory *mem, __u16 bdf)
{
	__u32 command = arch_pci_read(bdf, PCI_CFG_COMMAND, 2);
	unsigned int n, step, count = bar_count(bdf);
	__u64 base = 0, size;
	bool found = false;

	arch_pci_write(bdf, PCI_CFG_COMMAND, 2, command & ~PCI_CMD_MEMORY);
	for (n = 0; n < count && !found; n += step) {
		step = bar_range(bdf, n, &base, &size);
		found = jailhouse_region_inside(mem, base, size);
	}
	arch_pci_write(bdf, PCI_CFG_COMMAND, 2, command);
	return found;
}

static bool io_region_allowed(const struct jailhouse_memory *mem,
			      const struct jailhouse_cell_desc *desc,
			      const struct jailhouse_cell_desc *root)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(desc);
	unsigned int n;

	if (jailhouse_root_assignable(root, mem))
		return true;
	for (n = 0; n < desc->num_pci_devices; n++)
		if (dev[n].domain == 0 && in_bar_of(mem, dev[n].bdf))
			return true;
	return false;
}

int pci_io_region_refused(const struct jailhouse_cell_desc *desc,
			  const struct jailhouse_cell_desc *root)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(desc);
	unsigned int n;

	for (n = 0; n < desc->num_memory_regions; n++)
		if ((mem[n].flags & JAILHOUSE_MEM_IO) &&
		    !(mem[n].flags & JAILHOUSE_MEM_COMM_REGION) &&
		    !io_region_allowed(&mem[n], desc, root))
			return n;
	return -1;
}
