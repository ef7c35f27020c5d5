// SPDX-License-Identifier: GPL-2.0
/*
 * MSI-X table entries of a cell's own device under interrupt remapping
 * (docs/isolation.md, "Interrupt remapping"): QEMU's e1000e at 00:02.0,
 * its table at `table=` (default 0xfeb90000, BAR 3, mapped in the cell).
 * The cell sets MSI-X Enable and Function Mask, aims entry 0 at its own
 * CPU (the hypervisor turns it into a remapping entry; it must read back
 * as written, and vector control must reach the device), then aims entry
 * 1 at APIC id `root=` (default 0, a CPU of the root cell): the
 * hypervisor must refuse that write and stop the cell.
 */
#include "isolation.h"

#define NIC_BDF			0x0010		/* 00:02.0 */
#define DEFAULT_TABLE		0xfeb90000UL
#define PCI_CAP_ID_MSIX		0x11
#define MSIX_ENABLE_MASKALL	0xc0000000	/* in the header dword */
#define ENTRY_SIZE		16
#define ENTRY_DATA		8
#define ENTRY_CTRL		12
#define ENTRY_MASKED		1
#define MSI_ADDR		0xfee00000U
#define MSI_DEST_SHIFT		12
#define MSI_VECTOR		0x42

const char test_name[] = "msix-entry";

static unsigned long table;

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

void inmate_main(void)
{
	u32 root = cmdline_parse_int(cmdline, "root", 0);
	u8 cap = pci_conf1_find_cap(NIC_BDF, PCI_CAP_ID_MSIX);

	table = cmdline_parse_int(cmdline, "table", DEFAULT_TABLE);
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
	test_attempt("aim entry 1 at APIC id %u, a root CPU", root);
	aim(1, root);
	test_report(TEST_FAILURE, "entry 1 aimed at APIC id %u", root);
	test_park();
}
