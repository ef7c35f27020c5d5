// SPDX-License-Identifier: GPL-2.0
/*
 * Checks of guest-physical ranges from hypercall arguments
 * (hypervisor/guest-range.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <jailhouse/guest-range.h>

#define R	JAILHOUSE_MEM_READ
#define W	JAILHOUSE_MEM_WRITE
#define MiB	0x100000ULL
#define TOP	0xffffffffffffffffULL

/* Deliberately unsorted: the check must not rely on order. */
static const struct jailhouse_memory regions[] = {
	/* 16-32 MiB: RAM, adjacent to the region below. */
	{ .phys_start = 0x41000000, .virt_start = 16 * MiB,
	  .size = 16 * MiB, .flags = R | W },
	/* 0-16 MiB: RAM. */
	{ .phys_start = 0x40000000, .virt_start = 0, .size = 16 * MiB,
	  .flags = R | W | JAILHOUSE_MEM_EXECUTE },
	/* 32-33 MiB: read-only, adjacent. */
	{ .phys_start = 0x42000000, .virt_start = 32 * MiB, .size = MiB,
	  .flags = R },
	/* 64 MiB: a device. */
	{ .phys_start = 0xfe000000, .virt_start = 64 * MiB, .size = 0x1000,
	  .flags = R | W | JAILHOUSE_MEM_IO },
	/* 65 MiB: the comm region. */
	{ .virt_start = 65 * MiB, .size = 0x1000,
	  .flags = R | W | JAILHOUSE_MEM_COMM_REGION },
	/* The last page of the 64-bit space. */
	{ .phys_start = 0x50000000, .virt_start = TOP - 0xfff, .size = 0x1000,
	  .flags = R | W },
};

#define N (sizeof(regions) / sizeof(regions[0]))

static int check(__u64 gpa, __u64 len, __u64 flags)
{
	return guest_range_check(regions, N, gpa, len, flags);
}

static void test_inside_one_region(void **state)
{
	(void)state;
	assert_int_equal(check(0x1000, 0x100, R), 0);
	assert_int_equal(check(0, 16 * MiB, R | W), 0);
	assert_int_equal(check(16 * MiB - 1, 1, R | W), 0);
}

static void test_across_adjacent_regions(void **state)
{
	(void)state;
	assert_int_equal(check(16 * MiB - 8, 16, R | W), 0);
	assert_int_equal(check(0, 33 * MiB, R), 0);
	/* ... but every region on the way needs every flag. */
	assert_int_equal(check(0, 33 * MiB, R | W), -EFAULT);
	assert_int_equal(check(32 * MiB - 8, 16, W), -EFAULT);
}

static void test_outside_rejected(void **state)
{
	(void)state;
	assert_int_equal(check(33 * MiB, 1, R), -EFAULT);
	assert_int_equal(check(33 * MiB - 1, 2, R), -EFAULT);
	assert_int_equal(check(48 * MiB, 0x1000, R), -EFAULT);
	assert_int_equal(check(0, TOP, R), -EFAULT);
}

static void test_devices_and_comm_region_never_qualify(void **state)
{
	(void)state;
	assert_int_equal(check(64 * MiB, 4, R), -EFAULT);
	assert_int_equal(check(65 * MiB, 4, R), -EFAULT);
}

static void test_empty_and_wrapping_rejected(void **state)
{
	(void)state;
	assert_int_equal(check(0x1000, 0, R), -EINVAL);
	assert_int_equal(check(TOP, 2, R), -EINVAL);
	assert_int_equal(check(TOP - 0xfff, TOP, R), -EINVAL);
	assert_int_equal(check(2, TOP, R), -EINVAL);
	/* [1, 2^64) is fine arithmetically, just not all RAM. */
	assert_int_equal(check(1, TOP, R), -EFAULT);
}

static void test_end_of_address_space(void **state)
{
	(void)state;
	assert_int_equal(check(TOP, 1, R | W), 0);
	assert_int_equal(check(TOP - 0xfff, 0x1000, R | W), 0);
	assert_int_equal(check(TOP - 0x1000, 0x1000, R | W), -EFAULT);
}

static void test_no_regions(void **state)
{
	(void)state;
	assert_int_equal(guest_range_check(NULL, 0, 0, 1, R), -EFAULT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inside_one_region),
		cmocka_unit_test(test_across_adjacent_regions),
		cmocka_unit_test(test_outside_rejected),
		cmocka_unit_test(test_devices_and_comm_region_never_qualify),
		cmocka_unit_test(test_empty_and_wrapping_rejected),
		cmocka_unit_test(test_end_of_address_space),
		cmocka_unit_test(test_no_regions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
