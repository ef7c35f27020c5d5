// SPDX-License-Identifier: GPL-2.0
/*
 * Cell create and destroy (hypervisor/cell-lifecycle.c) when the IOMMU
 * does not confirm a device move: create fails through its error path
 * with nothing left half-applied (the cell unlisted, its devices offered
 * back to the root cell, its memory and CPUs back, its pages freed);
 * destroy goes on. And start logs before the cell's CPUs run. Everything
 * cell-lifecycle.c calls is played here and recorded; the descriptor is
 * an empty one, its checks pass.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/cell-lifecycle.h>
#include <jailhouse/cell-mem.h>
#include <jailhouse/comm.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/guest-range.h>
#include <jailhouse/iommu.h>
#include <jailhouse/ivshmem.h>
#include <jailhouse/mem.h>
#include <jailhouse/pci-bars.h>
#include <jailhouse/pci.h>
#include <jailhouse/printk.h>

#include "config.h"
#include "config_rules.h"

#define PAGE		4096

struct jailhouse_header hypervisor_header = { .max_cpus = 1 };
static const struct jailhouse_system sys;
const struct jailhouse_system *system_config = &sys;
struct cell root_cell = { .id = 0 };
struct cell *cells[MAX_CELLS];
static struct per_cpu cpu0 = { .cell = &root_cell };
static const struct jailhouse_cell_desc desc = { .name = "t" };

/* What the create or destroy did, in the order it matters. */
static struct {
	int update_err[2];	/* pci_root_devices_update() answers */
	unsigned int updates;
	bool listed[2];		/* the cell in cells[] at each update */
	int block_err;		/* iommu_block_cell_devices() answer */
	unsigned int to_root, from_root, arch_exits, ivshmem_adds,
		     resource_updates, scrubs;
	long pages;		/* allocated, not freed */
	bool started_logged;	/* "Cell ... started" printed */
	unsigned int resets, resets_before_log;
	unsigned int id_at_build;	/* the IOMMU domain derives from it */
} rec;

static bool cell_listed(void)
{
	unsigned int n;

	for (n = 0; n < MAX_CELLS; n++)
		if (cells[n])
			return true;
	return false;
}

int pci_root_devices_update(void)
{
	assert_true(rec.updates < 2);
	rec.listed[rec.updates] = cell_listed();
	return rec.update_err[rec.updates++];
}

int iommu_block_cell_devices(const struct cell *cell)
{
	(void)cell;
	return rec.block_err;
}

int root_regions_set(const struct cell *cell, __u64 flags, bool map)
{
	(void)cell;
	(void)flags;
	if (map)
		rec.to_root++;
	else
		rec.from_root++;
	return 0;
}

void arch_cell_exit(struct cell *cell)
{
	(void)cell;
	rec.arch_exits++;
}

void ivshmem_cell_add(struct cell *cell)
{
	(void)cell;
	rec.ivshmem_adds++;
}

void arch_root_resources_update(void)
{
	rec.resource_updates++;
}

int cell_scrub(const struct cell *cell)
{
	(void)cell;
	rec.scrubs++;
	return 0;
}

void *page_alloc(unsigned long num)
{
	void *page = aligned_alloc(PAGE, num * PAGE);

	assert_non_null(page);
	memset(page, 0, num * PAGE);
	rec.pages += num;
	return page;
}

void page_free(void *page, unsigned long num)
{
	if (!page)
		return;
	rec.pages -= num;
	free(page);
}

int copy_from_root(void *dst, __u64 gpa, __u64 size)
{
	(void)gpa;
	memset(dst, 0, size);
	memcpy(dst, &desc, size < sizeof(desc) ? size : sizeof(desc));
	return 0;
}

size_t jailhouse_cell_size(const struct jailhouse_cell_desc *cell)
{
	(void)cell;
	return sizeof(desc);
}

__u64 virt_to_phys(const void *virt)
{
	return (uintptr_t)virt;
}

struct per_cpu *per_cpu(unsigned int cpu_id)
{
	assert_int_equal(cpu_id, 0);
	return &cpu0;
}

void printk(const char *fmt, ...)
{
	va_list ap;

	if (strstr(fmt, " started"))
		rec.started_logged = true;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/* The rest: checks that pass, steps without effect here. */
int arch_cell_init(struct cell *cell)
{
	rec.id_at_build = cell->id;
	return 0;
}

int arch_cell_check(const struct jailhouse_cell_desc *d)
{
	(void)d;
	return 0;
}

void arch_cpu_tlb_flush(struct per_cpu *cpu)
{
	(void)cpu;
}

unsigned int arch_guest_addr_bits(void)
{
	return 48;
}

unsigned int arch_phys_addr_bits(void)
{
	return 46;
}

__u64 arch_tsc(void)
{
	return 0;
}

__u32 arch_tsc_khz(void)
{
	return 1000000;
}

__u32 arch_apic_khz(void)
{
	return 1000000;
}

int arch_map_memory_region(struct cell *cell,
			   const struct jailhouse_memory *mem)
{
	(void)cell;
	(void)mem;
	return 0;
}

bool cell_has_cpu(const struct cell *cell, unsigned int cpu_id)
{
	(void)cell;
	(void)cpu_id;
	return false;
}

bool cell_failed(const struct cell *cell)
{
	(void)cell;
	return false;
}

void cell_set_failed(struct cell *cell)
{
	(void)cell;
}

unsigned int cell_state(const struct cell *cell)
{
	return cell->state;
}

int cell_clear_loadable(const struct cell *cell)
{
	(void)cell;
	return 0;
}

int copy_root_to_cell(const struct cell *cell, __u64 dst, __u64 src,
		      __u64 size)
{
	(void)cell;
	(void)dst;
	(void)src;
	(void)size;
	return 0;
}

unsigned int comm_cell_state(const struct jailhouse_comm_region *comm)
{
	(void)comm;
	return JAILHOUSE_CELL_SHUT_DOWN;
}

bool comm_state_terminal(unsigned int state)
{
	(void)state;
	return true;
}

unsigned int comm_reply_timeout_ms(const struct jailhouse_cell_desc *cell)
{
	(void)cell;
	return 0;
}

void comm_region_init(struct jailhouse_comm_region *comm,
		      const struct jailhouse_cell_desc *cell,
		      const struct jailhouse_system *system, __u32 tsc_khz,
		      __u32 apic_khz)
{
	(void)comm;
	(void)cell;
	(void)system;
	(void)tsc_khz;
	(void)apic_khz;
}

int comm_send_message(struct jailhouse_comm_region *comm, __u32 msg,
		      const struct comm_clock *clock, unsigned int timeout_ms)
{
	(void)comm;
	(void)msg;
	(void)clock;
	(void)timeout_ms;
	return 0;
}

bool comm_wait_terminal(const struct jailhouse_comm_region *comm,
			const struct comm_clock *clock,
			unsigned int timeout_ms)
{
	(void)comm;
	(void)clock;
	(void)timeout_ms;
	return true;
}

void cpu_handle_requests(struct per_cpu *cpu)
{
	(void)cpu;
}

int cpu_move(struct per_cpu *cpu, struct cell *to)
{
	cpu->cell = to;
	return 0;
}

int cpu_request(struct per_cpu *target, unsigned int requests, bool wait)
{
	(void)target;
	(void)wait;
	if (requests & CPU_REQ_RESET) {
		rec.resets++;
		rec.resets_before_log += !rec.started_logged;
	}
	return 0;
}

int guest_range_check(const struct jailhouse_memory *regions,
		      unsigned int num, __u64 gpa, __u64 len, __u64 flags)
{
	(void)regions;
	(void)num;
	(void)gpa;
	(void)len;
	(void)flags;
	return 0;
}

void iommu_check_faults(void)
{
	}
bool iommu_covers(const struct jailhouse_pci_device *dev)
{ (void)dev;
	return true;
}

void ivshmem_cell_remove(struct cell *cell)
{
	(void)cell;
}

void ivshmem_cell_reset(struct cell *cell)
{
	(void)cell;
}

int ivshmem_check(const struct jailhouse_cell_desc *d)
{
	(void)d;
	return 0;
}

const struct jailhouse_pci_device *
pci_desc_device(const struct jailhouse_cell_desc *d, __u16 bdf)
{
	(void)d;
	(void)bdf;
	return NULL;
}

int pci_io_region_refused(const struct jailhouse_cell_desc *d,
			  const struct jailhouse_cell_desc *root)
{
	(void)d;
	(void)root;
	return -1;
}

int jailhouse_cell_validate(const void *blob, size_t size,
			    struct jailhouse_config_error *err)
{
	(void)blob;
	(void)size;
	(void)err;
	return 0;
}

const struct jailhouse_memory *
jailhouse_cell_mem_regions(const struct jailhouse_cell_desc *cell)
{
	(void)cell;
	return NULL;
}

const struct jailhouse_pci_device *
jailhouse_cell_pci_devices(const struct jailhouse_cell_desc *cell)
{
	(void)cell;
	return NULL;
}

bool jailhouse_cell_has_cpu(const struct jailhouse_cell_desc *cell,
			    unsigned int cpu)
{
	(void)cell;
	(void)cpu;
	return false;
}

unsigned int jailhouse_check_all(struct jailhouse_checker *chk,
				 const struct jailhouse_cell_desc *const *c,
				 unsigned int num)
{
	(void)chk;
	(void)c;
	(void)num;
	return 0;
}

const char *jailhouse_rule_text(enum jailhouse_rule rule)
{
	(void)rule;
	return "";
}

static int setup(void **state)
{
	(void)state;
	memset(&rec, 0, sizeof(rec));
	memset(cells, 0, sizeof(cells));
	return 0;
}

/*
 * The device move of a create is not confirmed: create fails with the
 * IOMMU's error, the cell is unlisted before its devices are offered
 * back, its memory and arch state go back, and every page is freed;
 * nothing later (ivshmem, the root's ports and pins) was touched.
 */
static void test_create_unconfirmed_move(void **state)
{
	(void)state;
	rec.update_err[0] = -EIO;
	assert_int_equal(cell_create(&cpu0, 0x1000), -EIO);
	assert_false(cell_listed());
	assert_int_equal(rec.updates, 2);
	assert_true(rec.listed[0]);
	assert_false(rec.listed[1]);
	assert_int_equal(rec.from_root, 1);
	assert_int_equal(rec.to_root, 1);
	assert_int_equal(rec.arch_exits, 1);
	assert_int_equal(rec.ivshmem_adds, 0);
	assert_int_equal(rec.resource_updates, 0);
	assert_int_equal(rec.pages, 0);
}

/*
 * Confirmed: the cell is created and stays listed. Its id is set before
 * its arch state (the IOMMU's flushes of its domain) is built.
 */
static void test_create_confirmed(void **state)
{
	long id;

	(void)state;
	id = cell_create(&cpu0, 0x1000);
	assert_int_equal(id, 1);
	assert_int_equal(rec.id_at_build, 1);
	assert_int_equal(rec.updates, 1);
	assert_true(rec.listed[0]);
	assert_int_equal(rec.to_root, 0);
	assert_int_equal(rec.ivshmem_adds, 1);
	assert_int_equal(rec.resource_updates, 1);
	cell_destroy(&cpu0, cells[0]);
	assert_int_equal(rec.pages, 0);
}

/* Destroy wins: a block the IOMMU did not confirm does not stop it. */
static void test_destroy_unconfirmed_block(void **state)
{
	(void)state;
	assert_int_equal(cell_create(&cpu0, 0x1000), 1);
	rec.block_err = -EIO;
	rec.update_err[1] = -EIO;
	assert_int_equal(cell_destroy(&cpu0, cells[0]), 0);
	assert_false(cell_listed());
	assert_int_equal(rec.scrubs, 1);
	assert_int_equal(rec.to_root, 1);
	assert_int_equal(rec.arch_exits, 1);
	assert_int_equal(rec.pages, 0);
}

/*
 * Start logs before any CPU of the cell runs: the cell's first console
 * line came out cut by the hypervisor's "started" when the log came
 * after (dma-isolation, edu-msi).
 */
static void test_start_logs_before_cpus_run(void **state)
{
	(void)state;
	assert_int_equal(cell_create(&cpu0, 0x1000), 1);
	cpu0.cell = cells[0];
	assert_int_equal(cell_start(&cpu0, cells[0]), 0);
	assert_int_equal(rec.resets, 1);
	assert_int_equal(rec.resets_before_log, 0);
	cpu0.cell = &root_cell;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_create_unconfirmed_move, setup),
		cmocka_unit_test_setup(test_create_confirmed, setup),
		cmocka_unit_test_setup(test_destroy_unconfirmed_block, setup),
		cmocka_unit_test_setup(test_start_logs_before_cpus_run, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
