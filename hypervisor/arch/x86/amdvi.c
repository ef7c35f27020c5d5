// SPDX-License-Identifier: GPL-2.0
/*
 * AMD-Vi DMA remapping, the second vendor of jailhouse/iommu.h (see
 * asm/iommu.h and asm/amdvi.h). Every unit gets a device table covering
 * the requester ids of buses 0 to its end bus, a command buffer and an
 * event log; every cell one tree of AMD I/O page tables (cell->arch.dma,
 * shared by all units) and domain id = cell id + 1. A requester whose
 * entry grants nothing (valid, translation valid, mode 0, no read or
 * write permission: every entry until a device of the root cell's
 * config gets its owner's) is blocked. Events are polled
 * (iommu_check_faults()); the unit's interrupts stay off, as the
 * hypervisor takes none. Interrupt remapping: a table per requester id
 * that raises interrupts (an IOAPIC, a device with MSI or MSI-X),
 * allocated when its first entry is set and shared by all units.
 */
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/mem.h>
#include <jailhouse/printk.h>
#include <asm/amdvi.h>
#include <asm/apic.h>
#include <asm/devmap.h>
#include <asm/ioapic.h>
#include <asm/iommu.h>
#include <asm/processor.h>
#include <asm/spinlock.h>

#include "config.h"

#define LEVELS			4	/* 48-bit DMA addresses */
#define RING_LEN_LOG2		8	/* one page of 16-byte entries */
#define RING_BYTES		PAGE_SIZE
#define DTE_QWORDS		(AMDVI_DTE_BYTES / 8)
/* Requester ids per device table page, and per bus. */
#define DTES_PER_PAGE		(PAGE_SIZE / AMDVI_DTE_BYTES)
#define DTES_PER_BUS		256
#define POLL_LOOPS		10000000UL
#define ENABLED			(AMDVI_CTRL_IOMMU_EN | AMDVI_CTRL_CMD_BUF_EN | \
				 AMDVI_CTRL_EVT_LOG_EN)
/* A requester that may neither read nor write. */
#define DTE_BLOCKED		(AMDVI_DTE_V | AMDVI_DTE_TV)
/*
 * Interrupt tables: 2^11 entries of 4 bytes, every index a message's
 * data can name, so that none is read beyond the table. asm/iommu.h's
 * index space folds into the first 256 (the type field, data bits 8-10,
 * stays 0: fixed); a device's entries are consecutive, at most 256.
 */
#define IRT_LEN_LOG2		11
#define IRT_PAGES		((4UL << IRT_LEN_LOG2) / PAGE_SIZE)
#define IRT_INDEX_MASK		0xffU
#define MAX_IRQ_TABLES		32
/* A requester without a table: its interrupts are aborted (IntCtl 0). */
#define DTE_IRQ_ABORT		AMDVI_DTE_IV

struct amdvi_unit {
	unsigned int index;	/* in platform.iommu_units */
	__u64 *dev_table;	/* DTE_QWORDS per requester id */
	unsigned int entries;	/* requester ids the table covers */
	__u64 *cmd;
	__u64 *events;
	unsigned int tail;	/* of the command buffer, in bytes */
};

static struct amdvi_unit units[JAILHOUSE_MAX_IOMMU_UNITS];
static unsigned int num_units;
/* The cells' I/O page tables: hv_paging's pool, AMD-Vi entries. */
static struct paging_env amdvi_paging;
/* Commands run only once the units are on (and before shutdown). */
static bool enabled;
static spinlock_t shutdown_lock;
/*
 * Written by the units' COMPLETION_WAIT commands: each wait stores a new
 * number, so that a late store of a wait that timed out confirms nothing.
 */
static volatile __u64 wait_data;
static __u64 wait_seq;
/* One batch of commands and its wait at a time (shared tail, wait_data). */
static spinlock_t cmd_lock;
/* INVALIDATE_IOMMU_PAGES, _DEVTAB_ENTRY, _INTERRUPT_TABLE since enable. */
static unsigned long page_invalidations, dte_invalidations,
		     irt_invalidations;

/* A requester's interrupt remapping table. */
struct irq_table {
	__u16 sid;
	__u32 *entries;
};

static struct irq_table irq_tables[MAX_IRQ_TABLES];
static unsigned int num_irq_tables;
/* The table each index of asm/iommu.h's space went to, plus 1; 0: none. */
static __u8 index_table[IOMMU_IRT_ENTRIES];
/* Serialises table creation and entry changes. */
static spinlock_t irq_lock;

static volatile __u8 *regs(const struct amdvi_unit *u)
{
	const struct jailhouse_iommu *cfg =
		&system_config->platform.iommu_units[u->index];

	return devmap(DEVMAP_SLOT_IOMMU(u->index), cfg->base);
}

static __u64 read64(const struct amdvi_unit *u, unsigned int reg)
{
	return *(volatile __u64 *)(regs(u) + reg);
}

static void write64(const struct amdvi_unit *u, unsigned int reg, __u64 val)
{
	*(volatile __u64 *)(regs(u) + reg) = val;
}

static __u16 domain_of(const struct cell *cell)
{
	return cell->id + 1;
}

/* ---- command buffer ---- */

static void cmd_put(struct amdvi_unit *u, __u64 lo, __u64 hi)
{
	u->cmd[u->tail / 8] = lo;
	u->cmd[u->tail / 8 + 1] = hi;
	u->tail = (u->tail + 16) % RING_BYTES;
	if ((lo & AMDVI_CMD_OP(0xf)) == AMDVI_CMD_INV_IOMMU_PAGES)
		page_invalidations++;
	if ((lo & AMDVI_CMD_OP(0xf)) == AMDVI_CMD_INV_DEVTAB_ENTRY)
		dte_invalidations++;
	if ((lo & AMDVI_CMD_OP(0xf)) == AMDVI_CMD_INV_INT_TABLE)
		irt_invalidations++;
}

/* Run what was queued and wait until the unit has done all of it. */
static int cmd_sync(struct amdvi_unit *u)
{
	unsigned long n;

	wait_seq++;
	cmd_put(u, AMDVI_CMD_COMPLETION_WAIT | AMDVI_CMD_WAIT_STORE |
		   virt_to_phys((void *)&wait_data), wait_seq);
	write64(u, AMDVI_CMD_TAIL, u->tail);
	for (n = 0; n < POLL_LOOPS; n++) {
		if (atomic_load_acquire(&wait_data) == wait_seq)
			return 0;
		cpu_relax();
	}
	printk("AMD-Vi unit %u: completion wait timed out (head 0x%llx)\n",
	       u->index, read64(u, AMDVI_CMD_HEAD));
	return -EIO;
}

static void cmd_flush_domain(struct amdvi_unit *u, __u16 did)
{
	cmd_put(u, AMDVI_CMD_INV_IOMMU_PAGES | AMDVI_CMD_PAGES_DOMAIN(did),
		AMDVI_CMD_PAGES_ALL);
}

/* Every unit forgets what it cached of domain @did's tables. */
static int flush_domain(__u16 did)
{
	unsigned int n;
	int err = 0;

	spin_lock(&cmd_lock);
	for (n = 0; n < num_units && enabled; n++) {
		cmd_flush_domain(&units[n], did);
		err = cmd_sync(&units[n]) ?: err;
	}
	spin_unlock(&cmd_lock);
	return err;
}

/* Every device table entry of @u forgotten, in batches the ring holds. */
static int flush_dev_table(struct amdvi_unit *u)
{
	unsigned int id;
	int err = 0;

	spin_lock(&cmd_lock);
	for (id = 0; id < u->entries && !err; id++) {
		cmd_put(u, AMDVI_CMD_INV_DEVTAB_ENTRY | id, 0);
		if (id % 128 == 127 || id == u->entries - 1)
			err = cmd_sync(u);
	}
	spin_unlock(&cmd_lock);
	return err;
}

/* ---- events ---- */

static void take_event(const struct amdvi_unit *u, const __u64 *event)
{
	struct iommu_fault fault = {
		.bdf = AMDVI_EVT_DEVICE(event[0]),
		.write = AMDVI_EVT_FLAGS(event[0]) & AMDVI_EVT_FLAG_RW,
		.reason = AMDVI_EVT_FLAGS(event[0]),
		.address = event[1] & ~(__u64)(PAGE_SIZE - 1),
	};

	if (AMDVI_EVT_CODE(event[0]) == AMDVI_EVT_IO_PAGE_FAULT) {
		iommu_report_fault(&fault);
		return;
	}
	printk("AMD-Vi unit %u: event 0x%x, device %02x:%02x.%x, address "
	       "0x%llx\n", u->index, AMDVI_EVT_CODE(event[0]),
	       fault.bdf >> 8, (fault.bdf >> 3) & 0x1f, fault.bdf & 7,
	       event[1]);
}

/* A full log stops the unit's logging until it is turned on again. */
static void restart_log(const struct amdvi_unit *u)
{
	printk("AMD-Vi unit %u: event log overflowed, events lost\n",
	       u->index);
	write64(u, AMDVI_CONTROL, ENABLED & ~AMDVI_CTRL_EVT_LOG_EN);
	write64(u, AMDVI_STATUS, AMDVI_STATUS_EVT_OVERFLOW);
	write64(u, AMDVI_CONTROL, ENABLED);
}

static void unit_events(const struct amdvi_unit *u)
{
	__u64 head = read64(u, AMDVI_EVT_HEAD) & AMDVI_RING_PTR_MASK;
	__u64 tail = read64(u, AMDVI_EVT_TAIL) & AMDVI_RING_PTR_MASK;

	for (; head != tail; head = (head + 16) % RING_BYTES)
		take_event(u, &u->events[head / 8]);
	write64(u, AMDVI_EVT_HEAD, head);
	if (read64(u, AMDVI_STATUS) & AMDVI_STATUS_EVT_OVERFLOW)
		restart_log(u);
}

static void amdvi_poll_faults(void)
{
	unsigned int n;

	for (n = 0; n < num_units && enabled; n++)
		unit_events(&units[n]);
}

/* ---- units ---- */

/* Every requester id of buses 0 to the unit's end bus, blocked. */
static int alloc_dev_table(struct amdvi_unit *u)
{
	const struct jailhouse_iommu *cfg =
		&system_config->platform.iommu_units[u->index];
	unsigned int id;

	u->entries = (cfg->end_bus + 1) * DTES_PER_BUS;
	u->dev_table = page_alloc(u->entries / DTES_PER_PAGE);
	if (!u->dev_table)
		return -ENOMEM;
	for (id = 0; id < u->entries; id++)
		u->dev_table[id * DTE_QWORDS] = DTE_BLOCKED;
	return 0;
}

/* Tables and rings in place; the unit stays off until enable. */
static int unit_init(struct amdvi_unit *u)
{
	int err;

	if (!regs(u))
		return -EIO;
	if (read64(u, AMDVI_CONTROL) & AMDVI_CTRL_IOMMU_EN) {
		printk("AMD-Vi unit %u: in use (boot Linux with "
		       "amd_iommu=off)\n", u->index);
		return -EBUSY;
	}
	err = alloc_dev_table(u);
	u->cmd = page_alloc(1);
	u->events = page_alloc(1);
	if (err || !u->cmd || !u->events)
		return -ENOMEM;
	write64(u, AMDVI_DEV_TABLE_BASE, virt_to_phys(u->dev_table) |
		(u->entries / DTES_PER_PAGE - 1));
	write64(u, AMDVI_CMD_BUF_BASE, virt_to_phys(u->cmd) |
		AMDVI_RING_LEN(RING_LEN_LOG2));
	write64(u, AMDVI_EVT_LOG_BASE, virt_to_phys(u->events) |
		AMDVI_RING_LEN(RING_LEN_LOG2));
	u->tail = 0;
	write64(u, AMDVI_CMD_HEAD, 0);
	write64(u, AMDVI_CMD_TAIL, 0);
	write64(u, AMDVI_EVT_HEAD, 0);
	write64(u, AMDVI_EVT_TAIL, 0);
	return 0;
}

static int amdvi_init(void)
{
	const struct jailhouse_platform_info *pf = &system_config->platform;
	unsigned int n;
	int err;

	amdvi_paging = hv_paging;
	amdvi_paging.amdvi = true;
	amdvi_paging.levels = LEVELS;
	for (n = 0; n < pf->num_iommu_units; n++) {
		units[n].index = n;
		err = unit_init(&units[n]);
		if (err)
			return err;
		num_units = n + 1;
	}
	return 0;
}

/*
 * The units have been off: what they cached before (an earlier life of
 * the hypervisor) is dropped once they run, before any cell but the
 * root exists. The root's domain too, which its devices already use.
 */
static int amdvi_enable(void)
{
	unsigned int n;
	int err;

	for (n = 0; n < num_units; n++)
		write64(&units[n], AMDVI_CONTROL, ENABLED);
	enabled = true;
	for (n = 0; n < num_units; n++) {
		err = flush_dev_table(&units[n]);
		if (err)
			return err;
	}
	err = flush_domain(domain_of(&root_cell));
	if (err)
		return err;
	printk("AMD-Vi: %u unit(s), %u-level tables, DMA and interrupt "
	       "remapping on\n", num_units, LEVELS);
	return 0;
}

/*
 * Interrupts pass as written again: QEMU's unit remaps through an entry
 * with IV set even while it is off.
 */
static void irqs_unmapped(struct amdvi_unit *u)
{
	unsigned int id;

	for (id = 0; id < u->entries; id++)
		u->dev_table[id * DTE_QWORDS + 2] = 0;
	flush_dev_table(u);
}

static void amdvi_shutdown(void)
{
	unsigned int n;

	spin_lock(&shutdown_lock);
	for (n = 0; n < num_units; n++) {
		if (!(read64(&units[n], AMDVI_CONTROL) & AMDVI_CTRL_IOMMU_EN))
			continue;
		irqs_unmapped(&units[n]);
		write64(&units[n], AMDVI_CONTROL, 0);
		printk("AMD-Vi unit %u: DMA remapping off after %lu page, "
		       "%lu device table and %lu interrupt table "
		       "invalidations\n", units[n].index, page_invalidations,
		       dte_invalidations, irt_invalidations);
	}
	enabled = false;
	spin_unlock(&shutdown_lock);
}

/* ---- cells and devices ---- */

static int amdvi_cell_init(struct cell *cell)
{
	return paging_create(&amdvi_paging, &cell->arch.dma);
}

static void amdvi_cell_exit(struct cell *cell)
{
	paging_destroy(&amdvi_paging, &cell->arch.dma);
}

/*
 * A unit may cache absent entries (QEMU's and virtualised units say so
 * with NpCache): the domain is flushed after a map too. Split 2 MiB pages
 * are not collapsed again; their tables stay in the tree.
 */
static int amdvi_map(struct cell *cell, __u64 dma, __u64 phys, __u64 size,
		     unsigned int access)
{
	int err;

	if (dma >= 1ULL << 48 || size > (1ULL << 48) - dma)
		return -ERANGE;
	err = paging_map(&amdvi_paging, &cell->arch.dma, dma, phys, size,
			 access | PAGING_HUGE);
	return err ?: flush_domain(domain_of(cell));
}

static int amdvi_unmap(struct cell *cell, __u64 dma, __u64 size)
{
	int err = 0;

	if (dma < 1ULL << 48)
		err = paging_unmap(&amdvi_paging, &cell->arch.dma, dma,
				   size < (1ULL << 48) - dma ? size :
				   (1ULL << 48) - dma);
	return flush_domain(domain_of(cell)) ?: err;
}

/* @u forgets its entry of @bdf and what it cached of domain @did. */
static int flush_device(struct amdvi_unit *u, __u16 bdf, __u16 did)
{
	int err;

	if (!enabled)
		return 0;
	spin_lock(&cmd_lock);
	cmd_put(u, AMDVI_CMD_INV_DEVTAB_ENTRY | bdf, 0);
	cmd_flush_domain(u, did);
	err = cmd_sync(u);
	spin_unlock(&cmd_lock);
	return err;
}

/*
 * Blocked first and the old domain flushed, then the new domain id, then
 * translation in one store: the unit never walks a half-written entry.
 * A move the unit did not confirm leaves the entry blocked; the next
 * move writes and flushes it again.
 */
static int amdvi_set_device(const struct jailhouse_pci_device *dev,
			    const struct cell *owner)
{
	struct amdvi_unit *u = &units[dev->iommu];
	__u64 *dte;
	int err;

	if (dev->bdf >= u->entries)
		return -ERANGE;
	dte = &u->dev_table[dev->bdf * DTE_QWORDS];
	if (dte[0] != DTE_BLOCKED) {
		atomic_store_release(&dte[0], DTE_BLOCKED);
		err = flush_device(u, dev->bdf, AMDVI_DTE_DOMAIN(dte[1]));
		if (err)
			return err;
	}
	if (!owner)
		return 0;
	dte[1] = AMDVI_DTE_DOMAIN(domain_of(owner));
	atomic_store_release(&dte[0], owner->arch.dma.phys | AMDVI_DTE_V |
			     AMDVI_DTE_TV | AMDVI_DTE_MODE(LEVELS) |
			     AMDVI_DTE_IR | AMDVI_DTE_IW);
	err = flush_device(u, dev->bdf, domain_of(owner));
	if (err)
		atomic_store_release(&dte[0], DTE_BLOCKED);
	return err;
}

/* ---- interrupt remapping ---- */

/* @u forgets its entry of @sid and its interrupt table, before return. */
static void flush_irq_device(struct amdvi_unit *u, __u16 sid, bool dte)
{
	if (!enabled)
		return;
	spin_lock(&cmd_lock);
	if (dte)
		cmd_put(u, AMDVI_CMD_INV_DEVTAB_ENTRY | sid, 0);
	cmd_put(u, AMDVI_CMD_INV_INT_TABLE | sid, 0);
	cmd_sync(u);
	spin_unlock(&cmd_lock);
}

/* Interrupt fields of @sid's entry in every unit covering it. */
static void set_dte_irq(__u16 sid, __u64 fields)
{
	unsigned int n;

	for (n = 0; n < num_units; n++) {
		if (sid >= units[n].entries)
			continue;
		atomic_store_release(&units[n].dev_table[sid * DTE_QWORDS + 2],
				     fields);
		flush_irq_device(&units[n], sid, true);
	}
}

static __u64 dte_irq_remapped(const struct irq_table *t)
{
	return virt_to_phys(t->entries) | AMDVI_DTE_IV |
	       AMDVI_DTE_INT_TAB_LEN(IRT_LEN_LOG2) | AMDVI_DTE_INT_CTL_REMAP;
}

/* Whether a unit's device table holds @sid: else its table is unused. */
static bool sid_covered(__u16 sid)
{
	unsigned int n;

	for (n = 0; n < num_units; n++)
		if (sid < units[n].entries)
			return true;
	return false;
}

/* @sid's table, created empty and set in its entries on first use. */
static struct irq_table *sid_table(__u16 sid)
{
	struct irq_table *t;
	unsigned int n;

	for (n = 0; n < num_irq_tables; n++)
		if (irq_tables[n].sid == sid)
			return &irq_tables[n];
	if (num_irq_tables == MAX_IRQ_TABLES || !sid_covered(sid))
		return NULL;
	t = &irq_tables[num_irq_tables];
	t->entries = page_alloc(IRT_PAGES);
	if (!t->entries)
		return NULL;
	t->sid = sid;
	num_irq_tables++;
	set_dte_irq(sid, dte_irq_remapped(t));
	return t;
}

/*
 * The table that holds @index: the one it went to first, else @sid's.
 * An index is one requester's (an IOAPIC pin, a device's MSI), so @sid
 * never changes for it; a different one is refused, as is a requester
 * without source id (IOMMU_ANY_SID): no table can be named for it.
 */
static struct irq_table *index_owner(unsigned int index, __u32 sid)
{
	struct irq_table *t = index_table[index] ?
			      &irq_tables[index_table[index] - 1] : NULL;

	if (!t && sid < IOMMU_ANY_SID) {
		t = sid_table(sid);
		if (t)
			index_table[index] = t - irq_tables + 1;
	}
	if (!t || t->sid != sid) {
		printk("AMD-Vi: interrupt %u of requester %x: no table\n",
		       index, sid);
		return NULL;
	}
	return t;
}

/* Fixed and arbitrated interrupts only: a table can name no other type. */
static __u32 irte_of(const struct iommu_irq *irq)
{
	unsigned int type = (irq->rte & APIC_ICR_DLVR_MASK) >>
			    APIC_ICR_DLVR_SHIFT;

	if (type > APIC_ICR_DLVR_LOWPRI)
		return 0;
	return AMDVI_IRTE_REMAP_EN | AMDVI_IRTE_INT_TYPE(type) |
	       (irq->rte & APIC_ICR_LOGICAL ? AMDVI_IRTE_DM : 0) |
	       AMDVI_IRTE_DEST(irq->rte >> APIC_XAPIC_DEST_SHIFT & 0xff) |
	       AMDVI_IRTE_VECTOR(irq->rte & APIC_ICR_VECTOR);
}

/* Every unit covering @sid forgets what it cached of its table. */
static void flush_irq_table(__u16 sid)
{
	unsigned int n;

	for (n = 0; n < num_units; n++)
		if (sid < units[n].entries)
			flush_irq_device(&units[n], sid, false);
}

/* One 32-bit store changes an entry; the units forget it before return. */
static void amdvi_set_irte(unsigned int index, const struct iommu_irq *irq)
{
	struct irq_table *t;
	__u32 irte = irq ? irte_of(irq) : 0;

	spin_lock(&irq_lock);
	if (irq)
		t = index_owner(index, irq->sid);
	else
		t = index_table[index] ?
		    &irq_tables[index_table[index] - 1] : NULL;
	if (irq && !irte)
		printk("AMD-Vi: interrupt %u: delivery mode of 0x%llx has no "
		       "remapped form\n", index, irq->rte);
	if (t) {
		atomic_store_release(&t->entries[index & IRT_INDEX_MASK], irte);
		flush_irq_table(t->sid);
	}
	spin_unlock(&irq_lock);
}

static bool has_irq_table(unsigned int sid)
{
	unsigned int n;

	for (n = 0; n < num_irq_tables; n++)
		if (irq_tables[n].sid == sid)
			return true;
	return false;
}

/*
 * AMD-Vi has no compatibility format: a requester is remapped through
 * its table or not at all. Those with a table keep it; those without
 * (no MSI the hypervisor remapped) pass as written or are aborted.
 */
static void amdvi_irq_compat(bool allow)
{
	__u64 no_table = allow ? 0 : DTE_IRQ_ABORT;
	struct amdvi_unit *u;
	unsigned int n, id;

	spin_lock(&irq_lock);
	for (n = 0; n < num_units; n++) {
		u = &units[n];
		for (id = 0; id < u->entries; id++)
			if (!has_irq_table(id))
				u->dev_table[id * DTE_QWORDS + 2] = no_table;
		flush_dev_table(u);
	}
	spin_unlock(&irq_lock);
}

/* Physical destination 0, type fixed, the index in the vector field. */
static void amdvi_msi_remapped(unsigned int index, __u32 *addr, __u32 *data)
{
	*addr = AMDVI_MSI_ADDRESS;
	*data = index & IRT_INDEX_MASK;
}

static __u64 amdvi_rte_remapped(__u64 rte, unsigned int index)
{
	return (rte & (IOAPIC_RTE_POLARITY | APIC_ICR_LEVEL |
		       IOAPIC_RTE_MASKED)) | (index & IRT_INDEX_MASK);
}

const struct iommu_vendor_ops amdvi_ops = {
	.init = amdvi_init,
	.enable = amdvi_enable,
	.shutdown = amdvi_shutdown,
	.cell_init = amdvi_cell_init,
	.cell_exit = amdvi_cell_exit,
	.map = amdvi_map,
	.unmap = amdvi_unmap,
	.set_device = amdvi_set_device,
	.poll_faults = amdvi_poll_faults,
	.set_irte = amdvi_set_irte,
	.irq_compat = amdvi_irq_compat,
	.msi_remapped = amdvi_msi_remapped,
	.rte_remapped = amdvi_rte_remapped,
};
