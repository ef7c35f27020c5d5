// SPDX-License-Identifier: GPL-2.0
/*
 * The hypercall dispatcher (hypervisor/hypercall.c) against fake core
 * services: who may call what, and how arguments are checked.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>
#include <jailhouse/cell.h>
#include <jailhouse/cell-lifecycle.h>
#include <jailhouse/hypercall-handler.h>
#include <jailhouse/hypercall-services.h>

#define MiB	0x100000ULL

struct per_cpu {
	unsigned long id;
	struct cell *cell;
	bool failed;
	struct vmexit_stats stats;
};

static struct {
	struct jailhouse_cell_desc desc;
	__u8 cpus[8];
	struct jailhouse_memory mem[2];
} JAILHOUSE_PACKED root_blob = {
	.desc = {
		.signature = "JHCLL",
		.name = "root",
		.cpu_set_size = 8,
		.num_memory_regions = 2,
	},
	.cpus = { 0x3 },
	.mem = {
		{ .phys_start = 0, .virt_start = 0, .size = 64 * MiB,
		  .flags = JAILHOUSE_MEM_READ | JAILHOUSE_MEM_WRITE },
		{ .phys_start = 0xfe000000, .virt_start = 0xfe000000,
		  .size = 0x1000,
		  .flags = JAILHOUSE_MEM_READ | JAILHOUSE_MEM_IO },
	},
}, inmate_blob = {
	.desc = { .signature = "JHCLL", .name = "inmate", .cpu_set_size = 8 },
};

static struct cell fake_cells[] = {
	{ .id = 0, .config = &root_blob.desc },
	{ .id = 7, .state = JAILHOUSE_CELL_SHUT_DOWN,
	  .config = &inmate_blob.desc },
};
static struct per_cpu cpus[] = {
	{ .id = 0, .cell = &fake_cells[0] },
	{ .id = 1, .cell = &fake_cells[1] },
};
static struct per_cpu *root_cpu = &cpus[0], *inmate_cpu = &cpus[1];
static int disabled, console_chars;
static char console_last;

struct cell *cpu_cell(struct per_cpu *cpu)
{
	return cpu->cell;
}

bool cell_is_root(const struct cell *cell)
{
	return cell == &fake_cells[0];
}

const struct jailhouse_cell_desc *cell_desc(const struct cell *cell)
{
	return cell->config;
}

struct cell *cell_find(unsigned long id)
{
	size_t i;

	for (i = 0; i < sizeof(fake_cells) / sizeof(fake_cells[0]); i++)
		if (fake_cells[i].id == id)
			return &fake_cells[i];
	return NULL;
}

unsigned int cell_count(void)
{
	return sizeof(fake_cells) / sizeof(fake_cells[0]);
}

unsigned int cell_state(const struct cell *cell)
{
	return cell->state;
}

struct per_cpu *cpu_find(unsigned long cpu_id)
{
	return cpu_id < 2 ? &cpus[cpu_id] : NULL;
}

bool cpu_failed(const struct per_cpu *cpu)
{
	return cpu->failed;
}

const struct vmexit_stats *cpu_stats(const struct per_cpu *cpu)
{
	return &cpu->stats;
}

unsigned long mem_pool_pages(bool used)
{
	return used ? 100 : 4096;
}

unsigned long remap_pool_pages(bool used)
{
	return used ? 3 : 256;
}

/* Cell operations: a value per operation; the lock must be held. */
#define CREATED_ID	42
static int locked, lock_rounds;
static unsigned long created_gpa;

void cell_lock(struct per_cpu *cpu)
{
	(void)cpu;
	assert_int_equal(locked, 0);
	locked = 1;
	lock_rounds++;
}

void cell_unlock(void)
{
	assert_int_equal(locked, 1);
	locked = 0;
}

long cell_create(struct per_cpu *caller, unsigned long config_gpa)
{
	assert_ptr_equal(caller, root_cpu);
	assert_int_equal(locked, 1);
	created_gpa = config_gpa;
	return CREATED_ID;
}

static long cell_op(struct per_cpu *caller, struct cell *cell, long value)
{
	assert_ptr_equal(caller, root_cpu);
	assert_int_equal(locked, 1);
	assert_false(cell_is_root(cell));
	return value;
}

long cell_start(struct per_cpu *caller, struct cell *cell)
{
	return cell_op(caller, cell, 1000 + JAILHOUSE_HC_CELL_START);
}

long cell_set_loadable(struct per_cpu *caller, struct cell *cell)
{
	return cell_op(caller, cell, 1000 + JAILHOUSE_HC_CELL_SET_LOADABLE);
}

static unsigned long loaded_gpa;

long cell_load(struct per_cpu *caller, struct cell *cell,
	       unsigned long chunk_gpa)
{
	loaded_gpa = chunk_gpa;
	return cell_op(caller, cell, 1000 + JAILHOUSE_HC_CELL_LOAD);
}

long cell_destroy(struct per_cpu *caller, struct cell *cell)
{
	return cell_op(caller, cell, 1000 + JAILHOUSE_HC_CELL_DESTROY);
}

long hypervisor_disable(struct per_cpu *cpu)
{
	(void)cpu;
	disabled++;
	return 0;
}

static bool console_full;

bool cell_console_pass(const struct cell *cell)
{
	(void)cell;
	return !console_full;
}

void console_putc(char c)
{
	console_chars++;
	console_last = c;
}

static int reset(void **state)
{
	(void)state;
	disabled = 0;
	console_chars = 0;
	console_full = false;
	lock_rounds = 0;
	memset(&cpus[1].stats, 0, sizeof(cpus[1].stats));
	loaded_gpa = 0;
	cpus[1].failed = false;
	return 0;
}

static long call(struct per_cpu *cpu, unsigned long code, unsigned long a1,
		 unsigned long a2)
{
	return hypercall(cpu, code, a1, a2);
}

static void test_management_codes_root_only(void **state)
{
	unsigned long code;

	(void)state;
	for (code = 0; code < JAILHOUSE_HC_DEBUG_CONSOLE_PUTC; code++)
		assert_int_equal(call(inmate_cpu, code, 0, 0), -EPERM);
	assert_int_equal(call(inmate_cpu, JAILHOUSE_HC_CELL_LOAD, 7, 0x1000),
			 -EPERM);
	assert_int_equal(disabled, 0);
	assert_int_equal(loaded_gpa, 0);
}

/* The rule the backend fails a cell by: what hypercall() answers -EPERM to. */
static void test_permission_rule(void **state)
{
	unsigned long code;

	(void)state;
	for (code = 0; code <= JAILHOUSE_HC_CELL_LOAD + 1; code++) {
		assert_true(hypercall_permitted(&fake_cells[0], code));
		assert_int_equal(hypercall_permitted(&fake_cells[1], code),
				 code == JAILHOUSE_HC_DEBUG_CONSOLE_PUTC);
	}
}

static void test_unknown_codes(void **state)
{
	(void)state;
	assert_int_equal(call(root_cpu, 10, 0, 0), -ENOSYS);
	assert_int_equal(call(root_cpu, ~0UL, 0, 0), -ENOSYS);
	assert_int_equal(call(inmate_cpu, 1000, 0, 0), -ENOSYS);
}

static void test_disable_reaches_core(void **state)
{
	(void)state;
	assert_int_equal(call(root_cpu, JAILHOUSE_HC_DISABLE, 0, 0), 0);
	assert_int_equal(disabled, 1);
	/* Disable never waits for the cell lock. */
	assert_int_equal(lock_rounds, 0);
}

static void test_cell_create_checks_address(void **state)
{
	const unsigned long hdr = sizeof(struct jailhouse_cell_desc);

	(void)state;
	assert_int_equal(call(root_cpu, JAILHOUSE_HC_CELL_CREATE, 0x1000, 0),
			 CREATED_ID);
	assert_int_equal(created_gpa, 0x1000);
	assert_int_equal(call(root_cpu, JAILHOUSE_HC_CELL_CREATE,
			      64 * MiB - hdr, 0), CREATED_ID);
	assert_int_equal(created_gpa, 64 * MiB - hdr);
	assert_int_equal(call(root_cpu, JAILHOUSE_HC_CELL_CREATE,
			      64 * MiB - hdr + 1, 0), -EFAULT);
	assert_int_equal(call(root_cpu, JAILHOUSE_HC_CELL_CREATE,
			      0xfe000000, 0), -EFAULT);
	assert_int_equal(call(root_cpu, JAILHOUSE_HC_CELL_CREATE,
			      ~0UL - 4, 0), -EINVAL);
}

static void test_cell_management_checks_id(void **state)
{
	static const unsigned long codes[] = {
		JAILHOUSE_HC_CELL_START, JAILHOUSE_HC_CELL_SET_LOADABLE,
		JAILHOUSE_HC_CELL_DESTROY,
	};
	size_t i;

	(void)state;
	for (i = 0; i < 3; i++) {
		assert_int_equal(call(root_cpu, codes[i], 0, 0), -EINVAL);
		assert_int_equal(call(root_cpu, codes[i], 1, 0), -ENOENT);
		assert_int_equal(call(root_cpu, codes[i], 7, 0),
				 1000 + codes[i]);
	}
	assert_int_equal(locked, 0);
}

/* CELL_LOAD: a cell, not the root cell, and the chunk in root RAM. */
static void test_cell_load_checks_chunk(void **state)
{
	const unsigned long hc = JAILHOUSE_HC_CELL_LOAD;
	const unsigned long chunk = sizeof(struct jailhouse_load_chunk);

	(void)state;
	assert_int_equal(call(root_cpu, hc, 0, 0x1000), -EINVAL);
	assert_int_equal(call(root_cpu, hc, 1, 0x1000), -ENOENT);
	assert_int_equal(call(root_cpu, hc, 7, 64 * MiB - chunk + 1), -EFAULT);
	assert_int_equal(call(root_cpu, hc, 7, 0xfe000000), -EFAULT);
	assert_int_equal(call(root_cpu, hc, 7, ~0UL - 4), -EINVAL);
	assert_int_equal(loaded_gpa, 0);
	assert_int_equal(call(root_cpu, hc, 7, 64 * MiB - chunk),
			 1000 + JAILHOUSE_HC_CELL_LOAD);
	assert_int_equal(loaded_gpa, 64 * MiB - chunk);
	assert_int_equal(locked, 0);
}

static void test_cell_get_state(void **state)
{
	(void)state;
	assert_int_equal(call(root_cpu, JAILHOUSE_HC_CELL_GET_STATE, 0, 0),
			 JAILHOUSE_CELL_RUNNING);
	assert_int_equal(call(root_cpu, JAILHOUSE_HC_CELL_GET_STATE, 7, 0),
			 JAILHOUSE_CELL_SHUT_DOWN);
	assert_int_equal(call(root_cpu, JAILHOUSE_HC_CELL_GET_STATE, 3, 0),
			 -ENOENT);
	/* State queries and cell changes exclude each other. */
	assert_int_equal(lock_rounds, 3);
	assert_int_equal(locked, 0);
}

static void test_hypervisor_get_info(void **state)
{
	const unsigned long hc = JAILHOUSE_HC_HYPERVISOR_GET_INFO;

	(void)state;
	assert_int_equal(call(root_cpu, hc, JAILHOUSE_INFO_MEM_POOL_SIZE, 0),
			 4096);
	assert_int_equal(call(root_cpu, hc, JAILHOUSE_INFO_MEM_POOL_USED, 0),
			 100);
	assert_int_equal(call(root_cpu, hc, JAILHOUSE_INFO_REMAP_POOL_SIZE,
			      0), 256);
	assert_int_equal(call(root_cpu, hc, JAILHOUSE_INFO_REMAP_POOL_USED,
			      0), 3);
	assert_int_equal(call(root_cpu, hc, JAILHOUSE_INFO_NUM_CELLS, 0), 2);
	assert_int_equal(call(root_cpu, hc, 5, 0), -EINVAL);
	assert_int_equal(call(root_cpu, hc, ~0UL, 0), -EINVAL);
	/* Under the cell lock, which reports DMA faults first. */
	assert_int_equal(lock_rounds, 7);
	assert_int_equal(locked, 0);
}

static void test_cpu_get_info(void **state)
{
	const unsigned long hc = JAILHOUSE_HC_CPU_GET_INFO;
	const unsigned long base = JAILHOUSE_CPU_INFO_STAT_BASE;

	(void)state;
	vmexit_stats_count(&cpus[1].stats, JAILHOUSE_CPU_STAT_VMEXITS_PIO);
	assert_int_equal(call(root_cpu, hc, 1, JAILHOUSE_CPU_INFO_STATE),
			 JAILHOUSE_CPU_RUNNING);
	assert_int_equal(call(root_cpu, hc, 1, base), 1);
	assert_int_equal(call(root_cpu, hc, 1,
			      base + JAILHOUSE_CPU_STAT_VMEXITS_PIO), 1);
	assert_int_equal(call(root_cpu, hc, 1,
			      base + JAILHOUSE_CPU_STAT_VMEXITS_CPUID), 0);
	assert_int_equal(call(root_cpu, hc, 1,
			      base + JAILHOUSE_NUM_CPU_STATS), -EINVAL);
	assert_int_equal(call(root_cpu, hc, 1, 1), -EINVAL);
	assert_int_equal(call(root_cpu, hc, 1, 999), -EINVAL);
	assert_int_equal(call(root_cpu, hc, 2, JAILHOUSE_CPU_INFO_STATE),
			 -EINVAL);
	cpus[1].failed = true;
	assert_int_equal(call(root_cpu, hc, 1, JAILHOUSE_CPU_INFO_STATE),
			 JAILHOUSE_CPU_FAILED);
	/* Counters come back as non-negative values, never as errors. */
	cpus[1].stats.count[0] = ~0ULL;
	assert_true(call(root_cpu, hc, 1, base) > 0);
}

static void test_console_putc(void **state)
{
	const unsigned long hc = JAILHOUSE_HC_DEBUG_CONSOLE_PUTC;

	(void)state;
	assert_int_equal(call(root_cpu, hc, 'x', 0), 0);
	assert_int_equal(console_last, 'x');
	assert_int_equal(call(inmate_cpu, hc, 'y', 0), -EPERM);
	assert_int_equal(console_chars, 1);
	inmate_blob.desc.flags = JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED;
	assert_int_equal(call(inmate_cpu, hc, 'y', 0), 0);
	inmate_blob.desc.flags = 0;
	assert_int_equal(console_chars, 2);
}

/* No terminal control from a cell: ESC and other controls become '?'. */
static void test_console_putc_sanitized(void **state)
{
	const unsigned long hc = JAILHOUSE_HC_DEBUG_CONSOLE_PUTC;
	static const char in[] = "\x1b\x07\x0b\x7f\x9b" "A\n\t";
	static const char out[] = "?????A\n\t";
	unsigned int i;

	(void)state;
	inmate_blob.desc.flags = JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED;
	for (i = 0; i < sizeof(in) - 1; i++) {
		assert_int_equal(call(inmate_cpu, hc, (__u8)in[i], 0), 0);
		assert_int_equal(console_last, out[i]);
	}
	inmate_blob.desc.flags = 0;
}

/* Jailhouse's "\r\n" line ends show as one newline, not "?\n". */
static void test_console_putc_cr_dropped(void **state)
{
	const unsigned long hc = JAILHOUSE_HC_DEBUG_CONSOLE_PUTC;

	(void)state;
	inmate_blob.desc.flags = JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED;
	assert_int_equal(call(inmate_cpu, hc, 'A', 0), 0);
	assert_int_equal(call(inmate_cpu, hc, '\r', 0), 0);
	assert_int_equal(call(inmate_cpu, hc, '\n', 0), 0);
	inmate_blob.desc.flags = 0;
	assert_int_equal(console_chars, 2);
	assert_int_equal(console_last, '\n');
}

/* Over the cell's budget, characters are dropped, and the cell told. */
static void test_console_putc_limited(void **state)
{
	const unsigned long hc = JAILHOUSE_HC_DEBUG_CONSOLE_PUTC;

	(void)state;
	console_full = true;
	assert_int_equal(call(root_cpu, hc, 'x', 0), -EBUSY);
	assert_int_equal(console_chars, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_management_codes_root_only, reset),
		cmocka_unit_test_setup(test_permission_rule, reset),
		cmocka_unit_test_setup(test_unknown_codes, reset),
		cmocka_unit_test_setup(test_disable_reaches_core, reset),
		cmocka_unit_test_setup(test_cell_create_checks_address, reset),
		cmocka_unit_test_setup(test_cell_management_checks_id, reset),
		cmocka_unit_test_setup(test_cell_load_checks_chunk, reset),
		cmocka_unit_test_setup(test_cell_get_state, reset),
		cmocka_unit_test_setup(test_hypervisor_get_info, reset),
		cmocka_unit_test_setup(test_cpu_get_info, reset),
		cmocka_unit_test_setup(test_console_putc, reset),
		cmocka_unit_test_setup(test_console_putc_sanitized, reset),
		cmocka_unit_test_setup(test_console_putc_cr_dropped, reset),
		cmocka_unit_test_setup(test_console_putc_limited, reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
