// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse/iommu.h on x86: the vendor-neutral part. Which memory a cell's
 * devices may reach, which interrupts a remapping entry may deliver, and
 * what a fault does, are decided here; the unit's registers and table
 * formats are the vendor's (asm/iommu.h).
 */
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/iommu.h>
#include <jailhouse/pci.h>
#include <jailhouse/printk.h>
#include <asm/apic.h>
#include <asm/ioapic.h>
#include <asm/iommu.h>
#include <asm/msi.h>
#include <asm/msix.h>
#include <asm/spinlock.h>
#include <paging.h>

#include "config.h"

/* NULL: the platform names no unit, and no device is translated. */
static const struct iommu_vendor_ops *vendor;
/* Entries handed out for MSIs, after the IOAPICs' (asm/iommu.h). */
static unsigned int irqs_used;
/* Whether IOAPICs and MSIs are in the remapped format (enable lock). */
static bool irqs_remapped;
static spinlock_t shutdown_lock;

static const struct jailhouse_platform_info *platform(void)
{
	return &system_config->platform;
}

/* One vendor for all units: the first unit's. */
int iommu_init(void)
{
	const struct jailhouse_platform_info *pf = platform();
	unsigned int n;

	if (!pf->num_iommu_units)
		return 0;
	for (n = 1; n < pf->num_iommu_units; n++)
		if (pf->iommu_units[n].type != pf->iommu_units[0].type) {
			printk("IOMMU %u: units of two vendors\n", n);
			return -ENOSYS;
		}
	vendor = pf->iommu_units[0].type == JAILHOUSE_IOMMU_AMD ?
		 &amdvi_ops : &vtd_ops;
	return vendor->init();
}

/* A vendor that remaps interrupts (asm/iommu.h). */
static bool remaps_irqs(void)
{
	return vendor && vendor->set_irte;
}

/*
 * Remapping on (compatibility format still passing), then every IOAPIC
 * entry, MSI and MSI-X table entry turned into remapped ones, then the
 * old format blocked (unless a root device's MSI-X table could not be
 * intercepted, msix_compat_needed()).
 */
int iommu_enable(void)
{
	int err;

	if (!vendor)
		return 0;
	err = vendor->enable();
	if (err || !remaps_irqs())
		return err;
	irqs_remapped = true;
	ioapic_reprogram();
	msi_reprogram();
	err = msix_reprogram();
	if (err)
		return err;
	vendor->irq_compat(msix_compat_needed());
	if (!msix_compat_needed())
		printk("Interrupt remapping: every IOAPIC pin, MSI and MSI-X "
		       "entry remapped, compatibility format blocked\n");
	return 0;
}

/* The way back: Linux gets its IOAPIC entries and MSIs as it wrote them. */
void iommu_shutdown(void)
{
	if (!vendor)
		return;
	spin_lock(&shutdown_lock);
	if (irqs_remapped) {
		vendor->irq_compat(true);
		irqs_remapped = false;
		msix_reprogram();
		msi_reprogram();
		ioapic_reprogram();
	}
	spin_unlock(&shutdown_lock);
	vendor->shutdown();
}

bool iommu_irq_remapping(void)
{
	return irqs_remapped;
}

bool iommu_set_irq(unsigned int index, __u32 sid, __u64 rte,
		   const struct cell *cell)
{
	struct iommu_irq irq = {
		.rte = rte & ~IOAPIC_RTE_MASKED,
		.sid = sid,
	};
	bool allowed = apic_rte_allowed(cell, irq.rte);

	if (remaps_irqs() && index < IOMMU_IRT_ENTRIES)
		vendor->set_irte(index, allowed ? &irq : NULL);
	return allowed;
}

void iommu_clear_irq(unsigned int index)
{
	if (remaps_irqs() && index < IOMMU_IRT_ENTRIES)
		vendor->set_irte(index, NULL);
}

int iommu_alloc_irqs(unsigned int count)
{
	unsigned int align = 1, first;

	while (align < count)
		align <<= 1;
	first = (irqs_used + align - 1) & ~(align - 1);
	first += JAILHOUSE_MAX_IOAPICS * IOMMU_IRT_IOAPIC_PINS;
	if (!remaps_irqs() || count > IOMMU_IRT_ENTRIES ||
	    first > IOMMU_IRT_ENTRIES - count)
		return -1;
	irqs_used = first + count -
		    JAILHOUSE_MAX_IOAPICS * IOMMU_IRT_IOAPIC_PINS;
	return first;
}

void iommu_msi_remapped(unsigned int index, __u32 *addr, __u32 *data)
{
	vendor->msi_remapped(index, addr, data);
}

__u64 iommu_rte_remapped(__u64 rte, unsigned int index)
{
	return vendor->rte_remapped(rte, index);
}

/* DMA memory: flagged so, and neither device registers nor the comm page. */
static bool is_dma_memory(const struct jailhouse_memory *mem)
{
	return (mem->flags & JAILHOUSE_MEM_DMA) &&
	       !(mem->flags & (JAILHOUSE_MEM_IO | JAILHOUSE_MEM_COMM_REGION));
}

int iommu_map_memory(struct cell *cell, const struct jailhouse_memory *mem)
{
	unsigned int access = 0;

	if (!vendor || !is_dma_memory(mem))
		return 0;
	if (mem->flags & JAILHOUSE_MEM_READ)
		access |= PAGING_READ;
	if (mem->flags & JAILHOUSE_MEM_WRITE)
		access |= PAGING_WRITE;
	return vendor->map(cell, mem->virt_start, mem->phys_start, mem->size,
			   access);
}

int iommu_unmap_memory(struct cell *cell, const struct jailhouse_memory *mem)
{
	if (!vendor || !is_dma_memory(mem))
		return 0;
	return vendor->unmap(cell, mem->virt_start, mem->size);
}

/* Never the hypervisor's memory (the config rules say so too). */
static int map_regions(struct cell *cell)
{
	const struct jailhouse_memory *hv = &system_config->hypervisor_memory;
	const struct jailhouse_memory *mem =
		jailhouse_cell_mem_regions(cell->config);
	unsigned int n;
	int err;

	for (n = 0; n < cell->config->num_memory_regions; n++) {
		if (is_dma_memory(&mem[n]) &&
		    jailhouse_ranges_overlap(mem[n].phys_start, mem[n].size,
					     hv->phys_start, hv->size))
			return -EINVAL;
		err = iommu_map_memory(cell, &mem[n]);
		if (err)
			return err;
	}
	return 0;
}

/* The root cell's devices go to its space right away. */
static int take_root_devices(void)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(root_cell.config);
	unsigned int n;
	int err = 0;

	for (n = 0; n < root_cell.config->num_pci_devices; n++)
		err = iommu_assign_device(&dev[n], &root_cell) ?: err;
	return err;
}

int iommu_cell_init(struct cell *cell)
{
	int err;

	if (!vendor)
		return 0;
	err = vendor->cell_init(cell);
	if (!err)
		err = map_regions(cell);
	if (!err && cell == &root_cell)
		err = take_root_devices();
	if (err) {
		printk("IOMMU: DMA space of cell \"%s\": error %d\n",
		       cell->config->name, err);
		vendor->cell_exit(cell);
	}
	return err;
}

void iommu_cell_exit(struct cell *cell)
{
	if (vendor)
		vendor->cell_exit(cell);
}

bool iommu_covers(const struct jailhouse_pci_device *dev)
{
	return vendor && dev->domain == 0 &&
	       dev->iommu < platform()->num_iommu_units;
}

/* A device the units did not confirm moving belongs to no one. */
int iommu_assign_device(const struct jailhouse_pci_device *dev,
			const struct cell *owner)
{
	int err;

	if (!iommu_covers(dev))
		return 0;
	err = vendor->set_device(dev, owner);
	if (err) {
		printk("IOMMU: device %02x:%02x.%x left blocked: error %d\n",
		       dev->bdf >> 8, (dev->bdf >> 3) & 0x1f, dev->bdf & 7,
		       err);
		owner = NULL;
	}
	msi_device_moved(dev, owner);
	msix_device_moved(dev, owner);
	return err;
}

int iommu_block_cell_devices(const struct cell *cell)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(cell->config);
	unsigned int n;
	int err = 0;

	for (n = 0; n < cell->config->num_pci_devices; n++)
		err = iommu_assign_device(&dev[n], NULL) ?: err;
	return err;
}

void iommu_check_faults(void)
{
	if (vendor)
		vendor->poll_faults();
}

/* A cell that lists @bdf, else the root cell if it does, else NULL. */
static struct cell *device_owner(__u16 bdf)
{
	struct cell *cell;
	unsigned int n;

	for_each_cell(n, cell)
		if (pci_desc_device(cell->config, bdf))
			return cell;
	return pci_desc_device(root_cell.config, bdf) ? &root_cell : NULL;
}

/* Counted on the owner's first CPU, the one `cell stats` shows first. */
static void count_fault(const struct cell *cell, unsigned int stat)
{
	struct per_cpu *cpu;
	unsigned int id;

	for (id = 0; id < hypervisor_header.max_cpus; id++) {
		cpu = per_cpu(id);
		if (cpu->cell != cell)
			continue;
		atomic_add_relaxed(&cpu->stats.count[stat], 1);
		return;
	}
}

/* As cpu_guest_failed() does from inside the cell: frozen, parked. */
static void fail_cell(struct cell *cell, const char *what)
{
	struct per_cpu *cpu;
	unsigned int id;

	if (cell_failed(cell))
		return;
	printk("Cell \"%s\" FAILED: %s fault of its device\n",
	       cell->config->name, what);
	cell_set_failed(cell);
	for (id = 0; id < hypervisor_header.max_cpus; id++) {
		cpu = per_cpu(id);
		if (cpu->cell == cell)
			cpu_request(cpu, CPU_REQ_PARK, false);
	}
}

void iommu_report_fault(const struct iommu_fault *fault)
{
	struct cell *owner = device_owner(fault->bdf);
	const char *name = owner ? owner->config->name : "(none)";

	if (fault->irq)
		printk("Interrupt remapping fault: device %02x:%02x.%x, index "
		       "%llu, reason 0x%x, cell \"%s\"\n", fault->bdf >> 8,
		       (fault->bdf >> 3) & 0x1f, fault->bdf & 7,
		       fault->address, fault->reason, name);
	else
		printk("DMA fault: device %02x:%02x.%x, %s at 0x%llx, reason "
		       "0x%x, cell \"%s\"\n", fault->bdf >> 8,
		       (fault->bdf >> 3) & 0x1f, fault->bdf & 7,
		       fault->write ? "write" : "read", fault->address,
		       fault->reason, name);
	if (!owner)
		return;
	count_fault(owner, fault->irq ? JAILHOUSE_CPU_STAT_IRQ_FAULTS :
			JAILHOUSE_CPU_STAT_DMA_FAULTS);
	if (owner != &root_cell)
		fail_cell(owner, fault->irq ? "interrupt remapping" : "DMA");
}
