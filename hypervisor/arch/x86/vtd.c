// SPDX-License-Identifier: GPL-2.0
/*
 * Intel VT-d DMA and interrupt remapping, the vendor half of
 * jailhouse/iommu.h (see asm/iommu.h and asm/vtd.h). Every unit gets a
 * root table, a context table for each bus with a device the root cell's
 * config lists, and an invalidation queue; every cell one tree of
 * second-level tables (cell->arch.dma, shared by all units) and domain
 * id = cell id + 1. A device without a present context entry is blocked.
 * All units share one interrupt remapping table, whose entries iommu.c
 * hands out. Faults are polled (iommu_check_faults()); the fault event
 * interrupt stays masked, as the hypervisor takes no interrupts.
 */
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/mem.h>
#include <jailhouse/printk.h>
#include <asm/apic.h>
#include <asm/devmap.h>
#include <asm/iommu.h>
#include <asm/ioapic.h>
#include <asm/msi.h>
#include <asm/processor.h>
#include <asm/spinlock.h>
#include <asm/vtd.h>

#include "config.h"

#define BUSES			256
#define QUEUE_ENTRIES		256	/* one page of 16-byte descriptors */
#define QUEUE_TAIL_SHIFT	4
#define POLL_LOOPS		10000000UL
#define FRCD_F_HIGH_DWORD	0x80000000U
#define IRT_PAGES		(IOMMU_IRT_ENTRIES * 16 / PAGE_SIZE)
/* GSTS polls for a bit a unit may not implement (CFI on QEMU 7.2). */
#define SHORT_POLL_LOOPS	1000UL

struct vtd_unit {
	unsigned int index;	/* in platform.iommu_units */
	__u64 cap, ecap;
	__u64 *root;		/* BUSES root entries of two quadwords */
	__u64 *context[BUSES];	/* 256 context entries each, or NULL */
	__u64 *queue;
	unsigned int tail;
};

static struct vtd_unit units[JAILHOUSE_MAX_IOMMU_UNITS];
static unsigned int num_units;
/* The cells' second-level tables: hv_paging's pool, VT-d entries. */
static struct paging_env vtd_paging;
/* PAGING_HUGE if every unit walks 2 MiB pages. */
static unsigned int huge_flag;
/* Bytes of DMA address space every unit translates. */
static __u64 dma_limit;
static __u64 drain_bits;
static bool caching_mode, non_coherent;
static spinlock_t shutdown_lock;
/*
 * Written by the units' invalidation wait descriptors: each wait a new
 * number, so that a late write of a wait that timed out confirms nothing.
 */
static volatile __u32 wait_status;
static __u32 wait_seq;
/*
 * One batch of commands and its wait at a time: IOAPIC, MSI and MSI-X
 * entries change under locks of their own, on any CPU, and every batch
 * shares the queue's tail and wait_status.
 */
static spinlock_t queue_lock;
/* IOTLB and interrupt entry cache invalidations since enable. */
static unsigned long iotlb_invalidations, iec_invalidations;
/* The interrupt remapping table: two quadwords per entry. */
static __u64 *irt;

static volatile __u8 *regs(const struct vtd_unit *u)
{
	const struct jailhouse_iommu *cfg =
		&system_config->platform.iommu_units[u->index];

	return devmap(DEVMAP_SLOT_IOMMU(u->index), cfg->base);
}

static __u32 read32(const struct vtd_unit *u, unsigned int reg)
{
	return *(volatile __u32 *)(regs(u) + reg);
}

static void write32(const struct vtd_unit *u, unsigned int reg, __u32 val)
{
	*(volatile __u32 *)(regs(u) + reg) = val;
}

static __u64 read64(const struct vtd_unit *u, unsigned int reg)
{
	return *(volatile __u64 *)(regs(u) + reg);
}

static void write64(const struct vtd_unit *u, unsigned int reg, __u64 val)
{
	*(volatile __u64 *)(regs(u) + reg) = val;
}

static __u16 domain_of(const struct cell *cell)
{
	return cell->id + 1;
}

/* Set or clear a GCMD state bit (or issue a one-shot command), wait. */
static bool try_command(const struct vtd_unit *u, __u32 bit, bool on,
			unsigned long loops)
{
	__u32 state = read32(u, VTD_GSTS) & VTD_GCMD_STATE;
	unsigned long n;

	write32(u, VTD_GCMD, on ? state | bit : state & ~bit);
	for (n = 0; n < loops; n++)
		if (!!(read32(u, VTD_GSTS) & bit) == on)
			return true;
	return false;
}

static int command(const struct vtd_unit *u, __u32 bit, bool on)
{
	if (try_command(u, bit, on, POLL_LOOPS))
		return 0;
	printk("VT-d unit %u: command 0x%x timed out\n", u->index, bit);
	return -ETIMEDOUT;
}

/* ---- queued invalidation ---- */

static void queue_put(struct vtd_unit *u, __u64 lo, __u64 hi)
{
	u->queue[2 * u->tail] = lo;
	u->queue[2 * u->tail + 1] = hi;
	u->tail = (u->tail + 1) % QUEUE_ENTRIES;
	if ((lo & 0xf) == VTD_INV_IOTLB)
		iotlb_invalidations++;
	if ((lo & 0xf) == VTD_INV_IEC)
		iec_invalidations++;
}

/* Run what was queued and wait until the unit has done all of it. */
static int queue_sync(struct vtd_unit *u)
{
	unsigned long n;

	wait_seq++;
	queue_put(u, VTD_INV_WAIT | VTD_INV_WAIT_SW | VTD_INV_WAIT_FN |
		     VTD_INV_WAIT_DATA(wait_seq),
		  virt_to_phys((void *)&wait_status));
	if (non_coherent)
		asm volatile("wbinvd" : : : "memory");
	write64(u, VTD_IQT, (__u64)u->tail << QUEUE_TAIL_SHIFT);
	for (n = 0; n < POLL_LOOPS; n++) {
		if (atomic_load_acquire(&wait_status) == wait_seq)
			return 0;
		if (read32(u, VTD_FSTS) & VTD_FSTS_IQE)
			break;
		cpu_relax();
	}
	printk("VT-d unit %u: invalidation failed (FSTS 0x%x)\n", u->index,
	       read32(u, VTD_FSTS));
	return -EIO;
}

static void queue_iotlb_domain(struct vtd_unit *u, __u16 did)
{
	queue_put(u, VTD_INV_IOTLB | VTD_INV_DOMAIN | drain_bits |
		     VTD_INV_DID(did), 0);
}

/* Every unit forgets what it cached of domain @did's tables. */
static int flush_domain(__u16 did)
{
	unsigned int n;
	int err = 0;

	spin_lock(&queue_lock);
	for (n = 0; n < num_units; n++) {
		queue_iotlb_domain(&units[n], did);
		err = queue_sync(&units[n]) ?: err;
	}
	spin_unlock(&queue_lock);
	return err;
}

static int flush_all(struct vtd_unit *u)
{
	int err;

	spin_lock(&queue_lock);
	queue_put(u, VTD_INV_CONTEXT | VTD_INV_GLOBAL, 0);
	queue_put(u, VTD_INV_IOTLB | VTD_INV_GLOBAL | drain_bits, 0);
	queue_put(u, VTD_INV_IEC, 0);
	err = queue_sync(u);
	spin_unlock(&queue_lock);
	return err;
}

/* ---- faults ---- */

static void take_record(const struct vtd_unit *u, unsigned int i)
{
	unsigned int reg = VTD_CAP_FRO(u->cap) + 16 * i;
	struct iommu_fault fault;
	__u64 hi = read64(u, reg + 8);

	if (!(hi & VTD_FRCD_F))
		return;
	fault.bdf = VTD_FRCD_SID(hi);
	fault.write = !(hi & VTD_FRCD_READ);
	fault.reason = VTD_FRCD_REASON(hi);
	fault.irq = fault.reason >= VTD_FRCD_REASON_IR;
	fault.address = fault.irq ? VTD_FRCD_IR_INDEX(read64(u, reg)) :
			read64(u, reg) & ~(__u64)(PAGE_SIZE - 1);
	write32(u, reg + 12, FRCD_F_HIGH_DWORD);
	iommu_report_fault(&fault);
}

static void unit_faults(const struct vtd_unit *u)
{
	__u32 fsts = read32(u, VTD_FSTS);
	unsigned int nfr = VTD_CAP_NFR(u->cap), i = VTD_FSTS_FRI(fsts), n;

	if (fsts & VTD_FSTS_PPF)
		for (n = 0; n < nfr; n++, i = (i + 1) % nfr)
			take_record(u, i);
	if (fsts & VTD_FSTS_PFO)
		printk("VT-d unit %u: fault records overflowed, faults "
		       "lost\n", u->index);
	if (fsts & VTD_FSTS_W1C)
		write32(u, VTD_FSTS, fsts & VTD_FSTS_W1C);
}

static void vtd_poll_faults(void)
{
	unsigned int n;

	for (n = 0; n < num_units; n++)
		unit_faults(&units[n]);
}

/* Faults of an earlier life of the unit are dropped unreported. */
static void clear_faults(const struct vtd_unit *u)
{
	unsigned int i;

	for (i = 0; i < VTD_CAP_NFR(u->cap); i++)
		write32(u, VTD_CAP_FRO(u->cap) + 16 * i + 12,
			FRCD_F_HIGH_DWORD);
	write32(u, VTD_FSTS, VTD_FSTS_W1C);
}

/* ---- units ---- */

/* Table depth, address width and page sizes every unit can do. */
static int agree_on_format(void)
{
	__u64 all = ~0ULL, mgaw = 64;
	unsigned int n;

	for (n = 0; n < num_units; n++) {
		all &= units[n].cap;
		if (VTD_CAP_MGAW(units[n].cap) < mgaw)
			mgaw = VTD_CAP_MGAW(units[n].cap);
		non_coherent |= !(units[n].ecap & VTD_ECAP_C);
		caching_mode |= !!(units[n].cap & VTD_CAP_CM);
	}
	vtd_paging = hv_paging;
	vtd_paging.vtd = true;
	vtd_paging.levels = all & VTD_CAP_SAGAW_48 ? 4 :
			    all & VTD_CAP_SAGAW_39 ? 3 : 0;
	if (!vtd_paging.levels) {
		printk("VT-d: the units share no table format\n");
		return -ENODEV;
	}
	dma_limit = 1ULL << (mgaw < 12 + 9 * vtd_paging.levels ?
			     mgaw : 12 + 9 * vtd_paging.levels);
	huge_flag = all & VTD_CAP_SLLPS_2M ? PAGING_HUGE : 0;
	/* CAP bits 55 and 54: read and write draining. */
	drain_bits = (all >> 55 & 1 ? VTD_INV_IOTLB_DR : 0) |
		     (all >> 54 & 1 ? VTD_INV_IOTLB_DW : 0);
	return 0;
}

/*
 * Linux may keep a unit's interrupt remapping (and with it the queue)
 * after intel_iommu=off; it does so to run the x2APIC. Taking the unit
 * then would cut its remapped interrupts off, so the unit is refused,
 * naming the boot option that frees it.
 */
static int unit_unused(const struct vtd_unit *u)
{
	__u32 status = read32(u, VTD_GSTS);

	if (status & VTD_GCMD_TE) {
		printk("VT-d unit %u: DMA remapping in use by Linux (boot it "
		       "with intel_iommu=off)\n", u->index);
		return -EBUSY;
	}
	if (status & (VTD_GCMD_QIE | VTD_GCMD_IRE)) {
		printk("VT-d unit %u: interrupt remapping in use by Linux "
		       "(boot it with intremap=off; x2APIC roots are not "
		       "supported)\n", u->index);
		return -EBUSY;
	}
	return 0;
}

static int unit_probe(struct vtd_unit *u)
{
	if (!regs(u))
		return -EIO;
	u->cap = read64(u, VTD_CAP);
	u->ecap = read64(u, VTD_ECAP);
	if (!(u->ecap & VTD_ECAP_QI) || !(u->ecap & VTD_ECAP_IR)) {
		printk("VT-d unit %u: no queued invalidation or interrupt "
		       "remapping\n", u->index);
		return -ENODEV;
	}
	return unit_unused(u);
}

/* Root table and queue in place, faults masked; translation still off. */
static int unit_start(struct vtd_unit *u)
{
	u->root = page_alloc(1);
	u->queue = page_alloc(1);
	if (!u->root || !u->queue)
		return -ENOMEM;
	write32(u, VTD_FECTL, VTD_FECTL_IM);
	clear_faults(u);
	u->tail = 0;
	write64(u, VTD_IQT, 0);
	write64(u, VTD_IQA, virt_to_phys(u->queue));
	write64(u, VTD_RTADDR, virt_to_phys(u->root));
	write64(u, VTD_IRTA, virt_to_phys(irt) |
			     VTD_IRTA_SIZE(IOMMU_IRT_ENTRIES));
	return command(u, VTD_GCMD_QIE, true) ?:
	       command(u, VTD_GCMD_SRTP, true) ?:
	       command(u, VTD_GCMD_SIRTP, true) ?: flush_all(u);
}

static int vtd_init(void)
{
	const struct jailhouse_platform_info *pf = &system_config->platform;
	unsigned int n;
	int err;

	for (n = 0; n < pf->num_iommu_units; n++) {
		units[n].index = n;
		err = unit_probe(&units[n]);
		if (err)
			return err;
		num_units = n + 1;
	}
	err = agree_on_format();
	irt = page_alloc(IRT_PAGES);
	if (!irt)
		err = err ?: -ENOMEM;
	for (n = 0; n < num_units && !err; n++)
		err = unit_start(&units[n]);
	return err;
}

/* ---- interrupt remapping ---- */

/*
 * Where GSTS never shows CFI (QEMU 7.2 does not implement it), the unit
 * lets compatibility-format interrupts through whatever the hypervisor
 * asks: said once.
 */
static void vtd_irq_compat(bool allow)
{
	static bool said;
	unsigned int n;

	for (n = 0; n < num_units; n++)
		if (!try_command(&units[n], VTD_GCMD_CFI, allow,
				 SHORT_POLL_LOOPS) && allow && !said) {
			printk("VT-d unit %u: CFI not implemented: "
			       "compatibility-format interrupts always pass\n",
			       units[n].index);
			said = true;
		}
}

static __u64 irte_low(const struct iommu_irq *irq)
{
	__u64 rte = irq->rte;

	return VTD_IRTE_PRESENT |
	       (rte & APIC_ICR_LOGICAL ? VTD_IRTE_LOGICAL : 0) |
	       (rte & APIC_ICR_LEVEL ? VTD_IRTE_LEVEL : 0) |
	       VTD_IRTE_DLVR((rte & APIC_ICR_DLVR_MASK) >>
			     APIC_ICR_DLVR_SHIFT) |
	       VTD_IRTE_VECTOR(rte & APIC_ICR_VECTOR) |
	       VTD_IRTE_XAPIC_DEST(rte >> APIC_XAPIC_DEST_SHIFT & 0xff);
}

/*
 * The lower quadword (present bit, vector, destination) in one store:
 * the unit never reads a half-changed target. Then every unit forgets
 * what it cached of the entry.
 */
static void vtd_set_irte(unsigned int index, const struct iommu_irq *irq)
{
	__u64 *entry = &irt[2 * index];
	unsigned int n;

	if (irq)
		entry[1] = irq->sid < IOMMU_ANY_SID ? VTD_IRTE_SID(irq->sid) : 0;
	atomic_store_release(&entry[0], irq ? irte_low(irq) : 0);
	spin_lock(&queue_lock);
	for (n = 0; n < num_units; n++) {
		queue_put(&units[n], VTD_INV_IEC | VTD_INV_IEC_INDEX |
				     VTD_INV_IEC_IIDX(index), 0);
		queue_sync(&units[n]);
	}
	spin_unlock(&queue_lock);
}

static int vtd_enable(void)
{
	unsigned int n;
	int err;

	for (n = 0; n < num_units; n++) {
		err = flush_all(&units[n]) ?:
		      command(&units[n], VTD_GCMD_TE, true);
		if (err)
			return err;
	}
	/* Compatibility format passes until IOAPICs and MSIs are remapped. */
	vtd_irq_compat(true);
	for (n = 0; n < num_units; n++) {
		err = command(&units[n], VTD_GCMD_IRE, true);
		if (err)
			return err;
	}
	printk("VT-d: %u unit(s), %u-level tables, DMA and interrupt "
	       "remapping on\n", num_units, vtd_paging.levels);
	return 0;
}

static void unit_stop(const struct vtd_unit *u)
{
	if (read32(u, VTD_GSTS) & VTD_GCMD_IRE) {
		command(u, VTD_GCMD_IRE, false);
		printk("VT-d unit %u: interrupt remapping off after %lu "
		       "entry cache invalidations\n", u->index,
		       iec_invalidations);
	}
	if (read32(u, VTD_GSTS) & VTD_GCMD_TE) {
		command(u, VTD_GCMD_TE, false);
		printk("VT-d unit %u: DMA remapping off after %lu IOTLB "
		       "invalidations\n", u->index, iotlb_invalidations);
	}
	if (read32(u, VTD_GSTS) & VTD_GCMD_QIE)
		command(u, VTD_GCMD_QIE, false);
}

static void vtd_shutdown(void)
{
	unsigned int n;

	spin_lock(&shutdown_lock);
	for (n = 0; n < num_units; n++)
		unit_stop(&units[n]);
	spin_unlock(&shutdown_lock);
}

/* ---- cells and devices ---- */

static int vtd_cell_init(struct cell *cell)
{
	return paging_create(&vtd_paging, &cell->arch.dma);
}

static void vtd_cell_exit(struct cell *cell)
{
	paging_destroy(&vtd_paging, &cell->arch.dma);
}

/*
 * Undo the splits of [dma, dma + size). A unit may hold the directory
 * entry that pointed to a collapsed table in its paging-structure cache
 * and walk that table still: it goes back to the pool, where it may
 * become a comm page or a config copy, only once the domain's IOTLB
 * invalidation, which drops those caches too, has been waited for. If
 * the invalidation fails, the table is kept from the pool for good.
 */
static int collapse(struct cell *cell, __u64 dma, __u64 size)
{
	__u64 block = dma & ~(PAGING_HUGE_SIZE - 1);
	void *table;
	int err;

	for (; block < dma + size; block += PAGING_HUGE_SIZE) {
		table = paging_collapse_block(&vtd_paging, &cell->arch.dma,
					      block);
		if (!table)
			continue;
		err = flush_domain(domain_of(cell));
		if (err)
			return err;
		vtd_paging.free_table(vtd_paging.ctx, table);
	}
	return 0;
}

static int vtd_map(struct cell *cell, __u64 dma, __u64 phys, __u64 size,
		   unsigned int access)
{
	int err;

	if (dma >= dma_limit || size > dma_limit - dma)
		return -ERANGE;
	err = paging_map(&vtd_paging, &cell->arch.dma, dma, phys, size,
			 access | huge_flag);
	if (!err && huge_flag)
		err = collapse(cell, dma, size);
	if (err)
		return err;
	/* A unit in caching mode may have cached the absence too. */
	return caching_mode ? flush_domain(domain_of(cell)) : 0;
}

static int vtd_unmap(struct cell *cell, __u64 dma, __u64 size)
{
	int err = 0;

	if (dma < dma_limit)
		err = paging_unmap(&vtd_paging, &cell->arch.dma, dma,
				   size < dma_limit - dma ? size :
				   dma_limit - dma);
	return flush_domain(domain_of(cell)) ?: err;
}

/* The context entry of @bdf, its bus's table allocated if @create. */
static __u64 *context_entry(struct vtd_unit *u, __u16 bdf, bool create)
{
	unsigned int bus = bdf >> 8;

	if (!u->context[bus] && create) {
		u->context[bus] = page_alloc(1);
		if (!u->context[bus])
			return NULL;
		u->root[2 * bus] = virt_to_phys(u->context[bus]) |
				   VTD_ROOT_PRESENT;
	}
	return u->context[bus] ? &u->context[bus][2 * (bdf & 0xff)] : NULL;
}

/* @u forgets @bdf's context entry and what it cached of domain @did. */
static int flush_device(struct vtd_unit *u, __u16 bdf, __u16 did)
{
	int err;

	spin_lock(&queue_lock);
	queue_put(u, VTD_INV_CONTEXT | VTD_INV_DEVICE | VTD_INV_DID(did) |
		     VTD_INV_SID(bdf), 0);
	queue_iotlb_domain(u, did);
	err = queue_sync(u);
	spin_unlock(&queue_lock);
	return err;
}

/*
 * Not present first, the old domain flushed, then the new entry, the
 * present bit last: the unit never walks a half-written entry. The old
 * domain id stays in the entry until the unit confirmed that it forgot
 * it: a move it did not confirm leaves the device blocked, and the next
 * move flushes that domain again before it writes a present entry (the
 * unit may still hold the old one, and a not-present entry needs no
 * flush of its own).
 */
static int vtd_set_device(const struct jailhouse_pci_device *dev,
			  const struct cell *owner)
{
	struct vtd_unit *u = &units[dev->iommu];
	__u64 *ctx = context_entry(u, dev->bdf, owner != NULL);
	int err;

	if (!ctx)
		return owner ? -ENOMEM : 0;
	if (ctx[1]) {
		ctx[0] = 0;
		err = flush_device(u, dev->bdf, VTD_CTX_DID_OF(ctx[1]));
		if (err)
			return err;
		ctx[1] = 0;
	}
	if (!owner)
		return 0;
	ctx[1] = VTD_CTX_AW(vtd_paging.levels) |
		 VTD_CTX_DID(domain_of(owner));
	atomic_store_release(&ctx[0], owner->arch.dma.phys | VTD_CTX_PRESENT);
	err = caching_mode ? flush_all(u) : 0;
	if (err)
		ctx[0] = 0;
	return err;
}

/* Remapped format: address with the handle, subhandle valid, data 0. */
static void vtd_msi_remapped(unsigned int index, __u32 *addr, __u32 *data)
{
	*addr = msi_remapped_address(index);
	*data = 0;
}

/* Remapped format: the bits kept, the format bit, the index fields. */
#define RTE_REMAP_KEPT		(APIC_ICR_VECTOR | IOAPIC_RTE_POLARITY | \
				 APIC_ICR_LEVEL | IOAPIC_RTE_MASKED)
#define RTE_REMAP_FORMAT	(1ULL << 48)
#define RTE_REMAP_INDEX_SHIFT	49
#define RTE_REMAP_INDEX_LOW	0x7fffU
#define RTE_REMAP_INDEX15	(1ULL << 11)

static __u64 vtd_rte_remapped(__u64 rte, unsigned int index)
{
	return (rte & RTE_REMAP_KEPT) | RTE_REMAP_FORMAT |
	       ((__u64)(index & RTE_REMAP_INDEX_LOW) <<
		RTE_REMAP_INDEX_SHIFT) |
	       (index >> 15 ? RTE_REMAP_INDEX15 : 0);
}

const struct iommu_vendor_ops vtd_ops = {
	.init = vtd_init,
	.enable = vtd_enable,
	.shutdown = vtd_shutdown,
	.cell_init = vtd_cell_init,
	.cell_exit = vtd_cell_exit,
	.map = vtd_map,
	.unmap = vtd_unmap,
	.set_device = vtd_set_device,
	.poll_faults = vtd_poll_faults,
	.set_irte = vtd_set_irte,
	.irq_compat = vtd_irq_compat,
	.msi_remapped = vtd_msi_remapped,
	.rte_remapped = vtd_rte_remapped,
};
