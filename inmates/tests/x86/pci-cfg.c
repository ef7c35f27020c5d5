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

#define CONF1_ADDR_PORT		0xcf8
#define CONF1_DATA_PORT		0xcfc
#define CONF1_ENABLE		0x80000000U
#define DEFAULT_MMCFG		0xb0000000UL
#define HOST_BRIDGE		0x0000
#define REG_ID			0x00
#define REG_COMMAND		0x04
#define REG_BAR4		0x20
#define CMD_MASTER		0x4
#define ABSENT			0xffffffffU

const char test_name[] = "pci-cfg";

static unsigned long mmcfg;

static u32 conf1_read(u16 bdf, u8 reg)
{
	outl(CONF1_ENABLE | (bdf << 8) | reg, CONF1_ADDR_PORT);
	return inl(CONF1_DATA_PORT);
}

static void conf1_write(u16 bdf, u8 reg, u32 value)
{
	outl(CONF1_ENABLE | (bdf << 8) | reg, CONF1_ADDR_PORT);
	outl(value, CONF1_DATA_PORT);
}

static u32 mmcfg_read(u16 bdf, u16 reg)
{
	return mmio_read32(mmcfg + ((unsigned long)bdf << 12) + reg);
}

/* The cell's own device: readable, not movable, no bus master. */
static bool check_own(u16 bdf)
{
	u32 id = conf1_read(bdf, REG_ID), bar = conf1_read(bdf, REG_BAR4);

	if (id == ABSENT || mmcfg_read(bdf, REG_ID) != id) {
		test_report(TEST_FAILURE, "own device 0x%x reads 0x%x/0x%x",
			    bdf, id, mmcfg_read(bdf, REG_ID));
		return false;
	}
	conf1_write(bdf, REG_BAR4, 0x1000 | 1);
	if (conf1_read(bdf, REG_BAR4) != bar) {
		test_report(TEST_FAILURE, "BAR moved to 0x%x",
			    conf1_read(bdf, REG_BAR4));
		return false;
	}
	conf1_write(bdf, REG_COMMAND, conf1_read(bdf, REG_COMMAND) |
		    CMD_MASTER);
	if (conf1_read(bdf, REG_COMMAND) & CMD_MASTER) {
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
	by_port = conf1_read(HOST_BRIDGE, REG_ID);
	by_mmcfg = mmcfg_read(HOST_BRIDGE, REG_ID);
	if (by_port != ABSENT || by_mmcfg != ABSENT)
		test_report(TEST_FAILURE, "00:00.0 reads 0x%x/0x%x", by_port,
			    by_mmcfg);
	else if (own < 0 || check_own(own))
		test_report(TEST_SUCCESS, "foreign devices absent");
	test_park();
}
