// SPDX-License-Identifier: GPL-2.0
/* Random input of the fuzzers (lib/fuzz.c): replayable and in range. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "fuzz.h"

#define ROUNDS		10000

/* The published first outputs of splitmix64 from seed 0. */
static void test_known_sequence(void **state)
{
	struct fuzz_rng rng;

	(void)state;
	fuzz_seed(&rng, 0);
	assert_true(fuzz_next(&rng) == 0xe220a8397b1dcdafULL);
	assert_true(fuzz_next(&rng) == 0x6e789e6aa1b965f4ULL);
}

static void test_same_seed_same_values(void **state)
{
	static const __u64 targets[] = { 0x3b000000, 0xfee00000 };
	struct fuzz_rng a, b;
	unsigned int i;

	(void)state;
	fuzz_seed(&a, 42);
	fuzz_seed(&b, 42);
	for (i = 0; i < ROUNDS; i++) {
		assert_true(fuzz_value(&a, targets, 2) ==
			    fuzz_value(&b, targets, 2));
		assert_true(fuzz_code(&a, 9) == fuzz_code(&b, 9));
	}
}

static void test_ranges(void **state)
{
	struct fuzz_rng rng;
	unsigned int i, valid = 0, wide = 0;
	__u64 code;

	(void)state;
	fuzz_seed(&rng, 7);
	for (i = 0; i < ROUNDS; i++) {
		assert_true(fuzz_below(&rng, 13) < 13);
		code = fuzz_code(&rng, 9);
		valid += code < 9;
		wide += code > 0xffffffffULL;
	}
	/* Half valid, some beyond 32 bits: both kinds are exercised. */
	assert_true(valid > ROUNDS / 3 && valid < ROUNDS * 2 / 3);
	assert_true(wide > ROUNDS / 20);
}

static void test_targets_keep_their_page(void **state)
{
	static const __u64 target = 0xfee00123;
	struct fuzz_rng rng;
	unsigned int i, hits = 0;
	__u64 value;

	(void)state;
	fuzz_seed(&rng, 3);
	for (i = 0; i < ROUNDS; i++) {
		value = fuzz_value(&rng, &target, 1);
		hits += (value & ~0xfffULL) == 0xfee00000ULL;
	}
	assert_true(hits > ROUNDS / 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_sequence),
		cmocka_unit_test(test_same_seed_same_values),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_targets_keep_their_page),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
