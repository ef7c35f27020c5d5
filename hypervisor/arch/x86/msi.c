// SPDX-License-Identifier: GPL-2.0
/* MSI capabilities under interrupt remapping; see asm/msi.h. */
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/pci.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <jailhouse/string.h>
#include <asm/apic.h>
#include <asm/iommu.h>
#include <asm/msi.h>
#include <asm/spinlock.h>
#include <asm/vcpu.h>

#include "config.h"

#define PCI_STATUS		0x06
#define PCI_STATUS_CAPS		0x10
#define PCI_CAP_PTR		0x34
#define PCI_CAP_ID_MSI		0x05
#define MAX_CAPS		48
/* Offsets in the capability. */
#define MSI_CTRL		2U
#define MSI_MSG			4U
#define MSI_CTRL_ENABLE		0x0001
#define MSI_CTRL_MMC_SHIFT	1
#define MSI_CTRL_MME		0x0070
#define MSI_CTRL_64BIT		0x0080
/* What a cell other than the root cell may change in the control word. */
#define MSI_CTRL_CELL		(MSI_CTRL_ENABLE | MSI_CTRL_MME)
/* Message: address, upper address (64-bit only), data. */
#define MSG_MAX			12

struct msi_dev {
	__u8 cap;		/* offset of the MSI capability; 0: none */
	bool is64;
	__u8 vectors;		/* remapping entries: as many as it can ask */
	int irte;		/* the first; -1: none left */
	const struct cell *owner;
	__u8 msg[MSG_MAX];	/* the owner's message, as written */
	__u8 root_msg[MSG_MAX];	/* the root's, while another cell owns it */
	__u16 root_ctrl;
};

/* Indexed as the root cell's config lists the devices. */
static struct msi_dev devs[JAILHOUSE_MAX_PCI_DEVICES];
static bool probed;
static spinlock_t msi_lock;
/* Root cell message writes turned into entries, and their TSC cycles. */
static unsigned long root_writes;
static __u64 root_cycles;

static const struct jailhouse_pci_device *root_devices(void)
{
	return jailhouse_cell_pci_devices(root_cell.config);
}

static struct msi_dev *dev_of(const struct jailhouse_pci_device *dev)
{
	const struct jailhouse_pci_device *root =
		pci_desc_device(root_cell.config, dev->bdf);

	if (!probed || !root || dev->domain != 0)
		return NULL;
	return &devs[root - root_devices()];
}

static unsigned int msg_len(const struct msi_dev *d)
{
	return d->is64 ? 12 : 8;
}

static unsigned int data_offset(const struct msi_dev *d)
{
	return msg_len(d) - 4;
}

static __u32 msg_word(const __u8 *msg, unsigned int offset)
{
	return msg[offset] | msg[offset + 1] << 8 | msg[offset + 2] << 16 |
	       (__u32)msg[offset + 3] << 24;
}

/*
 * The owner's message into the device's entries, one per vector (a
 * multiple-message device sets the low data bits: vector and subhandle).
 * An address outside the interrupt range is no interrupt: entries
 * cleared, nothing refused. Return: false if refused.
 */
static bool msg_to_irtes(struct msi_dev *d, __u16 bdf)
{
	__u32 addr = msg_word(d->msg, 0), data = msg_word(d->msg,
							  data_offset(d));
	bool interrupt = msi_msg_is_irq(addr, d->is64 ? msg_word(d->msg, 4) :
					0) && d->owner;
	bool allowed = true;
	unsigned int v;

	for (v = 0; v < d->vectors; v++)
		if (interrupt)
			allowed &= iommu_set_irq(d->irte + v, bdf,
						 msi_msg_rte(addr, data | v),
						 d->owner);
		else
			iommu_clear_irq(d->irte + v);
	return allowed;
}

static void hw_message(const struct msi_dev *d, __u16 bdf, __u32 addr,
		       __u32 data)
{
	arch_pci_write(bdf, d->cap + MSI_MSG, 4, addr);
	if (d->is64)
		arch_pci_write(bdf, d->cap + MSI_MSG + 4, 4, 0);
	arch_pci_write(bdf, d->cap + MSI_MSG + data_offset(d), 2, data);
}

/* The device's message to the hardware, remapped or as written. */
static void program(struct msi_dev *d, __u16 bdf)
{
	__u32 addr, data;

	if (!iommu_irq_remapping()) {
		hw_message(d, bdf, msg_word(d->msg, 0),
			   msg_word(d->msg, data_offset(d)));
		if (d->is64)
			arch_pci_write(bdf, d->cap + MSI_MSG + 4, 4,
				       msg_word(d->msg, 4));
		return;
	}
	msg_to_irtes(d, bdf);
	iommu_msi_remapped(d->irte, &addr, &data);
	hw_message(d, bdf, addr, data);
}

__u8 msi_find_cap(__u16 bdf, __u8 id)
{
	unsigned int n;
	__u8 cap;

	if (!(arch_pci_read(bdf, PCI_STATUS, 2) & PCI_STATUS_CAPS))
		return 0;
	cap = arch_pci_read(bdf, PCI_CAP_PTR, 1) & ~3;
	for (n = 0; n < MAX_CAPS && cap >= 0x40; n++) {
		if (arch_pci_read(bdf, cap, 1) == id)
			return cap;
		cap = arch_pci_read(bdf, cap + 1, 1) & ~3;
	}
	return 0;
}

static void probe(struct msi_dev *d, __u16 bdf)
{
	__u16 ctrl;
	unsigned int n;

	d->cap = msi_find_cap(bdf, PCI_CAP_ID_MSI);
	if (!d->cap)
		return;
	ctrl = arch_pci_read(bdf, d->cap + MSI_CTRL, 2);
	d->is64 = ctrl & MSI_CTRL_64BIT;
	d->vectors = 1 << ((ctrl >> MSI_CTRL_MMC_SHIFT) & 7);
	if (d->vectors > 32)
		d->vectors = 32;
	d->irte = iommu_alloc_irqs(d->vectors);
	d->owner = &root_cell;
	for (n = 0; n < msg_len(d); n++)
		d->msg[n] = arch_pci_read(bdf, d->cap + MSI_MSG + n, 1);
	if (d->irte < 0) {
		printk("MSI: no remapping entries left for %02x:%02x.%x\n",
		       bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7);
		d->cap = 0;
	}
}

void msi_reprogram(void)
{
	const struct jailhouse_pci_device *dev = root_devices();
	unsigned int n, num = root_cell.config->num_pci_devices;

	spin_lock(&msi_lock);
	for (n = 0; n < num && n < JAILHOUSE_MAX_PCI_DEVICES; n++) {
		if (dev[n].domain != 0)
			continue;
		if (!probed)
			probe(&devs[n], dev[n].bdf);
		if (devs[n].cap)
			program(&devs[n], dev[n].bdf);
	}
	if (probed && !iommu_irq_remapping())
		printk("MSI: %lu root message writes remapped, %llu TSC "
		       "cycles\n", root_writes, root_cycles);
	probed = true;
	spin_unlock(&msi_lock);
}

static void set_ctrl(const struct msi_dev *d, __u16 bdf, __u16 ctrl)
{
	arch_pci_write(bdf, d->cap + MSI_CTRL, 2, ctrl);
}

void msi_device_moved(const struct jailhouse_pci_device *dev,
		      const struct cell *owner)
{
	struct msi_dev *d = dev_of(dev);
	__u16 ctrl;

	if (!d || !d->cap || d->owner == owner)
		return;
	spin_lock(&msi_lock);
	ctrl = arch_pci_read(dev->bdf, d->cap + MSI_CTRL, 2);
	if (d->owner == &root_cell) {
		memcpy(d->root_msg, d->msg, sizeof(d->msg));
		d->root_ctrl = ctrl;
	}
	set_ctrl(d, dev->bdf, ctrl & ~MSI_CTRL_ENABLE);
	d->owner = owner;
	if (owner == &root_cell)
		memcpy(d->msg, d->root_msg, sizeof(d->msg));
	else
		memset(d->msg, 0, sizeof(d->msg));
	program(d, dev->bdf);
	if (owner == &root_cell)
		set_ctrl(d, dev->bdf, d->root_ctrl);
	spin_unlock(&msi_lock);
}

static void log_refused(const struct per_cpu *cpu, const struct msi_dev *d,
			__u16 bdf)
{
	if (refusal_log_pass())
		printk("CPU %u: cell \"%s\": MSI of %02x:%02x.%x, address "
		       "0x%x data 0x%x, refused\n", cpu->cpu_id,
		       cpu->cell->config->name, bdf >> 8, (bdf >> 3) & 0x1f,
		       bdf & 7, msg_word(d->msg, 0),
		       msg_word(d->msg, data_offset(d)));
}

/* A write into the message: kept as written, turned into entries. */
static enum msi_cfg_result msg_write(struct per_cpu *cpu, struct msi_dev *d,
				     __u16 bdf, unsigned int offset,
				     unsigned int size, __u32 value)
{
	bool root = cell_is_root(cpu->cell), allowed;
	__u64 start = arch_tsc();
	unsigned int n;

	for (n = 0; n < size; n++)
		d->msg[offset + n] = value >> (8 * n);
	allowed = msg_to_irtes(d, bdf);
	if (root) {
		root_writes++;
		root_cycles += arch_tsc() - start;
	}
	if (allowed)
		return MSI_CFG_DONE;
	log_refused(cpu, d, bdf);
	return root ? MSI_CFG_DONE : MSI_CFG_REFUSED;
}

void msi_ctrl_write(__u16 bdf, unsigned int ctrl_reg, unsigned int reg,
		    unsigned int size, __u32 value, __u16 cell_bits)
{
	__u32 old = arch_pci_read(bdf, ctrl_reg, 2), ctrl = old;
	unsigned int n, byte;

	for (n = 0; n < size; n++) {
		byte = reg + n - ctrl_reg;
		if (byte < 2)
			ctrl = (ctrl & ~(0xffU << (8 * byte))) |
			       ((value >> (8 * n) & 0xff) << (8 * byte));
	}
	arch_pci_write(bdf, ctrl_reg, 2,
		       (old & ~cell_bits) | (ctrl & cell_bits));
}

enum msi_cfg_result msi_cfg_access(struct per_cpu *cpu,
				   const struct jailhouse_pci_device *dev,
				   unsigned int reg, unsigned int size,
				   bool write, __u32 *value)
{
	struct msi_dev *d = dev_of(dev);
	enum msi_cfg_result result = MSI_CFG_DONE;
	unsigned int offset, n;

	if (!d || !d->cap || !iommu_irq_remapping() ||
	    reg + size <= d->cap || reg >= d->cap + MSI_MSG + msg_len(d))
		return MSI_CFG_PASS;
	if (reg < d->cap + MSI_MSG) {
		if (!write || cell_is_root(cpu->cell))
			return MSI_CFG_PASS;
		msi_ctrl_write(dev->bdf, d->cap + MSI_CTRL, reg, size, *value,
			       MSI_CTRL_CELL);
		return MSI_CFG_DONE;
	}
	offset = reg - d->cap - MSI_MSG;
	spin_lock(&msi_lock);
	if (write) {
		result = msg_write(cpu, d, dev->bdf, offset, size, *value);
	} else {
		for (*value = 0, n = 0; n < size; n++)
			*value |= (__u32)d->msg[offset + n] << (8 * n);
	}
	spin_unlock(&msi_lock);
	return result;
}
