// SPDX-License-Identifier: GPL-2.0
/*
 * MSI of a cell's own device under interrupt remapping (docs/isolation.md,
 * "Interrupt remapping"): QEMU's edu at 00:03.0 (BAR0 at `bar=`, default
 * 0xfea00000, mapped in the cell). The cell sizes BAR0 first (all ones
 * written, the size mask read back: 1 MiB; the BAR itself must not
 * move). Then it programs edu's MSI
 * capability for its own CPU, switches bus mastering on (a message is a
 * memory write) and has edu raise its interrupt (register 0x60) `count=`
 * times (default 5): each must arrive here. Then it aims
 * the message at APIC id `root=` (default 0, a CPU of the root cell):
 * the hypervisor must refuse that write and stop the cell.
 */
#include "isolation.h"

#define EDU_BDF			0x0018		/* 00:03.0 */
#define DEFAULT_BAR		0xfea00000UL
#define EDU_IRQ_STATUS		0x24
#define EDU_IRQ_RAISE		0x60
#define EDU_IRQ_ACK		0x64
#define PCI_REG_BAR0		0x10
#define EDU_BAR0_MASK		0xfff00000U	/* 1 MiB, 32-bit memory */
#define PCI_CAP_ID_MSI		0x05
#define MSI_ENABLE		0x00010000	/* in the header dword */
#define MSI_64BIT		0x00800000
#define MSI_ADDR		0xfee00000U
#define MSI_DEST_SHIFT		12
#define MSI_VECTOR		0x41
/* TSC cycles to wait for each interrupt: well over 10 ms at any speed. */
#define WAIT_CYCLES		100000000ULL

const char test_name[] = "edu-msi";

static unsigned long bar;
static volatile unsigned int interrupts;

static void edu_interrupt(unsigned int vector)
{
	(void)vector;
	mmio_write32(bar + EDU_IRQ_ACK, mmio_read32(bar + EDU_IRQ_STATUS));
	interrupts++;
	apic_eoi();
}

/* Address, upper address if 64-bit, data. */
static void msi_message(u8 cap, u32 dest, u8 vector)
{
	bool is64 = pci_conf1_read(EDU_BDF, cap) & MSI_64BIT;

	pci_conf1_write(EDU_BDF, cap + 4, MSI_ADDR | dest << MSI_DEST_SHIFT);
	if (is64)
		pci_conf1_write(EDU_BDF, cap + 8, 0);
	pci_conf1_write(EDU_BDF, cap + (is64 ? 12 : 8), vector);
}

static bool bar0_sized(void)
{
	u32 bar0 = pci_conf1_read(EDU_BDF, PCI_REG_BAR0), mask;

	pci_conf1_write(EDU_BDF, PCI_REG_BAR0, 0xffffffff);
	mask = pci_conf1_read(EDU_BDF, PCI_REG_BAR0);
	pci_conf1_write(EDU_BDF, PCI_REG_BAR0, bar0);
	if (mask != EDU_BAR0_MASK ||
	    pci_conf1_read(EDU_BDF, PCI_REG_BAR0) != bar0) {
		test_report(TEST_FAILURE, "BAR0 0x%x sized as 0x%x", bar0,
			    mask);
		return false;
	}
	printk("%s: BAR0 0x%x sized: mask 0x%x\n", test_name, bar0, mask);
	return true;
}

static bool interrupt_arrives(void)
{
	unsigned int before = interrupts;
	u64 start = read_tsc();

	mmio_write32(bar + EDU_IRQ_RAISE, 1);
	while (interrupts == before && read_tsc() - start < WAIT_CYCLES)
		cpu_relax();
	return interrupts != before;
}

void inmate_main(void)
{
	unsigned int count = cmdline_parse_int(cmdline, "count", 5), n;
	u32 root = cmdline_parse_int(cmdline, "root", 0);
	u32 cmd = pci_conf1_read(EDU_BDF, PCI_REG_COMMAND);
	u8 cap = pci_conf1_find_cap(EDU_BDF, PCI_CAP_ID_MSI);

	bar = cmdline_parse_int(cmdline, "bar", DEFAULT_BAR);
	if (!bar0_sized()) {
		test_park();
		return;
	}
	if (!cap) {
		test_report(TEST_FAILURE, "edu has no MSI capability");
		test_park();
		return;
	}
	apic_init();
	int_set_handler(MSI_VECTOR, edu_interrupt);
	pci_conf1_write(EDU_BDF, PCI_REG_COMMAND,
			cmd | PCI_CMD_MEMORY | PCI_CMD_MASTER);
	msi_message(cap, apic_id(), MSI_VECTOR);
	pci_conf1_write(EDU_BDF, cap,
			pci_conf1_read(EDU_BDF, cap) | MSI_ENABLE);
	irq_enable();
	for (n = 0; n < count; n++)
		if (!interrupt_arrives()) {
			test_report(TEST_FAILURE, "MSI %u of %u never came",
				    n + 1, count);
			test_park();
			return;
		}
	irq_disable();
	printk("%s: %u MSIs on APIC id %u, vector 0x%x\n", test_name,
	       interrupts, apic_id(), MSI_VECTOR);
	test_attempt("aim edu's MSI at APIC id %u, a root CPU", root);
	msi_message(cap, root, MSI_VECTOR);
	test_report(TEST_FAILURE, "MSI aimed at APIC id %u", root);
	test_park();
}
