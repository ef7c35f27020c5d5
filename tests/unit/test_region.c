// SPDX-License-Identifier: GPL-2.0
/*
 * hypervisor/region.c: which part of a root region a cell's region takes
 * away (and gives back), at which root guest address.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jailhouse/region.h>

#define MiB		0x100000ULL
#define RWX		(JAILHOUSE_MEM_READ | JAILHOUSE_MEM_WRITE | \
			 JAILHOUSE_MEM_EXECUTE)

static const struct jailhouse_memory root_ram = {
	.phys_start = 0x3c000000, .virt_start = 0x3c000000, .size = 48 * MiB,
	.flags = RWX | JAILHOUSE_MEM_DMA,
};

static struct jailhouse_memory cell_mem(__u64 phys, __u64 size)
{
	return (struct jailhouse_memory){
		.phys_start = phys, .virt_start = 0, .size = size,
		.flags = RWX | JAILHOUSE_MEM_LOADABLE,
	};
}

static void expect_part(const struct jailhouse_memory *root,
			struct jailhouse_memory mem, __u64 phys, __u64 virt,
			__u64 size)
{
	struct jailhouse_memory part;

	assert_true(region_root_part(root, &mem, &part));
	assert_int_equal(part.phys_start, phys);
	assert_int_equal(part.virt_start, virt);
	assert_int_equal(part.size, size);
	/* The root's access, not the cell's. */
	assert_int_equal(part.flags, root->flags);
}

static void test_inside(void **state)
{
	(void)state;
	expect_part(&root_ram, cell_mem(0x3c000000, MiB), 0x3c000000,
		    0x3c000000, MiB);
	expect_part(&root_ram, cell_mem(0x3c000000 + 47 * MiB, MiB),
		    0x3c000000 + 47 * MiB, 0x3c000000 + 47 * MiB, MiB);
}

static void test_overhang_both_ends(void **state)
{
	(void)state;
	expect_part(&root_ram, cell_mem(0x3b000000, 17 * MiB), 0x3c000000,
		    0x3c000000, MiB);
	expect_part(&root_ram, cell_mem(0x3c000000 + 47 * MiB, 2 * MiB),
		    0x3c000000 + 47 * MiB, 0x3c000000 + 47 * MiB, MiB);
	expect_part(&root_ram, cell_mem(0, 4 * 1024 * MiB), 0x3c000000,
		    0x3c000000, 48 * MiB);
}

/* A root region whose guest address differs from its physical one. */
static void test_root_offset(void **state)
{
	struct jailhouse_memory shifted = root_ram;

	(void)state;
	shifted.virt_start = 0x100000000ULL;
	expect_part(&shifted, cell_mem(0x3c000000 + 2 * MiB, MiB),
		    0x3c000000 + 2 * MiB, 0x100000000ULL + 2 * MiB, MiB);
}

static void test_disjoint_and_touching(void **state)
{
	struct jailhouse_memory part, mem;

	(void)state;
	mem = cell_mem(0x3c000000 - MiB, MiB);
	assert_false(region_root_part(&root_ram, &mem, &part));
	mem = cell_mem(0x3c000000 + 48 * MiB, MiB);
	assert_false(region_root_part(&root_ram, &mem, &part));
	/* The top of the address space, without wrapping. */
	mem = cell_mem(0xfffffffffff00000ULL, MiB);
	assert_false(region_root_part(&root_ram, &mem, &part));
}

static void test_comm_region_never(void **state)
{
	struct jailhouse_memory part, comm = {
		.phys_start = 0, .virt_start = 0x100000, .size = 4096,
		.flags = JAILHOUSE_MEM_READ | JAILHOUSE_MEM_WRITE |
			 JAILHOUSE_MEM_COMM_REGION,
	};
	struct jailhouse_memory low = root_ram;

	(void)state;
	low.phys_start = 0;
	assert_false(region_root_part(&low, &comm, &part));
	assert_false(region_root_part(&comm, &low, &part));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inside),
		cmocka_unit_test(test_overhang_both_ends),
		cmocka_unit_test(test_root_offset),
		cmocka_unit_test(test_disjoint_and_touching),
		cmocka_unit_test(test_comm_region_never),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
