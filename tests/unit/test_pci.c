// SPDX-License-Identifier: GPL-2.0
/*
 * PCI configuration space decisions (hypervisor/pci.c): who owns a
 * device, what each cell may read and write.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <jailhouse/cell.h>
#include <jailhouse/errno.h>
#include <jailhouse/iommu.h>
#include <jailhouse/pci.h>

#define SMBUS		JAILHOUSE_PCI_BDF(0, 0x1f, 3)
#define NIC		JAILHOUSE_PCI_BDF(0, 2, 0)
#define BRIDGE		JAILHOUSE_PCI_BDF(0, 0, 0)

struct desc_with_devices {
	struct jailhouse_cell_desc desc;
	__u8 cpus[8];
	struct jailhouse_pci_device pci[3];
} JAILHOUSE_PACKED;

static struct desc_with_devices root_desc = {
	.desc = { .signature = "JHCLL", .cpu_set_size = 8,
		  .num_pci_devices = 3 },
	.pci = { { .bdf = BRIDGE }, { .bdf = NIC, .flags = 1 },
		 { .bdf = SMBUS } },
};
static struct desc_with_devices sandbox_desc = {
	.desc = { .signature = "JHCLL", .cpu_set_size = 8,
		  .num_pci_devices = 1 },
	.pci = { { .bdf = SMBUS } },
};

struct cell root_cell = { .config = &root_desc.desc };
static struct cell sandbox = { .config = &sandbox_desc.desc, .id = 1 };
struct cell *cells[MAX_CELLS];

static const struct jailhouse_pci_device *smbus, *nic;
static unsigned int stopped, stopped_bdf;

void arch_pci_stop_bus_master(__u16 bdf)
{
	stopped++;
	stopped_bdf = bdf;
}

static const struct cell *iommu_owner;
static unsigned int assigned;
/* The IOMMU does not confirm moves: the device is blocked instead. */
static bool unconfirmed;

/* The IOMMU moves a device only after it stopped mastering the bus. */
int iommu_assign_device(const struct jailhouse_pci_device *dev,
			const struct cell *owner)
{
	assert_int_equal(stopped, assigned + 1);
	assert_int_equal(dev->bdf, stopped_bdf);
	assigned++;
	iommu_owner = unconfirmed ? NULL : owner;
	return unconfirmed ? -EIO : 0;
}

struct cell *cell_find(unsigned long id)
{
	return id == 0 ? &root_cell : id == sandbox.id ? &sandbox : NULL;
}

static int setup(void **state)
{
	(void)state;
	memset(cells, 0, sizeof(cells));
	pci_root_devices_update();
	stopped = 0;
	assigned = 0;
	smbus = &sandbox_desc.pci[0];
	nic = &root_desc.pci[1];
	return 0;
}

static void test_ownership_moves(void **state)
{
	(void)state;
	assert_ptr_equal(pci_cell_device(&root_cell, SMBUS), &root_desc.pci[2]);
	assert_null(pci_cell_device(&sandbox, NIC));
	cells[0] = &sandbox;
	pci_root_devices_update();
	/* The device that moved, and only it, stopped mastering the bus. */
	assert_int_equal(stopped, 1);
	assert_int_equal(stopped_bdf, SMBUS);
	assert_ptr_equal(iommu_owner, &sandbox);
	assert_null(pci_cell_device(&root_cell, SMBUS));
	assert_ptr_equal(pci_cell_device(&sandbox, SMBUS), smbus);
	assert_non_null(pci_cell_device(&root_cell, NIC));
	cells[0] = NULL;
	pci_root_devices_update();
	assert_int_equal(stopped, 2);
	assert_ptr_equal(iommu_owner, &root_cell);
	assert_non_null(pci_cell_device(&root_cell, SMBUS));
	/* Not listed anywhere: nobody's. */
	assert_null(pci_cell_device(&root_cell, JAILHOUSE_PCI_BDF(1, 0, 0)));
}

/*
 * A move the IOMMU did not confirm is reported, and the device is
 * nobody's (the root cell no longer sees it) until an update moves it
 * with confirmation: on to the cell, or back to the root cell.
 */
static void test_unconfirmed_move(void **state)
{
	(void)state;
	cells[0] = &sandbox;
	unconfirmed = true;
	assert_int_equal(pci_root_devices_update(), -EIO);
	assert_null(pci_cell_device(&root_cell, SMBUS));
	cells[0] = NULL;
	assert_int_equal(pci_root_devices_update(), -EIO);
	assert_int_equal(stopped, 2);
	assert_null(pci_cell_device(&root_cell, SMBUS));
	unconfirmed = false;
	assert_int_equal(pci_root_devices_update(), 0);
	assert_int_equal(stopped, 3);
	assert_ptr_equal(iommu_owner, &root_cell);
	assert_ptr_equal(pci_cell_device(&root_cell, SMBUS), &root_desc.pci[2]);
	/* Nothing left to move. */
	assert_int_equal(pci_root_devices_update(), 0);
	assert_int_equal(stopped, 3);
}

static enum pci_cfg_result filter(const struct jailhouse_pci_device *dev,
				  bool root, unsigned int reg,
				  unsigned int size, bool write, __u32 *value)
{
	struct pci_cfg_access access = {
		.dev = dev, .root = root, .reg = reg, .size = size,
		.write = write,
	};

	return pci_cfg_filter(&access, value);
}

static void test_absent_device(void **state)
{
	__u32 value = 0x1234;

	(void)state;
	assert_int_equal(filter(NULL, true, 0, 4, false, &value),
			 PCI_CFG_EMULATED);
	assert_int_equal(value, 0xffffffff);
	assert_int_equal(filter(NULL, false, 2, 2, false, &value),
			 PCI_CFG_EMULATED);
	assert_int_equal(value, 0xffff);
	assert_int_equal(filter(NULL, false, 0xe, 1, false, &value),
			 PCI_CFG_EMULATED);
	assert_int_equal(value, 0xff);
	value = 0;
	assert_int_equal(filter(NULL, true, 4, 4, true, &value),
			 PCI_CFG_EMULATED);
}

static void test_root_is_free(void **state)
{
	__u32 value = 0xfffffff0;

	(void)state;
	assert_int_equal(filter(nic, true, 0x10, 4, true, &value),
			 PCI_CFG_PERFORM);
	assert_int_equal(value, 0xfffffff0);
	assert_int_equal(filter(nic, true, 0x100, 4, false, &value),
			 PCI_CFG_PERFORM);
}

static void test_cell_writes(void **state)
{
	__u32 value;

	(void)state;
	/* Reads pass, extended space included. */
	assert_int_equal(filter(smbus, false, 0x100, 4, false, &value),
			 PCI_CFG_PERFORM);
	/* BARs, capabilities, the interrupt line: dropped. */
	value = 0x1000;
	assert_int_equal(filter(smbus, false, 0x20, 4, true, &value),
			 PCI_CFG_EMULATED);
	assert_int_equal(filter(smbus, false, 0x50, 2, true, &value),
			 PCI_CFG_EMULATED);
	assert_int_equal(filter(smbus, false, 0x3c, 1, true, &value),
			 PCI_CFG_EMULATED);
	/* Command: decode yes, bus master no (no DMA flag); status W1C. */
	value = 0xffff0407;
	assert_int_equal(filter(smbus, false, 4, 4, true, &value),
			 PCI_CFG_PERFORM);
	assert_int_equal(value, 0xffff0403);
	value = 0x0007;
	assert_int_equal(filter(smbus, false, 4, 2, true, &value),
			 PCI_CFG_PERFORM);
	assert_int_equal(value, 0x0003);
	value = 0xff;
	assert_int_equal(filter(smbus, false, 4, 1, true, &value),
			 PCI_CFG_PERFORM);
	assert_int_equal(value, 0x43);
	value = 0xff;
	assert_int_equal(filter(smbus, false, 5, 1, true, &value),
			 PCI_CFG_PERFORM);
	assert_int_equal(value, 0x05);
	value = 0xf900;
	assert_int_equal(filter(smbus, false, 6, 2, true, &value),
			 PCI_CFG_PERFORM);
	assert_int_equal(value, 0xf900);
	/* A device marked for DMA may master the bus. */
	value = 0x0007;
	assert_int_equal(filter(nic, false, 4, 2, true, &value),
			 PCI_CFG_PERFORM);
	assert_int_equal(value, 0x0007);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_ownership_moves, setup),
		cmocka_unit_test_setup(test_unconfirmed_move, setup),
		cmocka_unit_test_setup(test_absent_device, setup),
		cmocka_unit_test_setup(test_root_is_free, setup),
		cmocka_unit_test_setup(test_cell_writes, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
