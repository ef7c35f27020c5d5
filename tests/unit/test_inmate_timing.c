// SPDX-License-Identifier: GPL-2.0
/*
 * Tick and nanosecond conversions of the inmate library
 * (inmates/lib/x86/include/timing.h), from the comm region's kHz values.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <timing.h>

static void test_exact(void **state)
{
	(void)state;
	/* 1 GHz: one tick per ns. */
	assert_int_equal(ticks_to_ns(12345, 1000000), 12345);
	assert_int_equal(ns_to_ticks(12345, 1000000), 12345);
	/* 2.5 GHz TSC: 2.5 ticks per ns. */
	assert_int_equal(ticks_to_ns(2500000000ULL, 2500000), NS_PER_SEC);
	assert_int_equal(ns_to_ticks(NS_PER_SEC, 2500000), 2500000000ULL);
	/* 100 MHz APIC bus: a 1 ms period is 100000 ticks. */
	assert_int_equal(ns_to_ticks(NS_PER_MSEC, 100000), 100000);
}

static void test_rounds_down(void **state)
{
	(void)state;
	assert_int_equal(ticks_to_ns(1, 3000000), 0);
	assert_int_equal(ticks_to_ns(2, 3000000), 0);
	assert_int_equal(ticks_to_ns(3, 3000000), 1);
	assert_int_equal(ticks_to_ns(10, 3000000), 3);
}

/* A TSC running for years at 5 GHz converts without overflowing. */
static void test_no_overflow(void **state)
{
	__u64 ten_years_ns = 10ULL * 365 * 24 * 3600 * NS_PER_SEC;

	(void)state;
	assert_int_equal(ticks_to_ns(ns_to_ticks(ten_years_ns, 5000000),
				     5000000), ten_years_ns);
	assert_int_equal(ticks_to_ns(~0ULL, 1000000), ~0ULL);
	assert_int_equal(scale_u64(~0ULL, 3, 3), ~0ULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_rounds_down),
		cmocka_unit_test(test_no_overflow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
