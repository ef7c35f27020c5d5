// SPDX-License-Identifier: GPL-2.0
/*
 * PCI configuration space from a cell (docs/isolation.md, "PCI"): a
 * device the cell does not own (the host bridge, 00:00.0) reads as absent
 * by ports and by MMCONFIG (`mmcfg=`, default the QEMU machine's); with
 * `own=BDF`, the cell's own device reads through both ways, but a write
 * that would move its I/O BAR (0x20) is dropped and bus mastering is
 * masked out of its command register (it is not marked for DMA). All
 * holding, it reports SUCCESS and keeps running.
 */
#include "isolation.h"

#define DEFAULT_MMCFG		0xb0000000UL
#define HOST_BRIDGE		0x0000
#define REG_BAR4		0x20
#define ABSENT			0xffffffffU

const char test_name[] = "pci-cfg";

static unsigned long mmcfg;

static u32 mmcfg_read(u16 bdf, u16 reg)
{
	return mmio_read32(mmcfg + ((unsigned long)bdf << 12) + reg);
}

/* The cell's own device: readable, not movable, no bus master. */
static bool check_own(u16 bdf)
{
	u32 id = pci_conf1_read(bdf, PCI_REG_ID);
	u32 bar = pci_conf1_read(bdf, REG_BAR4);

	if (id == ABSENT || mmcfg_read(bdf, PCI_REG_ID) != id) {
		test_report(TEST_FAILURE, "own device 0x%x reads 0x%x/0x%x",
			    bdf, id, mmcfg_read(bdf, PCI_REG_ID));
		return false;
	}
	pci_conf1_write(bdf, REG_BAR4, 0x1000 | 1);
	if (pci_conf1_read(bdf, REG_BAR4) != bar) {
		test_report(TEST_FAILURE, "BAR moved to 0x%x",
			    pci_conf1_read(bdf, REG_BAR4));
		return false;
	}
	pci_conf1_write(bdf, PCI_REG_COMMAND,
			pci_conf1_read(bdf, PCI_REG_COMMAND) | PCI_CMD_MASTER);
	if (pci_conf1_read(bdf, PCI_REG_COMMAND) & PCI_CMD_MASTER) {
		test_report(TEST_FAILURE, "bus mastering enabled");
		return false;
	}
	printk("%s: own device 0x%x: id 0x%x, BAR 0x%x kept\n", test_name,
	       bdf, id, bar);
	return true;
}

void inmate_main(void)
{
	long long own = cmdline_parse_int(cmdline, "own", -1);
	u32 by_port, by_mmcfg;

	mmcfg = cmdline_parse_int(cmdline, "mmcfg", DEFAULT_MMCFG);
	test_attempt("configuration reads of 00:00.0, not the cell's");
	by_port = pci_conf1_read(HOST_BRIDGE, PCI_REG_ID);
	by_mmcfg = mmcfg_read(HOST_BRIDGE, PCI_REG_ID);
	if (by_port != ABSENT || by_mmcfg != ABSENT)
		test_report(TEST_FAILURE, "00:00.0 reads 0x%x/0x%x", by_port,
			    by_mmcfg);
	else if (own < 0 || check_own(own))
		test_report(TEST_SUCCESS, "foreign devices absent");
	test_park();
}
