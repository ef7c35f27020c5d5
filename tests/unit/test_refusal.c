// SPDX-License-Identifier: GPL-2.0
/* Register effects of refused port accesses (arch/x86/refusal.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <asm/refusal.h>

static void test_refused_in(void **state)
{
	(void)state;
	assert_int_equal(io_refused_in(0x1122334455667700ULL, 1),
			 0x11223344556677ffULL);
	assert_int_equal(io_refused_in(0x1122334455660000ULL, 2),
			 0x112233445566ffffULL);
	assert_int_equal(io_refused_in(0x1122334455667788ULL, 4),
			 0xffffffffULL);
}

static void test_out_value(void **state)
{
	(void)state;
	assert_int_equal(io_out_value(0x1122334455667788ULL, 1), 0x88);
	assert_int_equal(io_out_value(0x1122334455667788ULL, 2), 0x7788);
	assert_int_equal(io_out_value(0x1122334455667788ULL, 4), 0x55667788);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refused_in),
		cmocka_unit_test(test_out_value),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
