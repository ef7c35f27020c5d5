/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PCI configuration space as cells see it (docs/isolation.md, "PCI").
 * Every access, by port (0xCF8/0xCFC) or MMCONFIG, reaches the hypervisor,
 * which decides here, for any architecture, and performs what it allows
 * on the hardware (arch/x86/pci.c).
 *
 * - A device a cell does not own looks absent: reads give all ones,
 *   writes vanish. Scanning buses is normal, so this fails no cell.
 * - The root cell reads and writes its own devices freely (it is Linux,
 *   which set them up), as in Jailhouse.
 * - Any other cell reads its devices freely and writes only the command
 *   register (I/O and memory decode, parity and SERR reporting, INTx
 *   disable; bus mastering only for a device its config marks for DMA)
 *   and the status register's write-one-to-clear bits. Everything else,
 *   BARs and capabilities such as MSI first, would let it move a device's
 *   registers over another cell's or aim its interrupts at another
 *   cell's CPUs: such writes are dropped. Two exceptions: it may size
 *   its BARs (all ones written, the size mask read back on the same CPU,
 *   the BAR itself never moves), and with interrupt remapping its MSI
 *   capability is emulated and its MSI-X Enable and Function Mask bits
 *   reach the device (asm/msi.h, asm/msix.h on x86).
 */
#ifndef _JAILHOUSE_PCI_H
#define _JAILHOUSE_PCI_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>

#define PCI_CFG_SPACE_SIZE	4096
#define PCI_CFG_COMMAND		0x04
#define PCI_CMD_IO		0x0001
#define PCI_CMD_MEMORY		0x0002
#define PCI_CMD_MASTER		0x0004
#define PCI_CMD_PARITY		0x0040
#define PCI_CMD_SERR		0x0100
#define PCI_CMD_INTX_DISABLE	0x0400

/* One access to configuration space, as a cell made it. */
struct pci_cfg_access {
	/** The cell's device at that address, NULL if it owns none. */
	const struct jailhouse_pci_device *dev;
	bool root;
	/** Register offset (0 to 4095) and size (1, 2 or 4, aligned). */
	unsigned int reg;
	unsigned int size;
	bool write;
};

enum pci_cfg_result {
	/** Perform on the hardware (a write with the value as filtered). */
	PCI_CFG_PERFORM,
	/** Done: a read's value is set, a write is dropped. */
	PCI_CFG_EMULATED,
};

/**
 * Decide @access; for writes *@value may lose the bits the cell may not
 * set. Reads the hypervisor answers itself get their *@value here.
 */
enum pci_cfg_result pci_cfg_filter(const struct pci_cfg_access *access,
				   __u32 *value);

/** @desc's device at @bdf of PCI segment 0, or NULL. */
const struct jailhouse_pci_device *
pci_desc_device(const struct jailhouse_cell_desc *desc, __u16 bdf);

struct cell;

/**
 * The device at @bdf if @cell owns it: a cell other than the root cell
 * owns what its config lists; the root cell what its config lists and no
 * other cell claims. Under the cell lock or an exit of @cell's.
 */
const struct jailhouse_pci_device *pci_cell_device(const struct cell *cell,
						   __u16 bdf);

/**
 * After a cell is created or destroyed (cell lock): the root cell loses
 * or regains the devices that cell claims, each with bus mastering off.
 * Return: 0, or -errno if the IOMMU did not confirm a move: that device
 * belongs to no cell (blocked) until a later update moves it.
 */
int pci_root_devices_update(void);

/** Clear bus mastering in the command register of @bdf (the arch's). */
void arch_pci_stop_bus_master(__u16 bdf);

/**
 * The hypervisor's own configuration access to @bdf of segment 0
 * (@size 1, 2 or 4 bytes, aligned); reads of what it cannot reach give
 * all ones (the arch's).
 */
__u32 arch_pci_read(__u16 bdf, unsigned int reg, unsigned int size);
void arch_pci_write(__u16 bdf, unsigned int reg, unsigned int size,
		    __u32 value);

#endif /* !_JAILHOUSE_PCI_H */
