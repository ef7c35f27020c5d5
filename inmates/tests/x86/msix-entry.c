// SPDX-License-Identifier: GPL-2.0
/*
 * MSI-X table entries of a cell's own device under interrupt remapping
 * (docs/isolation.md, "Interrupt remapping"): QEMU's e1000e at 00:02.0,
 * its registers at `bar0=` (default 0xfeb40000) and its table at
 * `table=` (default 0xfeb90000, BAR 3), both mapped in the cell.
 * The cell sets MSI-X Enable and Function Mask, aims entry 0 at its own
 * CPU (the hypervisor turns it into a remapping entry; it must read back
 * as written, and vector control must reach the device), has the NIC
 * raise it `count=` times (default 3: a link status change set in ICS,
 * "other" causes routed to entry 0 by IVAR), each of which must arrive
 * here, then aims entry 1 at APIC id `root=` (default 0, a CPU of the
 * root cell): the hypervisor must refuse that write and stop the cell.
 */
#include "isolation.h"

#define NIC_BDF			0x0010		/* 00:02.0 */
#define DEFAULT_TABLE		0xfeb90000UL
#define DEFAULT_BAR0		0xfeb40000UL
#define PCI_CAP_ID_MSIX		0x11
#define MSIX_ENABLE_MASKALL	0xc0000000	/* in the header dword */
#define MSIX_MASKALL		0x40000000
/* NIC registers: interrupt cause read/set, mask set, vector routing. */
#define NIC_ICR			0xc0
#define NIC_ICS			0xc8
#define NIC_IMS			0xd0
#define NIC_IVAR		0xe4
#define ICR_LSC			0x00000004
#define ICR_OTHER		0x01000000
#define IVAR_OTHER_ENTRY0	0x00080000	/* valid, entry 0 */
/* TSC cycles to wait for each interrupt: well over 10 ms at any speed. */
#define WAIT_CYCLES		100000000ULL
#define ENTRY_SIZE		16
#define ENTRY_DATA		8
#define ENTRY_CTRL		12
#define ENTRY_MASKED		1
#define MSI_ADDR		0xfee00000U
#define MSI_DEST_SHIFT		12
#define MSI_VECTOR		0x42

const char test_name[] = "msix-entry";

static unsigned long table, bar0;
static volatile unsigned int interrupts;

static void nic_interrupt(unsigned int vector)
{
	(void)vector;
	mmio_write32(bar0 + NIC_ICR, ~0U);
	interrupts++;
	apic_eoi();
}

/* Entry @n: address for APIC id @dest, upper address, data, masked. */
static void aim(unsigned int n, u32 dest)
{
	unsigned long entry = table + n * ENTRY_SIZE;

	mmio_write32(entry + ENTRY_CTRL, ENTRY_MASKED);
	mmio_write32(entry, MSI_ADDR | dest << MSI_DEST_SHIFT);
	mmio_write32(entry + 4, 0);
	mmio_write32(entry + ENTRY_DATA, MSI_VECTOR);
}

static bool reads_back(u32 dest)
{
	u32 addr = mmio_read32(table), data = mmio_read32(table + ENTRY_DATA);

	if (addr != (MSI_ADDR | dest << MSI_DEST_SHIFT) ||
	    data != MSI_VECTOR ||
	    !(mmio_read32(table + ENTRY_CTRL) & ENTRY_MASKED)) {
		test_report(TEST_FAILURE, "entry 0 reads 0x%x 0x%x", addr,
			    data);
		return false;
	}
	return true;
}

static bool interrupt_arrives(void)
{
	unsigned int before = interrupts;
	u64 start = read_tsc();

	mmio_write32(bar0 + NIC_ICS, ICR_LSC);
	while (interrupts == before && read_tsc() - start < WAIT_CYCLES)
		cpu_relax();
	return interrupts != before;
}

/* Entry 0 unmasked, "other" causes to it, @count link changes raised. */
static bool interrupts_arrive(u8 cap, unsigned int count)
{
	u32 cmd = pci_conf1_read(NIC_BDF, PCI_REG_COMMAND);
	unsigned int n;

	int_set_handler(MSI_VECTOR, nic_interrupt);
	pci_conf1_write(NIC_BDF, PCI_REG_COMMAND,
			cmd | PCI_CMD_MEMORY | PCI_CMD_MASTER);
	mmio_write32(bar0 + NIC_IVAR, IVAR_OTHER_ENTRY0);
	mmio_write32(bar0 + NIC_IMS, ICR_LSC | ICR_OTHER);
	mmio_write32(table + ENTRY_CTRL, 0);
	pci_conf1_write(NIC_BDF, cap,
			pci_conf1_read(NIC_BDF, cap) & ~MSIX_MASKALL);
	irq_enable();
	for (n = 0; n < count; n++)
		if (!interrupt_arrives()) {
			test_report(TEST_FAILURE, "MSI-X interrupt %u of %u "
				    "never came", n + 1, count);
			return false;
		}
	irq_disable();
	return true;
}

void inmate_main(void)
{
	u32 root = cmdline_parse_int(cmdline, "root", 0);
	u8 cap = pci_conf1_find_cap(NIC_BDF, PCI_CAP_ID_MSIX);

	unsigned int count = cmdline_parse_int(cmdline, "count", 3);

	table = cmdline_parse_int(cmdline, "table", DEFAULT_TABLE);
	bar0 = cmdline_parse_int(cmdline, "bar0", DEFAULT_BAR0);
	if (!cap) {
		test_report(TEST_FAILURE, "e1000e has no MSI-X capability");
		test_park();
		return;
	}
	apic_init();
	pci_conf1_write(NIC_BDF, cap,
			pci_conf1_read(NIC_BDF, cap) | MSIX_ENABLE_MASKALL);
	if (!(pci_conf1_read(NIC_BDF, cap) & MSIX_ENABLE_MASKALL)) {
		test_report(TEST_FAILURE, "MSI-X Enable did not stick");
		test_park();
		return;
	}
	aim(0, apic_id());
	if (!reads_back(apic_id())) {
		test_park();
		return;
	}
	printk("%s: entry 0 aimed at APIC id %u, vector 0x%x\n", test_name,
	       apic_id(), MSI_VECTOR);
	if (!interrupts_arrive(cap, count)) {
		test_park();
		return;
	}
	printk("%s: %u MSI-X interrupts on APIC id %u\n", test_name,
	       interrupts, apic_id());
	test_attempt("aim entry 1 at APIC id %u, a root CPU", root);
	aim(1, root);
	test_report(TEST_FAILURE, "entry 1 aimed at APIC id %u", root);
	test_park();
}
