// SPDX-License-Identifier: GPL-2.0
/*
 * Configuration space decisions of jailhouse/pci.h; plain logic, also
 * built for the host.
 */
#include <jailhouse/access-size.h>
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/iommu.h>
#include <jailhouse/pci.h>

#include "config.h"

/* Command bits any cell may set; bus mastering needs the DMA flag. */
#define CMD_ALLOWED	(PCI_CMD_IO | PCI_CMD_MEMORY | PCI_CMD_PARITY | \
			 PCI_CMD_SERR | PCI_CMD_INTX_DISABLE)
/* The status register above the command register: write one to clear. */
#define STATUS_W1C		0xffff0000U
#define DWORD_MASK		(~3U)

/*
 * Who owns each of the root cell's devices (index as in its config): 0
 * for the root cell, else the id of the cell that claims it, or
 * OWNER_BLOCKED. Written under the cell lock, read by the root cell's
 * exits without it.
 */
static __u8 root_device_owner[JAILHOUSE_MAX_PCI_DEVICES];

/* No cell's id: the IOMMU did not confirm the device's last move. */
#define OWNER_BLOCKED		0xff

/* The bits of the command/status dword a non-root cell may write. */
static __u32 command_write_mask(const struct jailhouse_pci_device *dev)
{
	__u32 mask = CMD_ALLOWED | STATUS_W1C;

	if (dev->flags & JAILHOUSE_PCI_FLAG_DMA)
		mask |= PCI_CMD_MASTER;
	return mask;
}

enum pci_cfg_result pci_cfg_filter(const struct pci_cfg_access *access,
				   __u32 *value)
{
	unsigned int shift = 8 * (access->reg & 3);

	if (!access->dev) {
		if (!access->write)
			*value = access_size_mask(access->size);
		return PCI_CFG_EMULATED;
	}
	if (access->root || !access->write)
		return PCI_CFG_PERFORM;
	if ((access->reg & DWORD_MASK) != PCI_CFG_COMMAND)
		return PCI_CFG_EMULATED;
	*value &= (command_write_mask(access->dev) >> shift) &
		  access_size_mask(access->size);
	return PCI_CFG_PERFORM;
}

static int desc_device_index(const struct jailhouse_cell_desc *desc,
			     __u16 bdf)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(desc);
	unsigned int n;

	for (n = 0; n < desc->num_pci_devices; n++)
		if (dev[n].domain == 0 && dev[n].bdf == bdf)
			return n;
	return -1;
}

const struct jailhouse_pci_device *
pci_desc_device(const struct jailhouse_cell_desc *desc, __u16 bdf)
{
	int n = desc_device_index(desc, bdf);

	return n < 0 ? NULL : &jailhouse_cell_pci_devices(desc)[n];
}

const struct jailhouse_pci_device *pci_cell_device(const struct cell *cell,
						   __u16 bdf)
{
	int n;

	if (cell != &root_cell)
		return pci_desc_device(cell->config, bdf);
	n = desc_device_index(cell->config, bdf);
	if (n < 0 || atomic_load_acquire(&root_device_owner[n]))
		return NULL;
	return &jailhouse_cell_pci_devices(cell->config)[n];
}

/* The owner of root device @n: the first cell that lists it, or 0. */
static __u8 root_device_owner_of(unsigned int n)
{
	const struct jailhouse_pci_device *dev =
		&jailhouse_cell_pci_devices(root_cell.config)[n];
	struct cell *cell;
	unsigned int slot;

	/* Each cell has an endpoint of its own of a virtual device. */
	if (dev->type == JAILHOUSE_PCI_TYPE_IVSHMEM)
		return 0;
	for_each_cell(slot, cell)
		if (dev->domain == 0 && pci_desc_device(cell->config, dev->bdf))
			return cell->id;
	return 0;
}

/*
 * A device that changes hands stops mastering the bus first: whatever
 * DMA its old owner set up must not land in memory the new one gets.
 * Then the IOMMU points it at its new owner's memory; if it did not
 * confirm that, the device stays blocked, and the next update tries
 * again.
 */
int pci_root_devices_update(void)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(root_cell.config);
	unsigned int n;
	__u8 owner;
	int err = 0, ret;

	for (n = 0; n < root_cell.config->num_pci_devices &&
		    n < JAILHOUSE_MAX_PCI_DEVICES; n++) {
		owner = root_device_owner_of(n);
		if (owner == root_device_owner[n])
			continue;
		if (dev[n].domain == 0)
			arch_pci_stop_bus_master(dev[n].bdf);
		ret = iommu_assign_device(&dev[n], cell_find(owner));
		atomic_store_release(&root_device_owner[n],
				     ret ? OWNER_BLOCKED : owner);
		err = ret ?: err;
	}
	return err;
}
