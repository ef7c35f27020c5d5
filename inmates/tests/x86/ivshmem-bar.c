// SPDX-License-Identifier: GPL-2.0
/*
 * An ivshmem BAR over a page the hypervisor emulates for every cell
 * (issue 22 item 2): the cell's ivshmem device (`own=BDF`, default
 * 01:0e.0) takes BAR0 in the cell's free space, but placing it at
 * `bar=ADDR` (the root's e1000e MSI-X table page) is ignored, whether
 * written while memory decoding is on or written with decoding off and
 * decoding turned on afterwards: BAR0 keeps its value, decoding stays
 * off. All holding, it reports SUCCESS and keeps running; the root side
 * checks that its own accesses to that page still reach the table.
 */
#include "isolation.h"

#define REG_BAR0		0x10
#define FREE_BAR		0x10000000U	/* no region, no emulated page */
#define DEFAULT_BDF		0x170		/* 01:0e.0 */

const char test_name[] = "ivshmem-bar";

static u16 bdf;

static void decoding(bool on)
{
	u32 command = pci_conf1_read(bdf, PCI_REG_COMMAND) & 0xffff;

	pci_conf1_write(bdf, PCI_REG_COMMAND, on ? command | PCI_CMD_MEMORY :
			command & ~PCI_CMD_MEMORY);
}

static bool decodes(void)
{
	return pci_conf1_read(bdf, PCI_REG_COMMAND) & PCI_CMD_MEMORY;
}

void inmate_main(void)
{
	u32 target = cmdline_parse_int(cmdline, "bar", 0);
	u32 bar;

	bdf = cmdline_parse_int(cmdline, "own", DEFAULT_BDF);
	test_attempt("ivshmem 0x%x: BAR0 over 0x%x", bdf, target);
	decoding(false);
	pci_conf1_write(bdf, REG_BAR0, FREE_BAR);
	decoding(true);
	bar = pci_conf1_read(bdf, REG_BAR0);
	if (bar != FREE_BAR || !decodes()) {
		test_report(TEST_FAILURE, "BAR0 0x%x in free space refused",
			    FREE_BAR);
		test_park();
	}
	pci_conf1_write(bdf, REG_BAR0, target);
	bar = pci_conf1_read(bdf, REG_BAR0);
	decoding(false);
	pci_conf1_write(bdf, REG_BAR0, target);
	decoding(true);
	if (bar != FREE_BAR)
		test_report(TEST_FAILURE, "BAR0 moved to 0x%x, decoding", bar);
	else if (decodes())
		test_report(TEST_FAILURE, "decoding on with BAR0 at 0x%x",
			    target);
	else
		test_report(TEST_SUCCESS, "BAR0 over 0x%x ignored", target);
	test_park();
}
