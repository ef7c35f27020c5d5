// SPDX-License-Identifier: GPL-2.0
/* Keys logged once (hypervisor/log-once.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jailhouse/log-once.h>

static void test_each_key_once(void **state)
{
	struct log_once set = { 0 };

	(void)state;
	assert_true(log_once_first(&set, 0x1a0));
	assert_true(log_once_first(&set, 0x1a1));
	assert_false(log_once_first(&set, 0x1a0));
	assert_false(log_once_first(&set, 0x1a1));
	assert_true(log_once_first(&set, 0));
	assert_false(log_once_first(&set, 0));
}

/* A full set forgets nothing it holds and lets every new key through. */
static void test_full_set_logs_new_keys(void **state)
{
	struct log_once set = { 0 };
	__u64 key;

	(void)state;
	for (key = 0; key < LOG_ONCE_KEYS; key++)
		assert_true(log_once_first(&set, key));
	assert_false(log_once_first(&set, LOG_ONCE_KEYS - 1));
	assert_true(log_once_first(&set, 1000));
	assert_true(log_once_first(&set, 1000));
	assert_int_equal(set.num, LOG_ONCE_KEYS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_key_once),
		cmocka_unit_test(test_full_set_logs_new_keys),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
