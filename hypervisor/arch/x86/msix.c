// SPDX-License-Identifier: GPL-2.0
/* MSI-X tables under interrupt remapping; see asm/msix.h. */
#include <jailhouse/access-size.h>
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/errno.h>
#include <jailhouse/mem.h>
#include <jailhouse/pci.h>
#include <jailhouse/pci-bars.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <jailhouse/string.h>
#include <asm/devmap.h>
#include <asm/iommu.h>
#include <asm/msix.h>
#include <asm/npt.h>
#include <asm/spinlock.h>
#include <asm/vcpu.h>

#include "config.h"

#define PCI_CAP_ID_MSIX		0x11
#define PCI_CFG_BAR0		0x10
/* Offsets in the capability. */
#define MSIX_CTRL		2U
#define MSIX_TABLE		4U
#define MSIX_CTRL_ENABLE	0x8000U
#define MSIX_CTRL_MASKALL	0x4000U
#define MSIX_CTRL_CELL		(MSIX_CTRL_ENABLE | MSIX_CTRL_MASKALL)
/* In an entry: address, upper address, data, then vector control. */
#define ENTRY_MSG_WORDS		3
#define ENTRY_CTRL		12U
#define ENTRY_MASKED		0x1U

struct msix_entry {
	__u32 msg[ENTRY_MSG_WORDS];	/* as the owner wrote it */
	__u32 ctrl;			/* vector control, as written */
};

struct msix_dev {
	const struct jailhouse_pci_device *dev;	/* the root cell's */
	__u8 cap;
	__u8 bar_reg;		/* the BAR register(s) holding the table */
	__u8 bar_regs;
	struct msix_table table;
	unsigned int irte;	/* the first of table.entries */
	const struct cell *owner;
	struct msix_entry *entry;	/* the owner's */
	struct msix_entry *root_entry;	/* the root's, while away */
	__u16 root_ctrl;
};

/* One for each device of the root cell's config with a table. */
static struct msix_dev *devs;
static unsigned int num_devs;
static bool probed, compat_needed;
/* The first root device whose table is not intercepted. */
static __u16 compat_bdf;
static spinlock_t msix_lock;
/* Exits on the tables' pages; entry writes remapped and their cycles. */
static unsigned long exits, writes;
static __u64 write_cycles;

static void print_bdf(const char *what, __u16 bdf)
{
	printk("MSI-X: %02x:%02x.%x: %s\n", bdf >> 8, (bdf >> 3) & 0x1f,
	       bdf & 7, what);
}

static __u32 hw_read(__u64 phys, unsigned int size)
{
	volatile void *p = devmap(DEVMAP_SLOT_MSIX, phys);

	return p ? devmap_read(p, size) : access_size_mask(size);
}

static void hw_write(__u64 phys, unsigned int size, __u32 value)
{
	volatile void *p = devmap(DEVMAP_SLOT_MSIX, phys);

	if (p)
		devmap_write(p, size, value);
}

static __u64 entry_phys(const struct msix_dev *d, unsigned int n)
{
	return d->table.phys + n * MSIX_ENTRY_SIZE;
}

/* Entry @n to the hardware, masked while its message changes. */
static void hw_entry_write(const struct msix_dev *d, unsigned int n,
			   const __u32 *msg, __u32 ctrl)
{
	__u64 at = entry_phys(d, n);
	unsigned int w;

	hw_write(at + ENTRY_CTRL, 4,
		 hw_read(at + ENTRY_CTRL, 4) | ENTRY_MASKED);
	for (w = 0; w < ENTRY_MSG_WORDS; w++)
		hw_write(at + 4 * w, 4, msg[w]);
	hw_write(at + ENTRY_CTRL, 4, ctrl);
}

/*
 * Entry @n's message into its remapping entry. An address outside the
 * interrupt range is no interrupt: entry cleared, nothing refused.
 * Return: false if refused.
 */
static bool entry_to_irte(const struct msix_dev *d, unsigned int n)
{
	const __u32 *msg = d->entry[n].msg;

	if (!d->owner || !msi_msg_is_irq(msg[0], msg[1])) {
		iommu_clear_irq(d->irte + n);
		return true;
	}
	return iommu_set_irq(d->irte + n, d->dev->bdf,
			     msi_msg_rte(msg[0], msg[2]), d->owner);
}

/* The device's table to the hardware: remapped, or as written. */
static void program(const struct msix_dev *d)
{
	__u32 remapped[ENTRY_MSG_WORDS] = { 0 };
	unsigned int n;

	for (n = 0; n < d->table.entries; n++) {
		if (!iommu_irq_remapping()) {
			hw_entry_write(d, n, d->entry[n].msg, d->entry[n].ctrl);
			continue;
		}
		entry_to_irte(d, n);
		iommu_msi_remapped(d->irte + n, &remapped[0], &remapped[2]);
		hw_entry_write(d, n, remapped, d->entry[n].ctrl);
	}
}

/* The table of @bdf's capability at @cap, from the BAR its BIR names. */
static int locate(struct msix_dev *d, __u16 bdf, __u8 cap)
{
	__u32 table_reg = arch_pci_read(bdf, cap + MSIX_TABLE, 4);
	unsigned int bir = table_reg & MSIX_TABLE_BIR;
	__u64 base, size;

	d->bar_regs = pci_bar_at(bdf, bir, &base, &size);
	if (!d->bar_regs)
		return -EINVAL;
	d->cap = cap;
	d->bar_reg = PCI_CFG_BAR0 + 4 * bir;
	return msix_table_locate(arch_pci_read(bdf, cap + MSIX_CTRL, 2),
				 table_reg, base, size, &d->table);
}

static unsigned long pages_for(unsigned long bytes)
{
	return (bytes + PAGE_SIZE - 1) / PAGE_SIZE;
}

/*
 * The owner's and the root's copies, sized from the table, and its
 * remapping entries. Kept until the hypervisor goes, like the tables'
 * interception.
 */
static int reserve(struct msix_dev *d)
{
	unsigned int count = d->table.entries;
	unsigned long pages = pages_for(2 * count * sizeof(*d->entry));
	int irte;

	d->entry = page_alloc(pages);
	if (!d->entry)
		return -ENOMEM;
	irte = iommu_alloc_irqs(count);
	if (irte < 0) {
		page_free(d->entry, pages);
		return -ENOMEM;
	}
	d->irte = irte;
	d->root_entry = d->entry + count;
	return 0;
}

/* The table as Linux left it becomes the root cell's entries. */
static void take_table(struct msix_dev *d)
{
	unsigned int n, w;

	for (n = 0; n < d->table.entries; n++) {
		for (w = 0; w < ENTRY_MSG_WORDS; w++)
			d->entry[n].msg[w] = hw_read(entry_phys(d, n) + 4 * w,
						     4);
		d->entry[n].ctrl = hw_read(entry_phys(d, n) + ENTRY_CTRL, 4);
	}
	d->owner = &root_cell;
}

static const char *refusal(int err)
{
	switch (err) {
	case -ERANGE:
		return "table outside its BAR";
	case -EINVAL:
		return "no memory BAR at its Table BIR";
	default:
		return "no memory or remapping entries left";
	}
}

static void probe(const struct jailhouse_pci_device *dev)
{
	__u8 cap = msi_find_cap(dev->bdf, PCI_CAP_ID_MSIX);
	struct msix_dev *d = &devs[num_devs];
	int err;

	if (!cap)
		return;
	err = locate(d, dev->bdf, cap) ?: reserve(d);
	if (err) {
		print_bdf(refusal(err), dev->bdf);
		print_bdf("table not intercepted: compatibility-format "
			  "interrupts stay allowed, cells with DMA devices "
			  "refused", dev->bdf);
		if (!compat_needed)
			compat_bdf = dev->bdf;
		compat_needed = true;
		return;
	}
	d->dev = dev;
	take_table(d);
	num_devs++;
	printk("MSI-X: %02x:%02x.%x: %u entries at 0x%llx intercepted\n",
	       dev->bdf >> 8, (dev->bdf >> 3) & 0x1f, dev->bdf & 7,
	       d->table.entries, d->table.phys);
}

/* Before any CPU runs a guest: no TLB holds the root's pages yet. */
static int probe_all(void)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(root_cell.config);
	unsigned int n, num = root_cell.config->num_pci_devices;

	devs = page_alloc(pages_for(num * sizeof(*devs)) ?: 1);
	if (!devs)
		return -ENOMEM;
	for (n = 0; n < num; n++)
		if (dev[n].domain == 0)
			probe(&dev[n]);
	return npt_refresh_emulated(&root_cell);
}

int msix_reprogram(void)
{
	unsigned int n;
	int err = 0;

	spin_lock(&msix_lock);
	if (!probed)
		err = probe_all();
	for (n = 0; n < num_devs && !err; n++)
		program(&devs[n]);
	if (probed && !iommu_irq_remapping())
		printk("MSI-X: %lu table exits, %lu entry writes remapped, "
		       "%llu TSC cycles\n", exits, writes, write_cycles);
	probed = true;
	spin_unlock(&msix_lock);
	return err;
}

bool msix_compat_needed(void)
{
	return compat_needed;
}

/*
 * A device flagged for DMA (others have bus mastering masked, pci.c) can
 * write to 0xfee00000: with the compatibility format open, that is an
 * interrupt of its choosing (INIT, NMI, any vector) at any CPU.
 */
int msix_cell_check(const struct jailhouse_cell_desc *desc)
{
	int n = msix_dma_device(desc);
	__u16 bdf;

	if (!compat_needed || n < 0)
		return 0;
	bdf = jailhouse_cell_pci_devices(desc)[n].bdf;
	printk("Cell \"%s\" refused: its DMA device %02x:%02x.%x could raise "
	       "any interrupt on any CPU by DMA: compatibility-format "
	       "interrupts stay allowed for the root's %02x:%02x.%x\n",
	       desc->name, bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7,
	       compat_bdf >> 8, (compat_bdf >> 3) & 0x1f, compat_bdf & 7);
	return -EPERM;
}

static struct msix_dev *dev_of(const struct jailhouse_pci_device *dev)
{
	unsigned int n;

	for (n = 0; n < num_devs; n++)
		if (dev->domain == 0 && devs[n].dev->bdf == dev->bdf)
			return &devs[n];
	return NULL;
}

static void set_ctrl(const struct msix_dev *d, __u16 ctrl)
{
	arch_pci_write(d->dev->bdf, d->cap + MSIX_CTRL, 2, ctrl);
}

static void clear_entries(struct msix_dev *d)
{
	unsigned int n;

	memset(d->entry, 0, d->table.entries * sizeof(*d->entry));
	for (n = 0; n < d->table.entries; n++)
		d->entry[n].ctrl = ENTRY_MASKED;
}

void msix_device_moved(const struct jailhouse_pci_device *dev,
		       const struct cell *owner)
{
	struct msix_dev *d = dev_of(dev);
	size_t bytes;
	__u16 ctrl;

	if (!d || d->owner == owner)
		return;
	spin_lock(&msix_lock);
	bytes = d->table.entries * sizeof(*d->entry);
	ctrl = arch_pci_read(dev->bdf, d->cap + MSIX_CTRL, 2);
	if (d->owner == &root_cell) {
		memcpy(d->root_entry, d->entry, bytes);
		d->root_ctrl = ctrl;
	}
	set_ctrl(d, (ctrl & ~MSIX_CTRL_ENABLE) | MSIX_CTRL_MASKALL);
	d->owner = owner;
	if (owner == &root_cell)
		memcpy(d->entry, d->root_entry, bytes);
	else
		clear_entries(d);
	program(d);
	set_ctrl(d, owner == &root_cell ? d->root_ctrl :
		 (ctrl & ~MSIX_CTRL_ENABLE) | MSIX_CTRL_MASKALL);
	spin_unlock(&msix_lock);
}

static bool on_bar(const struct msix_dev *d, unsigned int reg,
		   unsigned int size)
{
	return reg + size > d->bar_reg &&
	       reg < d->bar_reg + 4U * d->bar_regs;
}

enum msi_cfg_result msix_cfg_access(struct per_cpu *cpu,
				    const struct jailhouse_pci_device *dev,
				    unsigned int reg, unsigned int size,
				    bool write, __u32 *value)
{
	struct msix_dev *d = dev_of(dev);

	if (!d || !write || !iommu_irq_remapping())
		return MSI_CFG_PASS;
	if (cell_is_root(cpu->cell) && on_bar(d, reg, size)) {
		if (refusal_log_pass())
			print_bdf("BAR write under the MSI-X table dropped",
				  dev->bdf);
		return MSI_CFG_DONE;
	}
	if (cell_is_root(cpu->cell) || reg + size <= d->cap + MSIX_CTRL ||
	    reg >= d->cap + MSIX_CTRL + 2)
		return MSI_CFG_PASS;
	msi_ctrl_write(dev->bdf, d->cap + MSIX_CTRL, reg, size, *value,
		       MSIX_CTRL_CELL);
	return MSI_CFG_DONE;
}

bool msix_emulated_range(unsigned int n, __u64 *start, __u64 *size)
{
	if (n >= num_devs)
		return false;
	msix_table_pages(&devs[n].table, start, size);
	return true;
}

static struct msix_dev *dev_at(__u64 gpa)
{
	__u64 start, size;
	unsigned int n;

	for (n = 0; n < num_devs; n++) {
		msix_table_pages(&devs[n].table, &start, &size);
		if (gpa >= start && gpa - start < size)
			return &devs[n];
	}
	return NULL;
}

bool msix_mmio_claims(__u64 gpa)
{
	return dev_at(gpa) != NULL;
}

static void log_refused(const struct per_cpu *cpu, const struct msix_dev *d,
			unsigned int n)
{
	__u16 bdf = d->dev->bdf;

	if (refusal_log_pass())
		printk("CPU %u: cell \"%s\": MSI-X entry %u of "
		       "%02x:%02x.%x, address 0x%x data 0x%x, refused\n",
		       cpu->cpu_id, cpu->cell->config->name, n, bdf >> 8,
		       (bdf >> 3) & 0x1f, bdf & 7, d->entry[n].msg[0],
		       d->entry[n].msg[2]);
}

/*
 * @size bytes at @offset of entry @n's message: kept as written, turned
 * into its remapping entry. Return: false if the cell is to fail.
 */
static bool msg_write(struct per_cpu *cpu, struct msix_dev *d,
		      unsigned int n, unsigned int offset, unsigned int size,
		      __u32 value)
{
	__u32 *word = &d->entry[n].msg[offset / 4];
	unsigned int shift = 8 * (offset % 4);
	__u32 mask = access_size_mask(size) << shift;
	__u64 start = arch_tsc();
	bool allowed;

	*word = (*word & ~mask) | ((value << shift) & mask);
	allowed = entry_to_irte(d, n);
	writes++;
	write_cycles += arch_tsc() - start;
	if (allowed)
		return true;
	log_refused(cpu, d, n);
	return cell_is_root(cpu->cell);
}

/* The owner's access to its table's pages. */
static bool owner_access(struct per_cpu *cpu, struct msix_dev *d, __u64 gpa,
			 unsigned int size, bool write, __u32 *value)
{
	unsigned int n, offset;

	if (!msix_table_entry(&d->table, gpa, &n, &offset)) {
		/* The pending bits, other registers: as accessed. */
	} else if (offset >= ENTRY_CTRL) {
		if (write)
			d->entry[n].ctrl = *value;
	} else if (write) {
		return msg_write(cpu, d, n, offset, size, *value);
	} else {
		*value = (d->entry[n].msg[offset / 4] >> 8 * (offset % 4)) &
			 access_size_mask(size);
		return true;
	}
	if (write)
		hw_write(gpa, size, *value);
	else
		*value = hw_read(gpa, size);
	return true;
}

/*
 * Whether @cell's config maps @gpa, at the same physical address, for
 * the access: the trap must grant nothing the config does not.
 */
static bool config_maps(const struct cell *cell, __u64 gpa, bool write)
{
	const struct jailhouse_memory *mem =
		jailhouse_cell_mem_regions(cell->config);
	__u64 need = write ? JAILHOUSE_MEM_WRITE : JAILHOUSE_MEM_READ;
	unsigned int n;

	for (n = 0; n < cell->config->num_memory_regions; n++, mem++)
		if (mem->virt_start == mem->phys_start &&
		    gpa >= mem->phys_start && gpa - mem->phys_start < mem->size &&
		    (mem->flags & need) &&
		    !(mem->flags & JAILHOUSE_MEM_COMM_REGION))
			return true;
	return false;
}

/*
 * Table pages are punched out by physical address too, so @gpa is the
 * device's own address: a cell that shows them elsewhere faults there
 * and is failed (no handler claims that address).
 */
bool msix_mmio_access(struct per_cpu *cpu, __u64 gpa, unsigned int size,
		      bool write, __u32 *value)
{
	struct msix_dev *d = dev_at(gpa);
	bool done;

	if (!d)
		return false;
	spin_lock(&msix_lock);
	exits++;
	if (d->owner == cpu->cell && !config_maps(cpu->cell, gpa, write)) {
		/* Its device, but not memory its config gives it. */
		done = false;
	} else if (d->owner == cpu->cell) {
		done = owner_access(cpu, d, gpa, size, write, value);
	} else {
		/* Not its device (any more): the root cell sees nothing. */
		done = cell_is_root(cpu->cell);
		if (!write)
			*value = access_size_mask(size);
	}
	spin_unlock(&msix_lock);
	return done;
}
