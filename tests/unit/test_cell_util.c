// SPDX-License-Identifier: GPL-2.0
/* `jailhouse cell` argument parsing and output (tools/cell-util.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>

#include <jailhouse/hypercall.h>

#include "cell-util.h"

static struct cell_image_arg images[CELL_LOAD_MAX_IMAGES];
static unsigned int num;
static const char *reason;

/* Parse the words of @line (space-separated, at most 31). */
static int parse(const char *line)
{
	static char buf[256];
	char *argv[32], *word;
	int argc = 0;

	strcpy(buf, line);
	for (word = strtok(buf, " "); word; word = strtok(NULL, " "))
		argv[argc++] = word;
	num = 0xdead;
	reason = NULL;
	return cell_load_args_parse(argc, argv, images, &num, &reason);
}

static void assert_refused(const char *line, int err, const char *why)
{
	assert_int_equal(parse(line), err);
	assert_string_equal(reason, why);
	assert_int_equal(num, 0xdead);
}

static void test_one_image_default_address(void **state)
{
	(void)state;
	assert_int_equal(parse("demo.bin"), 0);
	assert_int_equal(num, 1);
	assert_string_equal(images[0].path, "demo.bin");
	assert_int_equal(images[0].address, 0);
}

static void test_addresses(void **state)
{
	(void)state;
	assert_int_equal(parse("a -a 0x1000 b c -a 4096 d -a 010"), 0);
	assert_int_equal(num, 4);
	assert_string_equal(images[1].path, "b");
	assert_int_equal(images[0].address, 0x1000);
	assert_int_equal(images[1].address, 0);
	assert_int_equal(images[2].address, 4096);
	assert_int_equal(images[3].address, 8);
	assert_int_equal(parse("a -a 0xffffffffffffffff"), 0);
	assert_int_equal(images[0].address, ~0ULL);
}

static void test_refusals(void **state)
{
	(void)state;
	assert_refused("", -EINVAL, "no image");
	assert_refused("-a 0x1000 a", -EINVAL,
		       "-a without an image before it");
	assert_refused("a -a 1 -a 2", -EINVAL,
		       "-a without an image before it");
	assert_refused("a -a", -EINVAL, "-a without an address");
	assert_refused("a -a -1", -EINVAL, "address is not a number");
	assert_refused("a -a 0x10zz", -EINVAL, "address is not a number");
	assert_refused("a -a x", -EINVAL, "address is not a number");
	assert_refused("a -a 0x10000000000000000", -EINVAL,
		       "address does not fit 64 bits");
	assert_refused("1 2 3 4 5 6 7 8 9", -E2BIG, "more than 8 images");
	assert_int_equal(parse("1 2 3 4 5 6 7 -a 7 8 -a 8"), 0);
	assert_int_equal(num, 8);
}

static void test_names(void **state)
{
	struct jailhouse_cell_id id;

	(void)state;
	memset(&id, 0x55, sizeof(id));
	assert_int_equal(cell_id_parse("sandbox-demo", &id, &reason), 0);
	assert_string_equal(id.name, "sandbox-demo");
	assert_int_equal(id.name[31], 0);
	assert_int_equal(cell_id_parse("0123456789012345678901234567890",
				       &id, &reason), 0);
	assert_int_equal(cell_id_parse("01234567890123456789012345678901",
				       &id, &reason), -ENAMETOOLONG);
	assert_int_equal(cell_id_parse("", &id, &reason), -EINVAL);
	assert_string_equal(reason, "empty cell name");
}

static void assert_cpus(const __u8 *cpus, size_t bytes, size_t len,
			const char *expected)
{
	char buf[64];

	memset(buf, 'x', sizeof(buf));
	cell_cpus_format(cpus, bytes, buf, len);
	assert_string_equal(buf, expected);
}

static void test_cpu_lists(void **state)
{
	const __u8 none[2] = { 0 }, one[1] = { 0x08 };
	const __u8 mixed[2] = { 0x3a, 0x81 };
	const __u8 all[16] = { [0 ... 15] = 0xff };

	(void)state;
	assert_cpus(none, sizeof(none), 64, "-");
	assert_cpus(one, sizeof(one), 64, "3");
	assert_cpus(mixed, sizeof(mixed), 64, "1,3-5,8,15");
	assert_cpus(all, sizeof(all), 64, "0-127");
	assert_cpus(mixed, sizeof(mixed), 8, "1,3-...");
	assert_cpus(mixed, sizeof(mixed), 5, "1...");
}

static void test_states(void **state)
{
	(void)state;
	assert_string_equal(cell_state_name(JAILHOUSE_CELL_RUNNING),
			    "running");
	assert_string_equal(cell_state_name(JAILHOUSE_CELL_SHUT_DOWN),
			    "shut down");
	assert_string_equal(cell_state_name(JAILHOUSE_CELL_FAILED),
			    "failed");
	assert_string_equal(cell_state_name(5), "unknown");
	assert_string_equal(cell_state_name(0xffffffff), "unknown");
}

static void test_jailhouse_spellings(void **state)
{
	(void)state;
	assert_int_equal(parse("a --address 0x2000"), 0);
	assert_int_equal(images[0].address, 0x2000);
	assert_int_equal(parse("a -s progress=1 -a 0x1000 --string x"), 0);
	assert_int_equal(num, 3);
	assert_string_equal(images[0].path, "a");
	assert_null(images[0].string);
	assert_null(images[1].path);
	assert_string_equal(images[1].string, "progress=1");
	assert_int_equal(images[1].address, 0x1000);
	assert_string_equal(images[2].string, "x");
	assert_int_equal(images[2].address, 0);
	/* A string alone, and one that looks like an option. */
	assert_int_equal(parse("-s -a -a 0x1000"), 0);
	assert_int_equal(num, 1);
	assert_string_equal(images[0].string, "-a");
	assert_int_equal(images[0].address, 0x1000);
	assert_refused("a -s", -EINVAL, "-s without a string");
	assert_refused("-a 0x1000 -s x", -EINVAL,
		       "-a without an image before it");
}

static void test_cell_number(void **state)
{
	__u32 id = 0;

	(void)state;
	assert_int_equal(cell_number_parse("1", &id), 0);
	assert_int_equal(id, 1);
	assert_int_equal(cell_number_parse("4294967295", &id), 0);
	assert_int_equal(id, 0xffffffffU);
	assert_int_equal(cell_number_parse("4294967296", &id), -EINVAL);
	assert_int_equal(cell_number_parse("0", &id), -EINVAL);
	assert_int_equal(cell_number_parse("01", &id), -EINVAL);
	assert_int_equal(cell_number_parse("-1", &id), -EINVAL);
	assert_int_equal(cell_number_parse(" 1", &id), -EINVAL);
	assert_int_equal(cell_number_parse("1x", &id), -EINVAL);
	assert_int_equal(cell_number_parse("sandbox-demo", &id), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jailhouse_spellings),
		cmocka_unit_test(test_cell_number),
		cmocka_unit_test(test_one_image_default_address),
		cmocka_unit_test(test_addresses),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_cpu_lists),
		cmocka_unit_test(test_states),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
