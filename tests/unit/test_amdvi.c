// SPDX-License-Identifier: GPL-2.0
/*
 * AMD-Vi (hypervisor/arch/x86/amdvi.c with lib/paging.c) against a fake
 * unit: a thread that plays the hardware, running the command buffer
 * while the unit is on (it logs every command and does what
 * COMPLETION_WAIT stores). The tables amdvi.c builds are walked here as
 * the AMD IOMMU specification says the unit walks them ("I/O Page
 * Tables"): which device reaches what, with which permission; the event
 * log is filled here as the unit fills it.
 */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

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

#define PAGE		PAGING_PAGE_SIZE
#define HUGE		PAGING_HUGE_SIZE
#define HOST		0x40000000ULL	/* where the cell's DMA goes */
#define EDU		0x0018		/* 00:03.0 */
#define IOAPIC_SID	0x00a0		/* 00:14.0, QEMU's IVRS special device */
#define EDU_IRQ		(JAILHOUSE_MAX_IOAPICS * IOMMU_IRT_IOAPIC_PINS + 3)
#define PASSED		0xffffffffU	/* irte_used(): not remapped */
#define MAX_CMDS	4096
#define ADDR_MASK	0x000ffffffffff000ULL
#define WAIT_ADDR_MASK	0x000ffffffffffff8ULL

static struct jailhouse_system sys = {
	.platform = {
		.num_iommu_units = 1,
		.iommu_units = { { .type = JAILHOUSE_IOMMU_AMD,
				   .base = 0xfed80000, .end_bus = 1 } },
	},
};
const struct jailhouse_system *system_config = &sys;
struct paging_env hv_paging;
struct cell root_cell = { .id = 0 };
static struct cell cell = { .id = 1 };
static const struct jailhouse_pci_device edu = { .bdf = EDU, .iommu = 0 };

/* The fake unit: registers, and the commands it ran, in order. */
static _Alignas(4096) volatile __u8 regs[0x4000];
static struct {
	pthread_t thread;
	volatile bool stop;
	/* Takes no command until cleared: every completion wait times out. */
	volatile bool stalled;
	__u64 cmd[MAX_CMDS][2];
	volatile unsigned int cmds;
} unit;

/* What iommu_report_fault() got. */
static struct iommu_fault reported[4];
static unsigned int num_reported;

static volatile __u64 *reg64(unsigned int reg)
{
	return (volatile __u64 *)(regs + reg);
}

/* Logged first: a waiter that sees its store sees the command counted. */
static void run_command(const __u64 *c)
{
	assert_true(unit.cmds < MAX_CMDS);
	unit.cmd[unit.cmds][0] = c[0];
	unit.cmd[unit.cmds][1] = c[1];
	__atomic_store_n(&unit.cmds, unit.cmds + 1, __ATOMIC_RELEASE);
	if ((c[0] & AMDVI_CMD_OP(0xf)) == AMDVI_CMD_COMPLETION_WAIT &&
	    (c[0] & AMDVI_CMD_WAIT_STORE))
		__atomic_store_n((__u64 *)(uintptr_t)(c[0] & WAIT_ADDR_MASK),
				 c[1], __ATOMIC_RELEASE);
}

static bool running(void)
{
	__u64 on = AMDVI_CTRL_IOMMU_EN | AMDVI_CTRL_CMD_BUF_EN;

	return (*reg64(AMDVI_CONTROL) & on) == on;
}

static void *hardware(void *arg)
{
	const __u64 *ring;
	__u64 head, tail;

	(void)arg;
	while (!unit.stop) {
		ring = (const __u64 *)(uintptr_t)(*reg64(AMDVI_CMD_BUF_BASE) &
						  ADDR_MASK);
		head = *reg64(AMDVI_CMD_HEAD);
		tail = *reg64(AMDVI_CMD_TAIL);
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		for (; running() && !unit.stalled && ring && head != tail;
		     head = (head + 16) % PAGE)
			run_command(&ring[head / 8]);
		*reg64(AMDVI_CMD_HEAD) = head;
		sched_yield();
	}
	return NULL;
}

volatile void *devmap(unsigned int slot, __u64 phys)
{
	assert_int_equal(slot, DEVMAP_SLOT_IOMMU(0));
	assert_int_equal(phys, sys.platform.iommu_units[0].base);
	return regs;
}

void *page_alloc(unsigned long num)
{
	void *page = aligned_alloc(PAGE, num * PAGE);

	assert_non_null(page);
	memset(page, 0, num * PAGE);
	return page;
}

void page_free(void *page, unsigned long num)
{
	(void)num;
	free(page);
}

__u64 virt_to_phys(const void *virt)
{
	return (uintptr_t)virt;
}

void iommu_report_fault(const struct iommu_fault *fault)
{
	assert_true(num_reported < 4);
	reported[num_reported++] = *fault;
}

void printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

static void *alloc_table(void *ctx, __u64 *phys)
{
	void *page = page_alloc(1);

	(void)ctx;
	*phys = (uintptr_t)page;
	return page;
}

static void free_table(void *ctx, void *table)
{
	(void)ctx;
	page_free(table, 1);
}

static void *table_virt(void *ctx, __u64 phys)
{
	(void)ctx;
	return (void *)(uintptr_t)phys;
}

static const __u64 *dte_of(__u16 bdf)
{
	return (const __u64 *)(uintptr_t)(*reg64(AMDVI_DEV_TABLE_BASE) &
					  ADDR_MASK) + 4 * bdf;
}

/* An entry (or the device table entry) grants the access. */
static bool granted(__u64 entry, bool write)
{
	return (entry & 1) && (entry & AMDVI_PTE_IR) &&
	       (!write || (entry & AMDVI_PTE_IW));
}

/*
 * The unit's translation of a request of @bdf: the device table entry,
 * then from level Mode down, each entry present and granting the
 * access, until one whose next level is 0 maps a page of its level.
 * Return: whether the access is allowed, *phys the address it reaches.
 */
static bool translate(__u16 bdf, __u64 dma, bool write, __u64 *phys)
{
	const __u64 *dte = dte_of(bdf);
	unsigned int level = (dte[0] >> 9) & 7, next;
	__u64 entry = dte[0], size;

	assert_true(dte[0] & AMDVI_DTE_V);
	assert_true(dte[0] & AMDVI_DTE_TV);
	if (!granted(entry, write) || level == 0)
		return false;
	for (;; level = next) {
		entry = ((const __u64 *)(uintptr_t)(entry & ADDR_MASK))
			[(dma >> (3 + 9 * level)) & 511];
		if (!granted(entry, write))
			return false;
		next = (entry >> 9) & 7;
		if (next == 0)
			break;
		assert_int_equal(next, level - 1);
	}
	size = 1ULL << (3 + 9 * level);
	*phys = (entry & ADDR_MASK & ~(size - 1)) | (dma & (size - 1));
	return true;
}

/* Index of the first command from @from with opcode @op, or -1. */
static int find_cmd(unsigned int from, __u64 op)
{
	unsigned int n;

	for (n = from; n < unit.cmds; n++)
		if ((unit.cmd[n][0] & AMDVI_CMD_OP(0xf)) == op)
			return n;
	return -1;
}

static int unit_up(void **state)
{
	(void)state;
	hv_paging = (struct paging_env){
		.alloc_table = alloc_table,
		.free_table = free_table,
		.table_virt = table_virt,
		.levels = 4,
	};
	assert_int_equal(pthread_create(&unit.thread, NULL, hardware, NULL),
			 0);
	return amdvi_ops.init() ?: amdvi_ops.cell_init(&root_cell) ?:
	       amdvi_ops.cell_init(&cell);
}

static int unit_down(void **state)
{
	(void)state;
	amdvi_ops.cell_exit(&cell);
	amdvi_ops.cell_exit(&root_cell);
	unit.stop = true;
	pthread_join(unit.thread, NULL);
	return 0;
}

/*
 * Before enable: tables and rings in place, the unit off, every requester
 * id of buses 0 and 1 blocked (valid, no permission, no translation).
 */
static void test_init_blocks_everything(void **state)
{
	unsigned int id;

	(void)state;
	assert_int_equal(*reg64(AMDVI_CONTROL), 0);
	/* 512 requester ids of 32 bytes: 4 pages, size field 3. */
	assert_int_equal(*reg64(AMDVI_DEV_TABLE_BASE) & 0x1ff, 3);
	assert_int_equal(*reg64(AMDVI_CMD_BUF_BASE) >> 56, 8);
	assert_int_equal(*reg64(AMDVI_EVT_LOG_BASE) >> 56, 8);
	for (id = 0; id < 512; id++)
		assert_int_equal(dte_of(id)[0], AMDVI_DTE_V | AMDVI_DTE_TV);
}

/*
 * At enable the unit runs its command buffer; every device table entry
 * and the root's domain are flushed, each batch waited for.
 */
static void test_enable_flushes(void **state)
{
	unsigned int n, devtab = 0;

	(void)state;
	assert_int_equal(amdvi_ops.set_device(&edu, &root_cell), 0);
	assert_int_equal(unit.cmds, 0);
	assert_int_equal(amdvi_ops.enable(), 0);
	assert_int_equal(*reg64(AMDVI_CONTROL),
			 AMDVI_CTRL_IOMMU_EN | AMDVI_CTRL_CMD_BUF_EN |
			 AMDVI_CTRL_EVT_LOG_EN);
	for (n = 0; n < unit.cmds; n++)
		if ((unit.cmd[n][0] & AMDVI_CMD_OP(0xf)) ==
		    AMDVI_CMD_INV_DEVTAB_ENTRY)
			devtab++;
	assert_int_equal(devtab, 512);
	n = find_cmd(0, AMDVI_CMD_INV_IOMMU_PAGES);
	assert_true((int)n >= 0);
	assert_int_equal(unit.cmd[n][0] >> 32 & 0xffff, root_cell.id + 1);
	assert_int_equal(unit.cmd[n][1], 0x7ffffffffffff003ULL);
	assert_true(find_cmd(n, AMDVI_CMD_COMPLETION_WAIT) > (int)n);
}

/*
 * A device of the cell reaches the cell's memory at guest-physical
 * addresses, a read-only region only for reads, and nothing else; 2 MiB
 * blocks are single entries of level 2.
 */
static void test_cell_space(void **state)
{
	const __u64 *dte = dte_of(EDU);
	__u64 phys;

	(void)state;
	assert_int_equal(amdvi_ops.map(&cell, 0, HOST, 2 * HUGE,
				       PAGING_READ | PAGING_WRITE), 0);
	assert_int_equal(amdvi_ops.map(&cell, 4 * HUGE, HOST + 4 * HUGE, PAGE,
				       PAGING_READ), 0);
	assert_int_equal(amdvi_ops.set_device(&edu, &cell), 0);
	assert_int_equal(dte[1] & 0xffff, cell.id + 1);
	assert_int_equal((dte[0] >> 9) & 7, 4);
	assert_int_equal(dte[0] & ADDR_MASK, cell.arch.dma.phys);
	assert_true(translate(EDU, 0x1234, true, &phys));
	assert_int_equal(phys, HOST + 0x1234);
	assert_true(translate(EDU, HUGE + 0x5678, false, &phys));
	assert_int_equal(phys, HOST + HUGE + 0x5678);
	assert_true(translate(EDU, 4 * HUGE + 8, false, &phys));
	assert_int_equal(phys, HOST + 4 * HUGE + 8);
	assert_false(translate(EDU, 4 * HUGE + 8, true, &phys));
	assert_false(translate(EDU, 2 * HUGE, false, &phys));
	assert_false(translate(EDU, 1ULL << 40, false, &phys));
	/* Another device of the root is not in the cell's space. */
	assert_false(translate(0x0010, 0x1234, false, &phys));
}

/*
 * A page leaves the cell's space: the 2 MiB page is split around it and
 * the domain's pages are invalidated, and waited for, before unmap
 * returns.
 */
static void test_unmap_invalidates(void **state)
{
	unsigned int from = unit.cmds;
	int inv, wait;
	__u64 phys;

	(void)state;
	assert_int_equal(amdvi_ops.unmap(&cell, 3 * PAGE, PAGE), 0);
	assert_false(translate(EDU, 3 * PAGE, false, &phys));
	assert_true(translate(EDU, 4 * PAGE, true, &phys));
	assert_int_equal(phys, HOST + 4 * PAGE);
	inv = find_cmd(from, AMDVI_CMD_INV_IOMMU_PAGES);
	assert_true(inv >= 0);
	assert_int_equal(unit.cmd[inv][0] >> 32 & 0xffff, cell.id + 1);
	wait = find_cmd(inv, AMDVI_CMD_COMPLETION_WAIT);
	assert_true(wait > inv);
	assert_int_equal(unit.cmds, wait + 1);
}

/*
 * Blocking a device: its entry grants nothing, and the unit forgot the
 * entry and what the old domain cached before set_device() returns.
 */
static void test_block_device(void **state)
{
	unsigned int from = unit.cmds;
	int devtab, pages;

	(void)state;
	assert_int_equal(amdvi_ops.set_device(&edu, NULL), 0);
	assert_int_equal(dte_of(EDU)[0], AMDVI_DTE_V | AMDVI_DTE_TV);
	devtab = find_cmd(from, AMDVI_CMD_INV_DEVTAB_ENTRY);
	pages = find_cmd(from, AMDVI_CMD_INV_IOMMU_PAGES);
	assert_true(devtab >= 0 && pages >= 0);
	assert_int_equal(unit.cmd[devtab][0] & 0xffff, EDU);
	assert_int_equal(unit.cmd[pages][0] >> 32 & 0xffff, cell.id + 1);
	assert_true(find_cmd(pages, AMDVI_CMD_COMPLETION_WAIT) > pages);
}

/* The unit runs again, and runs what it had not taken. */
static void unit_resumes(void)
{
	unit.stalled = false;
	while (*reg64(AMDVI_CMD_HEAD) != *reg64(AMDVI_CMD_TAIL))
		sched_yield();
}

/*
 * A move to a cell that the unit does not confirm (its completion wait
 * times out) fails, and the device is left blocked rather than the
 * cell's; the way back to the root, confirmed, works.
 */
static void test_move_unconfirmed(void **state)
{
	unsigned int from;
	__u64 phys;

	(void)state;
	unit.stalled = true;
	assert_int_equal(amdvi_ops.set_device(&edu, &cell), -EIO);
	assert_int_equal(dte_of(EDU)[0], AMDVI_DTE_V | AMDVI_DTE_TV);
	assert_false(translate(EDU, 0x1234, false, &phys));
	unit_resumes();
	from = unit.cmds;
	assert_int_equal(amdvi_ops.set_device(&edu, &root_cell), 0);
	assert_int_equal(dte_of(EDU)[1] & 0xffff, root_cell.id + 1);
	assert_int_equal(unit.cmd[find_cmd(from, AMDVI_CMD_INV_DEVTAB_ENTRY)]
			 [0] & 0xffff, EDU);
}

/*
 * Destroy: a block the unit does not confirm fails but leaves the entry
 * blocked; the device goes back to the root only with a confirmed
 * invalidation of its entry.
 */
static void test_block_unconfirmed(void **state)
{
	unsigned int from;

	(void)state;
	assert_int_equal(amdvi_ops.set_device(&edu, &cell), 0);
	unit.stalled = true;
	assert_int_equal(amdvi_ops.set_device(&edu, NULL), -EIO);
	assert_int_equal(dte_of(EDU)[0], AMDVI_DTE_V | AMDVI_DTE_TV);
	assert_int_equal(amdvi_ops.set_device(&edu, &root_cell), -EIO);
	assert_int_equal(dte_of(EDU)[0], AMDVI_DTE_V | AMDVI_DTE_TV);
	unit_resumes();
	from = unit.cmds;
	assert_int_equal(amdvi_ops.set_device(&edu, &root_cell), 0);
	assert_int_equal(dte_of(EDU)[0] & ADDR_MASK, root_cell.arch.dma.phys);
	assert_true(find_cmd(from, AMDVI_CMD_INV_DEVTAB_ENTRY) >= 0);
	assert_int_equal(amdvi_ops.set_device(&edu, NULL), 0);
}

/* The unit logs an event at the tail, as the spec lays it out. */
static void log_event(__u16 bdf, unsigned int code, unsigned int flags,
		      __u64 address)
{
	__u64 *log = (__u64 *)(uintptr_t)(*reg64(AMDVI_EVT_LOG_BASE) &
					  ADDR_MASK);
	__u64 tail = *reg64(AMDVI_EVT_TAIL);

	log[tail / 8] = bdf | (__u64)flags << 48 | (__u64)code << 60;
	log[tail / 8 + 1] = address;
	*reg64(AMDVI_EVT_TAIL) = (tail + 16) % PAGE;
}

/*
 * Polling hands every IO_PAGE_FAULT to the core with device, direction
 * and page, logs other events, and moves the head to the tail.
 */
static void test_events_reported(void **state)
{
	(void)state;
	num_reported = 0;
	log_event(EDU, AMDVI_EVT_IO_PAGE_FAULT, AMDVI_EVT_FLAG_RW,
		  0x3b000123);
	log_event(0x0010, 1, 0, 0x1000);	/* ILLEGAL_DEV_TABLE_ENTRY */
	log_event(EDU, AMDVI_EVT_IO_PAGE_FAULT, 0, 0x3c000000);
	amdvi_ops.poll_faults();
	assert_int_equal(num_reported, 2);
	assert_int_equal(reported[0].bdf, EDU);
	assert_true(reported[0].write);
	assert_false(reported[0].irq);
	assert_int_equal(reported[0].address, 0x3b000000);
	assert_false(reported[1].write);
	assert_int_equal(reported[1].address, 0x3c000000);
	assert_int_equal(*reg64(AMDVI_EVT_HEAD), *reg64(AMDVI_EVT_TAIL));
	amdvi_ops.poll_faults();
	assert_int_equal(num_reported, 2);
}

/*
 * The entry the unit uses for a fixed-type interrupt of @sid with
 * message data @data, as the spec's "Interrupt Remapping Tables" and
 * QEMU 7.2's amdvi_int_remap_msi() walk it: IV clear passes it as
 * written (PASSED), IntCtl other than 10b aborts it (0), else the 32-bit
 * entry at data bits 10:0 of the table at IntTableRootPtr.
 */
static __u32 irte_used(__u16 sid, __u32 data)
{
	const __u64 *dte = dte_of(sid);
	const __u32 *table;

	if (!(dte[2] & AMDVI_DTE_IV))
		return PASSED;
	if ((dte[2] >> 60 & 3) != 2)
		return 0;
	assert_int_equal(dte[2] >> 1 & 0xf, 11);	/* 2048 entries */
	table = (const __u32 *)(uintptr_t)(dte[2] & 0x000fffffffffffc0ULL);
	return table[data & 0x7ff];
}

/* The data a device writes for entry @index, checked for its address. */
static __u32 msi_data(unsigned int index)
{
	__u32 addr, data;

	amdvi_ops.msi_remapped(index, &addr, &data);
	assert_int_equal(addr, 0xfee00000);	/* physical, destination 0 */
	assert_int_equal(data & 0x700, 0);	/* type fixed: remapped */
	return data;
}

/* @sid's interrupt table was invalidated, and waited for, after @from. */
static void irt_flushed(unsigned int from, __u16 sid)
{
	int inv = find_cmd(from, AMDVI_CMD_INV_INT_TABLE);

	assert_true(inv >= 0);
	assert_int_equal(unit.cmd[inv][0] & 0xffff, sid);
	assert_true(find_cmd(inv, AMDVI_CMD_COMPLETION_WAIT) > inv);
}

/*
 * An IOAPIC pin through the IOAPIC's table (its IVRS requester id), an
 * MSI through the device's own: vector, destination, destination mode
 * and type as the entry says, each change invalidated before return; an
 * index stays its requester's, and types a table cannot name, or a
 * requester without id, get no entry.
 */
static void test_irq_tables(void **state)
{
	const struct iommu_irq pin = {
		.rte = 0x31 | APIC_ICR_DLVR_LOWPRI << APIC_ICR_DLVR_SHIFT |
		       APIC_ICR_LOGICAL | 2ULL << APIC_XAPIC_DEST_SHIFT,
		.sid = IOAPIC_SID,
	};
	const struct iommu_irq msi = {
		.rte = 0xdf | 3ULL << APIC_XAPIC_DEST_SHIFT, .sid = EDU,
	};
	struct iommu_irq nmi = msi, stray = msi;
	unsigned int from = unit.cmds;

	(void)state;
	assert_int_equal(irte_used(IOAPIC_SID, 5), PASSED);
	amdvi_ops.set_irte(5, &pin);
	assert_int_equal(dte_of(IOAPIC_SID)[0], AMDVI_DTE_V | AMDVI_DTE_TV);
	assert_int_equal(irte_used(IOAPIC_SID, msi_data(5)),
			 AMDVI_IRTE_REMAP_EN | 1 << 2 | AMDVI_IRTE_DM |
			 2 << 8 | 0x31 << 16);
	assert_int_not_equal(find_cmd(from, AMDVI_CMD_INV_DEVTAB_ENTRY), -1);
	irt_flushed(from, IOAPIC_SID);

	from = unit.cmds;
	amdvi_ops.set_irte(EDU_IRQ, &msi);
	assert_int_equal(irte_used(EDU, msi_data(EDU_IRQ)),
			 AMDVI_IRTE_REMAP_EN | 3 << 8 | 0xdf << 16);
	assert_int_equal(irte_used(IOAPIC_SID, msi_data(EDU_IRQ)), 0);
	assert_int_equal(irte_used(EDU, msi_data(5)), 0);
	irt_flushed(from, EDU);

	stray.sid = IOAPIC_SID;		/* EDU_IRQ is edu's */
	amdvi_ops.set_irte(EDU_IRQ, &stray);
	assert_int_equal(irte_used(IOAPIC_SID, msi_data(EDU_IRQ)), 0);
	assert_int_not_equal(irte_used(EDU, msi_data(EDU_IRQ)), 0);
	stray.sid = IOMMU_ANY_SID;
	amdvi_ops.set_irte(EDU_IRQ + 1, &stray);
	assert_int_equal(irte_used(EDU, msi_data(EDU_IRQ + 1)), 0);
	nmi.rte |= APIC_ICR_DLVR_NMI << APIC_ICR_DLVR_SHIFT;
	amdvi_ops.set_irte(EDU_IRQ + 2, &nmi);
	assert_int_equal(irte_used(EDU, msi_data(EDU_IRQ + 2)), 0);

	from = unit.cmds;
	amdvi_ops.set_irte(EDU_IRQ, NULL);
	assert_int_equal(irte_used(EDU, msi_data(EDU_IRQ)), 0);
	irt_flushed(from, EDU);
}

/*
 * The IOAPIC entry that names entry @index: fixed, physical, destination
 * 0, the index as vector; trigger, polarity and mask as written.
 */
static void test_rte_remapped(void **state)
{
	__u64 rte = 0x31 | APIC_ICR_LOGICAL | APIC_ICR_LEVEL |
		    IOAPIC_RTE_POLARITY | IOAPIC_RTE_MASKED |
		    APIC_ICR_DLVR_LOWPRI << APIC_ICR_DLVR_SHIFT |
		    0xffULL << APIC_XAPIC_DEST_SHIFT;

	(void)state;
	assert_int_equal(amdvi_ops.rte_remapped(rte, 128 + 9),
			 (128 + 9) | APIC_ICR_LEVEL | IOAPIC_RTE_POLARITY |
			 IOAPIC_RTE_MASKED);
}

/*
 * Compatibility format blocked: requesters without a table are aborted
 * (IV, IntCtl 00b), those with one keep it; allowed again, the others
 * pass as written. Every entry is invalidated each time.
 */
static void test_irq_compat(void **state)
{
	unsigned int from = unit.cmds;

	(void)state;
	amdvi_ops.irq_compat(false);
	assert_int_equal(irte_used(0x0010, 0x31), 0);
	assert_int_not_equal(irte_used(IOAPIC_SID, msi_data(5)), 0);
	assert_int_not_equal(irte_used(IOAPIC_SID, msi_data(5)), PASSED);
	assert_int_not_equal(find_cmd(from, AMDVI_CMD_INV_DEVTAB_ENTRY), -1);
	amdvi_ops.irq_compat(true);
	assert_int_equal(irte_used(0x0010, 0x31), PASSED);
	assert_int_not_equal(irte_used(IOAPIC_SID, msi_data(5)), PASSED);
}

/*
 * Disable turns the unit off; no command runs after. Interrupts pass as
 * written first (QEMU's unit remaps through IV even while off).
 */
static void test_shutdown(void **state)
{
	(void)state;
	amdvi_ops.shutdown();
	assert_int_equal(*reg64(AMDVI_CONTROL), 0);
	assert_int_equal(irte_used(IOAPIC_SID, msi_data(5)), PASSED);
	assert_int_equal(irte_used(EDU, 0xdf), PASSED);
}

int main(void)
{
	/* In order: one unit's life, from init to shutdown. */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_blocks_everything),
		cmocka_unit_test(test_enable_flushes),
		cmocka_unit_test(test_cell_space),
		cmocka_unit_test(test_unmap_invalidates),
		cmocka_unit_test(test_block_device),
		cmocka_unit_test(test_move_unconfirmed),
		cmocka_unit_test(test_block_unconfirmed),
		cmocka_unit_test(test_events_reported),
		cmocka_unit_test(test_irq_tables),
		cmocka_unit_test(test_rte_remapped),
		cmocka_unit_test(test_irq_compat),
		cmocka_unit_test(test_shutdown),
	};

	return cmocka_run_group_tests(tests, unit_up, unit_down);
}
