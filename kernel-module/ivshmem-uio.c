// SPDX-License-Identifier: GPL-2.0
/*
 * The root cell's driver for the ivshmem device (docs/cells.md, "ivshmem
 * with the root cell"): a UIO device per endpoint, so that a program in
 * root Linux is a peer like an inmate, without /dev/mem. Maps, in the
 * order of Jailhouse's uio_ivshmem (ivshmem v2 specification):
 *   map0  the registers (BAR0: ID, MAX_PEERS, INT_CONTROL, DOORBELL,
 *         STATE)
 *   map1  the state table (read-only: the hypervisor drops writes)
 *   map2  the read-write section
 *   map3  every peer's output section, each read-only but our own
 *   map4  our own output section
 * Every MSI-X vector the device has wakes readers of /dev/uioN (the
 * 32-bit event count, as UIO defines it); writing 1 or 0 to /dev/uioN
 * sets INT_CONTROL, which the hypervisor clears itself after each
 * interrupt in one-shot mode. Sections the config gives no size to are
 * left out (their map is absent).
 */
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/uio_driver.h>

#define IVSHMEM_VENDOR		0x110a
#define IVSHMEM_DEVICE		0x4106
#define REGS_SIZE		0x1000

/* Registers in BAR0. */
#define REG_ID			0x00
#define REG_MAX_PEERS		0x04
#define REG_INT_CONTROL		0x08

/* The vendor capability: sizes and the shared memory's address. */
#define CAP_STATE_SIZE		0x04
#define CAP_RW_SIZE		0x08
#define CAP_OUT_SIZE		0x10
#define CAP_BASE		0x18

#define MAX_VECTORS		16

enum { MAP_REGS, MAP_STATE, MAP_RW, MAP_OUTPUTS, MAP_OWN_OUTPUT };

struct ivshmem_uio {
	struct uio_info info;
	void __iomem *regs;
};

static u64 cap_read64(struct pci_dev *pdev, int cap, int off)
{
	u32 lo, hi;

	pci_read_config_dword(pdev, cap + off, &lo);
	pci_read_config_dword(pdev, cap + off + 4, &hi);
	return (u64)hi << 32 | lo;
}

static void set_map(struct uio_info *info, int n, const char *name,
		    phys_addr_t addr, resource_size_t size)
{
	if (!size)
		return;
	info->mem[n].name = name;
	info->mem[n].addr = addr;
	info->mem[n].size = size;
	info->mem[n].memtype = UIO_MEM_PHYS;
}

/*
 * The sections from the vendor capability, in the order of the shared
 * memory: state table, read-write section, one output section per peer.
 */
static int set_section_maps(struct pci_dev *pdev, struct ivshmem_uio *iv)
{
	int cap = pci_find_capability(pdev, PCI_CAP_ID_VNDR);
	u32 id = readl(iv->regs + REG_ID);
	u32 peers = readl(iv->regs + REG_MAX_PEERS);
	u32 state_size;
	u64 base, rw_size, out_size;

	if (!cap) {
		dev_err(&pdev->dev, "no vendor capability\n");
		return -ENODEV;
	}
	pci_read_config_dword(pdev, cap + CAP_STATE_SIZE, &state_size);
	rw_size = cap_read64(pdev, cap, CAP_RW_SIZE);
	out_size = cap_read64(pdev, cap, CAP_OUT_SIZE);
	base = cap_read64(pdev, cap, CAP_BASE);
	if (!state_size || !peers || id >= peers) {
		dev_err(&pdev->dev, "state table of %u bytes, id %u of %u "
			"peers\n", state_size, id, peers);
		return -ENODEV;
	}
	set_map(&iv->info, MAP_STATE, "state_table", base, state_size);
	base += state_size;
	set_map(&iv->info, MAP_RW, "rw_section", base, rw_size);
	base += rw_size;
	set_map(&iv->info, MAP_OUTPUTS, "input_sections", base,
		out_size * peers);
	set_map(&iv->info, MAP_OWN_OUTPUT, "output_section",
		base + out_size * id, out_size);
	dev_info(&pdev->dev, "peer %u of %u: state table %u bytes, "
		 "read-write %llu, output %llu each\n", id, peers,
		 state_size, rw_size, out_size);
	return 0;
}

static irqreturn_t ivshmem_interrupt(int irq, void *data)
{
	uio_event_notify(data);
	return IRQ_HANDLED;
}

static int ivshmem_irqcontrol(struct uio_info *info, s32 on)
{
	struct ivshmem_uio *iv = container_of(info, struct ivshmem_uio, info);

	writel(on ? 1 : 0, iv->regs + REG_INT_CONTROL);
	return 0;
}

static int request_vectors(struct pci_dev *pdev, struct ivshmem_uio *iv)
{
	int n, vectors, err;

	vectors = pci_alloc_irq_vectors(pdev, 1, MAX_VECTORS, PCI_IRQ_MSIX);
	if (vectors < 0)
		return vectors;
	for (n = 0; n < vectors; n++) {
		err = devm_request_irq(&pdev->dev, pci_irq_vector(pdev, n),
				       ivshmem_interrupt, 0, iv->info.name,
				       &iv->info);
		if (err)
			return err;
	}
	return 0;
}

static int ivshmem_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct ivshmem_uio *iv;
	int err;

	iv = devm_kzalloc(&pdev->dev, sizeof(*iv), GFP_KERNEL);
	if (!iv)
		return -ENOMEM;
	err = pcim_enable_device(pdev);
	if (err)
		return err;
	/* The hypervisor emulates BAR0: nobody else may claim it. */
	iv->regs = pcim_iomap(pdev, 0, REGS_SIZE);
	if (!iv->regs)
		return -ENOMEM;
	iv->info.name = "jailhouse-ivshmem";
	iv->info.version = "2";
	iv->info.irq = UIO_IRQ_CUSTOM;
	iv->info.irqcontrol = ivshmem_irqcontrol;
	set_map(&iv->info, MAP_REGS, "registers",
		pci_resource_start(pdev, 0), REGS_SIZE);
	err = set_section_maps(pdev, iv);
	if (err)
		return err;
	pci_set_master(pdev);
	err = request_vectors(pdev, iv);
	if (err) {
		dev_err(&pdev->dev, "MSI-X vectors: error %d\n", err);
		return err;
	}
	err = devm_uio_register_device(&pdev->dev, &iv->info);
	if (err)
		return err;
	writel(1, iv->regs + REG_INT_CONTROL);
	return 0;
}

static const struct pci_device_id ivshmem_ids[] = {
	{ PCI_DEVICE(IVSHMEM_VENDOR, IVSHMEM_DEVICE) },
	{ }
};
MODULE_DEVICE_TABLE(pci, ivshmem_ids);

static struct pci_driver ivshmem_driver = {
	.name = "jailhouse-ivshmem",
	.id_table = ivshmem_ids,
	.probe = ivshmem_probe,
};
module_pci_driver(ivshmem_driver);

MODULE_DESCRIPTION("ivshmem endpoints of the root cell as UIO devices");
MODULE_LICENSE("GPL");
