// SPDX-License-Identifier: GPL-2.0
/*
 * VT-d table changes (hypervisor/arch/x86/vtd.c with lib/paging.c)
 * against a fake unit: a thread that plays the hardware, mirroring GCMD
 * into GSTS and running the invalidation queue (it counts IOTLB and
 * context-cache invalidations and writes the wait descriptors' status).
 *
 * A unit may cache a directory entry (its paging-structure caches) and
 * walk the 4 KiB table it points to after the hypervisor collapsed that
 * table into a 2 MiB page; the page must not serve anything else until
 * an IOTLB invalidation of the domain, which drops those caches too, has
 * been waited for. The pool's page_free() here checks that for every
 * page vtd_map() gives back.
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
#include <jailhouse/errno.h>
#include <jailhouse/control.h>
#include <jailhouse/mem.h>
#include <jailhouse/printk.h>
#include <asm/devmap.h>
#include <asm/iommu.h>
#include <asm/vtd.h>

#define PAGE		PAGING_PAGE_SIZE
#define HUGE		PAGING_HUGE_SIZE
#define HOST		0x40000000ULL	/* where the cell's DMA goes */
#define QUEUE_ENTRIES	256
/* CAP: 3- and 4-level tables, MGAW 48, 2 MiB pages, records at 0x200. */
#define FAKE_CAP	(VTD_CAP_SAGAW_39 | VTD_CAP_SAGAW_48 | \
			 (47ULL << 16) | (0x20ULL << 24) | VTD_CAP_SLLPS_2M)
#define FAKE_ECAP	(VTD_ECAP_C | VTD_ECAP_QI | VTD_ECAP_IR)
#define GSTS_MIRRORED	(VTD_GCMD_STATE | VTD_GCMD_SRTP | VTD_GCMD_SIRTP)

static struct jailhouse_system sys = {
	.platform = {
		.num_iommu_units = 1,
		.iommu_units = { { .type = JAILHOUSE_IOMMU_INTEL,
				   .base = 0xfed90000 } },
	},
};
const struct jailhouse_system *system_config = &sys;
struct paging_env hv_paging;

/* The fake unit: registers, and what it has done. */
static _Alignas(4096) volatile __u8 regs[4096];
static struct {
	pthread_t thread;
	volatile bool stop;
	/* Stops running the queue and reports a queue error instead. */
	volatile bool broken;
	unsigned int head;
	/* Done by the unit, in order. */
	unsigned long iotlb, context, waits;
	/* IOTLB invalidations (of domain did or all) a wait then ended. */
	unsigned long iotlb_waited;
	unsigned long iotlb_pending;
	__u16 did;
} unit;

/* What the pool saw; every page it handed out, until it is back. */
#define MAX_PAGES	64
static struct {
	void *pages[MAX_PAGES];
	unsigned long freed;
	/* unit.iotlb_waited when a page came back, the least of them. */
	unsigned long least_waited;
	bool counting;
} pool;

static volatile __u32 *reg32(unsigned int reg)
{
	return (volatile __u32 *)(regs + reg);
}

static volatile __u64 *reg64(unsigned int reg)
{
	return (volatile __u64 *)(regs + reg);
}

static void run_descriptor(const __u64 *d)
{
	switch (d[0] & 0xf) {
	case VTD_INV_IOTLB:
		unit.iotlb++;
		if ((d[0] & (3ULL << 4)) == VTD_INV_GLOBAL ||
		    ((d[0] >> 16) & 0xffff) == unit.did)
			unit.iotlb_pending++;
		break;
	case VTD_INV_CONTEXT:
		unit.context++;
		break;
	case VTD_INV_WAIT:
		unit.iotlb_waited += unit.iotlb_pending;
		unit.iotlb_pending = 0;
		unit.waits++;
		if (d[0] & VTD_INV_WAIT_SW)
			__atomic_store_n((__u32 *)(uintptr_t)d[1],
					 (__u32)(d[0] >> 32),
					 __ATOMIC_RELEASE);
		break;
	}
}

static void *hardware(void *arg)
{
	unsigned int tail;
	const __u64 *queue;

	(void)arg;
	while (!unit.stop) {
		*reg32(VTD_GSTS) = *reg32(VTD_GCMD) & GSTS_MIRRORED;
		/* No fault is ever recorded: written-1-to-clear bits read 0. */
		*reg32(VTD_FSTS) = unit.broken ? VTD_FSTS_IQE : 0;
		if (unit.broken) {
			sched_yield();
			continue;
		}
		queue = (const __u64 *)(uintptr_t)*reg64(VTD_IQA);
		tail = (*reg64(VTD_IQT) >> 4) % QUEUE_ENTRIES;
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		for (; queue && unit.head != tail;
		     unit.head = (unit.head + 1) % QUEUE_ENTRIES)
			run_descriptor(&queue[2 * unit.head]);
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

/* The slot of @page in pool.pages (NULL: a free slot). */
static void **pool_slot(const void *page)
{
	unsigned int n;

	for (n = 0; n < MAX_PAGES; n++)
		if (pool.pages[n] == page)
			return &pool.pages[n];
	fail_msg("page %p not from the pool", page);
	return NULL;
}

void *page_alloc(unsigned long num)
{
	void *page = aligned_alloc(PAGE, num * PAGE);

	assert_non_null(page);
	memset(page, 0, num * PAGE);
	*pool_slot(NULL) = page;
	return page;
}

void page_free(void *page, unsigned long num)
{
	(void)num;
	*pool_slot(page) = NULL;
	if (pool.counting) {
		if (!pool.freed || unit.iotlb_waited < pool.least_waited)
			pool.least_waited = unit.iotlb_waited;
		pool.freed++;
	}
	free(page);
}

__u64 virt_to_phys(const void *virt)
{
	return (uintptr_t)virt;
}

void iommu_report_fault(const struct iommu_fault *fault)
{
	fail_msg("unexpected fault at 0x%llx", fault->address);
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

static struct cell cell = { .id = 1 };
struct cell root_cell = { .id = 0 };
static const struct jailhouse_pci_device nic = { .bdf = 0x0010 };

/* One unit for the whole run: vtd.c keeps its tables, as at enable. */
static int unit_up(void **state)
{
	(void)state;
	*reg64(VTD_CAP) = FAKE_CAP;
	*reg64(VTD_ECAP) = FAKE_ECAP;
	unit.did = cell.id + 1;
	hv_paging = (struct paging_env){
		.alloc_table = alloc_table,
		.free_table = free_table,
		.table_virt = table_virt,
		.levels = 4,
	};
	assert_int_equal(pthread_create(&unit.thread, NULL, hardware, NULL),
			 0);
	return vtd_ops.init();
}

static int unit_down(void **state)
{
	(void)state;
	unit.stop = true;
	pthread_join(unit.thread, NULL);
	return 0;
}

static int setup(void **state)
{
	(void)state;
	pool.freed = 0;
	pool.least_waited = 0;
	pool.counting = false;
	return vtd_ops.cell_init(&cell);
}

static int teardown(void **state)
{
	(void)state;
	vtd_ops.cell_exit(&cell);
	return 0;
}

/*
 * A 2 MiB block, split by unmapping a page (a 4 KiB table), then the page
 * mapped back, as destroy gives the root cell its memory back: the
 * table is collapsed and returns to the pool only after the domain's
 * IOTLB invalidation was waited for.
 */
static void test_collapse_invalidates_before_free(void **state)
{
	const unsigned int rw = PAGING_READ | PAGING_WRITE;
	unsigned long waited, iotlb, context;

	(void)state;
	assert_int_equal(vtd_ops.map(&cell, 0, HOST, HUGE, rw), 0);
	assert_int_equal(vtd_ops.unmap(&cell, 3 * PAGE, PAGE), 0);
	waited = unit.iotlb_waited;
	iotlb = unit.iotlb;
	context = unit.context;
	pool.counting = true;
	assert_int_equal(vtd_ops.map(&cell, 3 * PAGE, HOST + 3 * PAGE, PAGE,
				     rw), 0);
	pool.counting = false;
	assert_int_equal(pool.freed, 1);
	assert_true(pool.least_waited > waited);
	/* One domain-selective IOTLB invalidation; no context entry moved. */
	assert_int_equal(unit.iotlb - iotlb, 1);
	assert_int_equal(unit.context - context, 0);
	printf("collapse: %lu table page freed after %lu IOTLB "
	       "invalidation(s), %lu context invalidation(s)\n", pool.freed,
	       unit.iotlb - iotlb, unit.context - context);
}

/* Nothing split, nothing collapsed: no page freed, no flush needed. */
static void test_plain_map_frees_nothing(void **state)
{
	const unsigned int rw = PAGING_READ | PAGING_WRITE;
	unsigned long iotlb = unit.iotlb;

	(void)state;
	pool.counting = true;
	assert_int_equal(vtd_ops.map(&cell, 4 * HUGE, HOST, 2 * HUGE, rw), 0);
	pool.counting = false;
	assert_int_equal(pool.freed, 0);
	assert_int_equal(unit.iotlb, iotlb);
}

/* The unit reports a queue error from here on, and runs nothing. */
static void break_unit(void)
{
	unit.broken = true;
	while (!(*reg32(VTD_FSTS) & VTD_FSTS_IQE))
		sched_yield();
}

/* The unit runs its queue again, from where it stopped. */
static void repair_unit(void)
{
	unit.broken = false;
	while (*reg32(VTD_FSTS) & VTD_FSTS_IQE)
		sched_yield();
}

/* @bdf's context entry, as the unit finds it from the root table. */
static const __u64 *context_of(__u16 bdf)
{
	const __u64 *root = (const __u64 *)(uintptr_t)*reg64(VTD_RTADDR);

	return (const __u64 *)(uintptr_t)(root[2 * (bdf >> 8)] & ~0xfffULL) +
	       2 * (bdf & 0xff);
}

/*
 * Destroy: a block the unit does not confirm fails and leaves the entry
 * not present; the device goes back to the root cell only after the old
 * domain's context and IOTLB invalidation was issued again and waited
 * for (the unit may still hold the cell's entry).
 */
static void test_block_unconfirmed(void **state)
{
	unsigned long context;

	(void)state;
	assert_int_equal(vtd_ops.set_device(&nic, &cell), 0);
	assert_true(context_of(nic.bdf)[0] & VTD_CTX_PRESENT);
	break_unit();
	assert_int_equal(vtd_ops.set_device(&nic, NULL), -EIO);
	assert_int_equal(context_of(nic.bdf)[0], 0);
	assert_int_equal(vtd_ops.set_device(&nic, &root_cell), -EIO);
	assert_int_equal(context_of(nic.bdf)[0], 0);
	repair_unit();
	context = unit.context;
	assert_int_equal(vtd_ops.set_device(&nic, &root_cell), 0);
	assert_true(unit.context > context);
	assert_true(context_of(nic.bdf)[0] & VTD_CTX_PRESENT);
	assert_int_equal(context_of(nic.bdf)[1] >> 8 & 0xffff,
			 root_cell.id + 1);
}

/* An invalidation that fails keeps the table out of the pool. */
static void test_failed_invalidation_keeps_table(void **state)
{
	const unsigned int rw = PAGING_READ | PAGING_WRITE;

	(void)state;
	assert_int_equal(vtd_ops.map(&cell, 0, HOST, HUGE, rw), 0);
	assert_int_equal(vtd_ops.unmap(&cell, 3 * PAGE, PAGE), 0);
	break_unit();
	pool.counting = true;
	assert_int_equal(vtd_ops.map(&cell, 3 * PAGE, HOST + 3 * PAGE, PAGE,
				     rw), -EIO);
	pool.counting = false;
	assert_int_equal(pool.freed, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_collapse_invalidates_before_free, setup, teardown),
		cmocka_unit_test_setup_teardown(test_plain_map_frees_nothing,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_block_unconfirmed,
						setup, teardown),
		/* Last: the unit stays broken. */
		cmocka_unit_test_setup_teardown(
			test_failed_invalidation_keeps_table, setup, teardown),
	};

	return cmocka_run_group_tests(tests, unit_up, unit_down);
}
