// SPDX-License-Identifier: GPL-2.0
/*
 * PCI configuration space through the ports 0xCF8/0xCFC (the first 256
 * bytes of each function), as Jailhouse's inmate library reaches it.
 */
#include <inmate.h>

#define PCI_ADDR_PORT		0xcf8
#define PCI_DATA_PORT		0xcfc
#define PCI_ADDR_ENABLE		0x80000000U
#define PCI_REG_STATUS		0x06
#define PCI_STATUS_CAP_LIST	0x10
#define PCI_REG_CAP_PTR		0x34
#define PCI_NO_DEVICE		0xffff

static void select_reg(u16 bdf, unsigned int reg)
{
	outl(PCI_ADDR_ENABLE | (u32)bdf << 8 | (reg & 0xfc), PCI_ADDR_PORT);
}

u32 pci_read_config(u16 bdf, unsigned int reg, unsigned int size)
{
	u16 port = PCI_DATA_PORT + (reg & 3);

	select_reg(bdf, reg);
	return port_read(port, size);
}

void pci_write_config(u16 bdf, unsigned int reg, u32 value,
		      unsigned int size)
{
	u16 port = PCI_DATA_PORT + (reg & 3);

	select_reg(bdf, reg);
	port_write(port, size, value);
}

int pci_find_device(u16 vendor, u16 device)
{
	unsigned int bdf;
	u32 id;

	for (bdf = 0; bdf <= 0xffff; bdf++) {
		id = pci_read_config(bdf, 0, 4);
		if ((id & 0xffff) == vendor && (id >> 16) == device)
			return bdf;
	}
	return -1;
}

int pci_find_cap(u16 bdf, u8 cap)
{
	unsigned int pos, hops;

	if (!(pci_read_config(bdf, PCI_REG_STATUS, 2) & PCI_STATUS_CAP_LIST))
		return -1;
	pos = pci_read_config(bdf, PCI_REG_CAP_PTR, 1);
	/* At most 48 capabilities fit; a loop in the list ends too. */
	for (hops = 0; pos && hops < 48; hops++) {
		if (pci_read_config(bdf, pos & ~3U, 1) == cap)
			return pos & ~3U;
		pos = pci_read_config(bdf, (pos & ~3U) + 1, 1);
	}
	return -1;
}
