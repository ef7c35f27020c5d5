// SPDX-License-Identifier: GPL-2.0
/* Inmate command line parameters (inmates/lib/x86/cmdline.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <cmdline.h>

static void test_int_values(void **state)
{
	const char *line = "progress=1000 addr=0x3b000000 neg=-12 hex=0XfF";

	(void)state;
	assert_int_equal(cmdline_parse_int(line, "progress", 7), 1000);
	assert_int_equal(cmdline_parse_int(line, "addr", 7), 0x3b000000);
	assert_int_equal(cmdline_parse_int(line, "neg", 7), -12);
	assert_int_equal(cmdline_parse_int(line, "hex", 7), 255);
}

static void test_int_defaults(void **state)
{
	const char *line = "a=12x b= c d=0x e=--1 f=0x1g";

	(void)state;
	assert_int_equal(cmdline_parse_int("", "a", 5), 5);
	assert_int_equal(cmdline_parse_int(line, "missing", 5), 5);
	assert_int_equal(cmdline_parse_int(line, "a", 5), 5);
	assert_int_equal(cmdline_parse_int(line, "b", 5), 5);
	assert_int_equal(cmdline_parse_int(line, "c", 5), 5);
	assert_int_equal(cmdline_parse_int(line, "d", 5), 5);
	assert_int_equal(cmdline_parse_int(line, "e", 5), 5);
	assert_int_equal(cmdline_parse_int(line, "f", 5), 5);
}

/* A name matches whole words only, not prefixes or suffixes. */
static void test_whole_words(void **state)
{
	const char *line = "period_us=5 xperiod=6  period=7";

	(void)state;
	assert_int_equal(cmdline_parse_int(line, "period", 0), 7);
	assert_int_equal(cmdline_parse_int(line, "period_u", 0), 0);
	assert_int_equal(cmdline_parse_int(line, "eriod", 0), 0);
}

static void test_bool(void **state)
{
	const char *line = "verbose quiet=0 loud=1 odd=maybe";

	(void)state;
	assert_true(cmdline_parse_bool(line, "verbose", false));
	assert_false(cmdline_parse_bool(line, "quiet", true));
	assert_true(cmdline_parse_bool(line, "loud", false));
	assert_true(cmdline_parse_bool(line, "odd", true));
	assert_false(cmdline_parse_bool(line, "absent", false));
	assert_true(cmdline_parse_bool("x", "x", false));
}

/* An unterminated buffer is read up to CMDLINE_BUFFER_SIZE, not beyond. */
static void test_unterminated(void **state)
{
	char *buf = malloc(CMDLINE_BUFFER_SIZE);

	(void)state;
	assert_non_null(buf);
	memset(buf, ' ', CMDLINE_BUFFER_SIZE);
	memcpy(buf, "n=42", 4);
	memcpy(buf + CMDLINE_BUFFER_SIZE - 4, "m=99", 4);
	assert_int_equal(cmdline_parse_int(buf, "n", 0), 42);
	assert_int_equal(cmdline_parse_int(buf, "m", 0), 99);
	assert_int_equal(cmdline_parse_int(buf, "z", 3), 3);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_int_values),
		cmocka_unit_test(test_int_defaults),
		cmocka_unit_test(test_whole_words),
		cmocka_unit_test(test_bool),
		cmocka_unit_test(test_unterminated),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
