// SPDX-License-Identifier: GPL-2.0
/* Rate limit of guest-provoked log lines (hypervisor/ratelimit.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jailhouse/ratelimit.h>

#define INTERVAL	1000
#define BURST		3

static bool pass(struct ratelimit *rl, __u64 now, unsigned int *missed)
{
	return ratelimit_pass(rl, now, INTERVAL, BURST, missed);
}

static void test_burst_then_quiet(void **state)
{
	struct ratelimit rl = { 0 };
	unsigned int missed, i;

	(void)state;
	for (i = 0; i < BURST; i++) {
		assert_true(pass(&rl, 5000 + i, &missed));
		assert_int_equal(missed, 0);
	}
	for (i = 0; i < 100; i++)
		assert_false(pass(&rl, 5100, &missed));
	assert_int_equal(missed, 0);
}

static void test_next_window_reports_missed(void **state)
{
	struct ratelimit rl = { 0 };
	unsigned int missed, i;

	(void)state;
	for (i = 0; i < BURST + 7; i++)
		pass(&rl, 5000, &missed);
	assert_false(pass(&rl, 5000 + INTERVAL - 1, &missed));
	assert_true(pass(&rl, 5000 + INTERVAL, &missed));
	assert_int_equal(missed, 8);
	assert_true(pass(&rl, 5000 + INTERVAL, &missed));
	assert_int_equal(missed, 0);
}

static void test_fresh_instance_passes_at_time_zero(void **state)
{
	struct ratelimit rl = { 0 };
	unsigned int missed = 99;

	(void)state;
	assert_true(pass(&rl, 0, &missed));
	assert_int_equal(missed, 0);
}

/* A counter that wrapped (or a clock going back) opens a new window. */
static void test_time_going_backwards(void **state)
{
	struct ratelimit rl = { 0 };
	unsigned int missed, i;

	(void)state;
	for (i = 0; i < BURST + 1; i++)
		pass(&rl, 1000000, &missed);
	assert_true(pass(&rl, 10, &missed));
	assert_int_equal(missed, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_burst_then_quiet),
		cmocka_unit_test(test_next_window_reports_missed),
		cmocka_unit_test(test_fresh_instance_passes_at_time_zero),
		cmocka_unit_test(test_time_going_backwards),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
