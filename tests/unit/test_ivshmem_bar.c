// SPDX-License-Identifier: GPL-2.0
/*
 * Where a cell may place an ivshmem BAR (hypervisor/ivshmem-bar.c): not
 * over its memory, not over a page the hypervisor emulates for all cells
 * (issue 22 item 2: a BAR over the root's e1000e MSI-X table page took
 * the root's accesses to that table), not at 0, not past 4 GiB.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jailhouse/ivshmem-bar.h>

#define PAGE		0x1000ULL
#define MSIX_PAGE	0xfeb80000ULL	/* e1000e's table page (QEMU) */

static struct {
	struct jailhouse_cell_desc desc;
	__u8 cpus[8];
	struct jailhouse_memory mem[2];
} JAILHOUSE_PACKED cell = {
	.desc = { .signature = "JHCLL", .cpu_set_size = 8,
		  .num_memory_regions = 2 },
	.mem = {
		{ .phys_start = 0x3c000000, .virt_start = 0, .size = 0x100000 },
		{ .phys_start = 0x3c100000, .virt_start = 0x100000,
		  .size = 0x4000 },
	},
};

/* The xAPIC page, then an MSI-X table page, as mmio_emulated_range(). */
static bool emulated(unsigned int n, __u64 *start, __u64 *size)
{
	*size = PAGE;
	if (n == 0)
		*start = 0xfee00000;
	else if (n == 1)
		*start = MSIX_PAGE;
	else
		return false;
	return true;
}

static bool bar_free(__u64 base)
{
	return ivshmem_bar_free(base, PAGE, &cell.desc, emulated);
}

static void test_placeable(void **state)
{
	(void)state;
	assert_true(bar_free(0x104000));
	assert_true(bar_free(0xfebf0000));
	assert_true(bar_free(0xfffff000));
}

static void test_taken(void **state)
{
	(void)state;
	/* Over an MSI-X table page, the xAPIC page, the cell's memory. */
	assert_false(bar_free(MSIX_PAGE));
	assert_false(bar_free(0xfee00000));
	assert_false(bar_free(0x1000));
	assert_false(bar_free(0x103000));
	/* Unassigned, or out of a 32-bit BAR's reach. */
	assert_false(bar_free(0));
	assert_false(bar_free(0x100000000ULL));
}

static void test_overlap(void **state)
{
	(void)state;
	assert_true(ivshmem_ranges_overlap(0x1000, PAGE, 0x1fff, 1));
	assert_false(ivshmem_ranges_overlap(0x1000, PAGE, 0x2000, PAGE));
	assert_false(ivshmem_ranges_overlap(0x2000, PAGE, 0x1000, PAGE));
	assert_true(ivshmem_ranges_overlap(0x1800, PAGE, 0x1000, PAGE));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_placeable),
		cmocka_unit_test(test_taken),
		cmocka_unit_test(test_overlap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
