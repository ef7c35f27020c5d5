// SPDX-License-Identifier: GPL-2.0
/* Where `jailhouse cell load` may copy an image (lib/loadable.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "loadable.h"

#define TOP_PAGE	0xfffffffffffff000ULL

/* A descriptor header, an 8-byte CPU set and four memory regions. */
static struct {
	struct jailhouse_cell_desc desc;
	__u8 cpu_set[8];
	struct jailhouse_memory mem[4];
} cell = {
	.desc = { .cpu_set_size = 8, .num_memory_regions = 4 },
	.mem = {
		/* 0: 1 MiB loadable RAM at guest 0 */
		{ 0x3c000000, 0, 0x100000, JAILHOUSE_MEM_READ |
		  JAILHOUSE_MEM_WRITE | JAILHOUSE_MEM_LOADABLE },
		/* 1: the comm region, wrongly marked loadable */
		{ 0, 0x100000, 0x1000, JAILHOUSE_MEM_READ |
		  JAILHOUSE_MEM_COMM_REGION | JAILHOUSE_MEM_LOADABLE },
		/* 2: RAM right after 0, not loadable */
		{ 0x3c200000, 0x101000, 0x1000, JAILHOUSE_MEM_READ },
		/* 3: loadable, ending at the top of the address space */
		{ 0x3c300000, TOP_PAGE, 0x1000, JAILHOUSE_MEM_LOADABLE },
	},
};

static int region(__u64 address, __u64 size)
{
	return jailhouse_loadable_region(&cell.desc, address, size);
}

static void test_inside(void **state)
{
	(void)state;
	assert_int_equal(region(0, 1), 0);
	assert_int_equal(region(0, 0x100000), 0);
	assert_int_equal(region(0xfffff, 1), 0);
	assert_int_equal(region(0x1000, 0x2000), 0);
}

static void test_past_the_end(void **state)
{
	(void)state;
	assert_int_equal(region(0, 0x100001), -ERANGE);
	assert_int_equal(region(0xfffff, 2), -ERANGE);
	assert_int_equal(region(0x100000, 1), -ERANGE);
}

static void test_zero_size(void **state)
{
	(void)state;
	assert_int_equal(region(0, 0), -EINVAL);
}

static void test_not_loadable(void **state)
{
	(void)state;
	assert_int_equal(region(0x101000, 0x10), -ERANGE);
	/* a comm region never takes an image, whatever its flags say */
	assert_int_equal(region(0x100000, 0x10), -ERANGE);
}

static void test_io_region(void **state)
{
	__u64 flags = cell.mem[0].flags;

	(void)state;
	cell.mem[0].flags |= JAILHOUSE_MEM_IO;
	assert_int_equal(region(0, 1), -ERANGE);
	cell.mem[0].flags = flags;
}

static void test_top_of_address_space(void **state)
{
	(void)state;
	assert_int_equal(region(TOP_PAGE, 0x1000), 3);
	assert_int_equal(region(0xffffffffffffff00ULL, 0x100), 3);
	assert_int_equal(region(0xffffffffffffffffULL, 1), 3);
	assert_int_equal(region(0xffffffffffffff00ULL, 0x101), -ERANGE);
}

/* address + size would wrap: no region may seem to hold it. */
static void test_overflow(void **state)
{
	(void)state;
	assert_int_equal(region(0x1000, 0xfffffffffffff000ULL), -ERANGE);
	assert_int_equal(region(0x1000, ~0ULL), -ERANGE);
	assert_int_equal(region(~0ULL, ~0ULL), -ERANGE);
	assert_int_equal(region(TOP_PAGE, ~0ULL), -ERANGE);
}

static void test_no_regions(void **state)
{
	(void)state;
	cell.desc.num_memory_regions = 0;
	assert_int_equal(region(0, 1), -ERANGE);
	cell.desc.num_memory_regions = 4;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inside),
		cmocka_unit_test(test_past_the_end),
		cmocka_unit_test(test_zero_size),
		cmocka_unit_test(test_not_loadable),
		cmocka_unit_test(test_io_region),
		cmocka_unit_test(test_top_of_address_space),
		cmocka_unit_test(test_overflow),
		cmocka_unit_test(test_no_regions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
