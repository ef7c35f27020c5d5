// SPDX-License-Identifier: GPL-2.0
/*
 * DMA by a cell's own device (docs/isolation.md, "DMA"): QEMU's edu at
 * 00:03.0 (BAR0 at `bar=`, default 0xfea00000, mapped in the cell), bus
 * mastering switched on by the cell, copies 2 KiB of the cell's RAM
 * through its buffer into another page: that must work. Then it writes
 * its buffer to `addr=` (default 0x3e002000, root memory): the IOMMU
 * must block that, and the hypervisor fail the cell once it sees the
 * fault; the root side checks its memory there is unchanged.
 */
#include "isolation.h"

#define EDU_BDF			0x0018		/* 00:03.0 */
#define DEFAULT_BAR		0xfea00000UL
#define DEFAULT_ADDR		0x3e002000
#define EDU_DMA_SRC		0x80
#define EDU_DMA_DST		0x88
#define EDU_DMA_COUNT		0x90
#define EDU_DMA_CMD		0x98
#define EDU_CMD_START		0x1
#define EDU_CMD_TO_RAM		0x2
#define EDU_BUFFER		0x40000
/* Not the whole buffer: QEMU 7.2 refuses a transfer up to its end. */
#define SIZE			2048
#define FROM			0x80000		/* in the cell's 1 MiB */
#define TO			0x81000

const char test_name[] = "edu-dma";

static unsigned long bar;

static void edu_dma(u32 src, u32 dst, u32 cmd)
{
	mmio_write32(bar + EDU_DMA_SRC, src);
	mmio_write32(bar + EDU_DMA_DST, dst);
	mmio_write32(bar + EDU_DMA_COUNT, SIZE);
	mmio_write32(bar + EDU_DMA_CMD, cmd | EDU_CMD_START);
	while (mmio_read32(bar + EDU_DMA_CMD) & EDU_CMD_START)
		cpu_relax();
}

/* A page of the cell's RAM to another one, through edu's buffer. */
static bool copy_within(void)
{
	u8 *from = (u8 *)FROM, *to = (u8 *)TO;
	unsigned int n;

	for (n = 0; n < SIZE; n++) {
		from[n] = (u8)(n * 7 + 1);
		to[n] = 0;
	}
	edu_dma(FROM, EDU_BUFFER, 0);
	edu_dma(EDU_BUFFER, TO, EDU_CMD_TO_RAM);
	for (n = 0; n < SIZE; n++)
		if (to[n] != from[n]) {
			test_report(TEST_FAILURE, "DMA in the cell's RAM: "
				    "byte %u is 0x%x", n, to[n]);
			return false;
		}
	printk("%s: DMA within the cell's RAM works\n", test_name);
	return true;
}

void inmate_main(void)
{
	u32 cmd = pci_conf1_read(EDU_BDF, PCI_REG_COMMAND);
	u64 addr;

	bar = cmdline_parse_int(cmdline, "bar", DEFAULT_BAR);
	if (!test_address(DEFAULT_ADDR, &addr))
		return;
	pci_conf1_write(EDU_BDF, PCI_REG_COMMAND,
			cmd | PCI_CMD_MEMORY | PCI_CMD_MASTER);
	if (!(pci_conf1_read(EDU_BDF, PCI_REG_COMMAND) & PCI_CMD_MASTER)) {
		test_report(TEST_FAILURE, "bus mastering refused");
		return;
	}
	if (!copy_within())
		return;
	test_attempt("DMA write to 0x%llx, outside the cell's memory", addr);
	edu_dma(EDU_BUFFER, (u32)addr, EDU_CMD_TO_RAM);
	test_report(TEST_SURVIVED, "DMA to 0x%llx issued", addr);
	test_park();
}
