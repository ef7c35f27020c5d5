// SPDX-License-Identifier: GPL-2.0
/* `jailhouse cell` argument parsing and output (tools/cell-util.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>

#include <jailhouse/cell-config.h>
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

static struct cell_linux_arg linux_arg;

/* `cell linux` words of @line, as parse() splits them. */
static int parse_linux(const char *line)
{
	static char buf[3000];
	char *argv[32], *word;
	int argc = 0;

	strcpy(buf, line);
	for (word = strtok(buf, " "); word; word = strtok(NULL, " "))
		argv[argc++] = word;
	memset(&linux_arg, 0xa5, sizeof(linux_arg));
	linux_arg.bad = NULL;
	reason = NULL;
	return cell_linux_args_parse(argc, argv, &linux_arg, &reason);
}

static void assert_linux_refused(const char *line, int err, const char *bad,
				 const char *why)
{
	assert_int_equal(parse_linux(line), err);
	assert_string_equal(reason, why);
	if (bad)
		assert_string_equal(linux_arg.bad, bad);
	else
		assert_null(linux_arg.bad);
}

static void test_linux_args(void **state)
{
	(void)state;
	assert_int_equal(parse_linux("l.cell bzImage"), 0);
	assert_string_equal(linux_arg.config, "l.cell");
	assert_string_equal(linux_arg.kernel, "bzImage");
	assert_null(linux_arg.initrd);
	assert_null(linux_arg.cmdline);
	assert_null(linux_arg.cmdline_file);
	assert_null(linux_arg.loader);
	/* Jailhouse's order: options before, between and after. */
	assert_int_equal(parse_linux("-i rd l.cell -c console=ttyS0 bz "
				     "--loader ld"), 0);
	assert_string_equal(linux_arg.config, "l.cell");
	assert_string_equal(linux_arg.kernel, "bz");
	assert_string_equal(linux_arg.initrd, "rd");
	assert_string_equal(linux_arg.cmdline, "console=ttyS0");
	assert_string_equal(linux_arg.loader, "ld");
	assert_int_equal(parse_linux("a b --initrd r --cmdline-file c -l x"),
			 0);
	assert_string_equal(linux_arg.initrd, "r");
	assert_string_equal(linux_arg.cmdline_file, "c");
	assert_null(linux_arg.cmdline);
	assert_int_equal(parse_linux("a b -C c"), 0);
	assert_string_equal(linux_arg.cmdline_file, "c");
}

static void test_linux_refusals(void **state)
{
	static char line[3000];

	(void)state;
	assert_linux_refused("", -EINVAL, NULL,
			     "no cell descriptor and kernel");
	assert_linux_refused("l.cell", -EINVAL, NULL, "no kernel (bzImage)");
	assert_linux_refused("a b c", -EINVAL, "c", "a third file: only "
			     "CELL.cell and bzImage are positional");
	assert_linux_refused("a b -i", -EINVAL, "-i", "no value follows");
	assert_linux_refused("a b -i x --initrd y", -EINVAL, "--initrd",
			     "given twice");
	assert_linux_refused("a b -c x -C y", -EINVAL, NULL,
			     "-c and -C: one command line only");
	assert_linux_refused("a b -s x", -EINVAL, "-s",
			     "unknown option (options: -i, -c, -C, -l)");
	assert_linux_refused("a b --initrd=x", -EINVAL, "--initrd=x",
			     "unknown option (options: -i, -c, -C, -l)");
	assert_linux_refused("a b -w p", -EINVAL, "-w", "not supported: the "
			     "loader builds the boot parameters itself from "
			     "the verified files");
	assert_linux_refused("a b --write-params p", -EINVAL,
			     "--write-params", "not supported: the loader "
			     "builds the boot parameters itself from the "
			     "verified files");
	assert_linux_refused("-d x.dtb a b", -EINVAL, "-d",
			     "not supported: x86 cells boot without a device "
			     "tree");
	assert_linux_refused("a b -a x86", -EINVAL, "-a",
			     "not supported: x86-64 only");
	assert_linux_refused("a b -k 4", -EINVAL, "-k", "not supported: the "
			     "loader reads the kernel's memory needs from its "
			     "header");
	/* 2047 bytes fit (JAILHOUSE_LINUX_CMDLINE_MAX), 2048 do not. */
	strcpy(line, "a b -c ");
	memset(line + 7, 'x', 2047);
	line[7 + 2047] = '\0';
	assert_int_equal(parse_linux(line), 0);
	strcat(line, "x");
	assert_linux_refused(line, -E2BIG, NULL,
			     "-c: command line longer than 2047 bytes");
}

static void test_linux_build_loader(void **state)
{
	char buf[64];

	(void)state;
	assert_int_equal(cell_linux_build_loader("/src/jh/tools/jailhouse",
						 buf, sizeof(buf)), 0);
	assert_string_equal(buf, "/src/jh/tools/" CELL_LINUX_LOADER_BUILD);
	assert_int_equal(cell_linux_build_loader("/jailhouse", buf,
						 sizeof(buf)), 0);
	assert_string_equal(buf, "/" CELL_LINUX_LOADER_BUILD);
	assert_int_equal(cell_linux_build_loader("/a/very/long/directory/"
						 "name/jailhouse", buf,
						 sizeof(buf)), -ENAMETOOLONG);
}

static void test_desc_name(void **state)
{
	struct jailhouse_cell_desc desc = {
		.signature = JAILHOUSE_CELL_DESC_SIGNATURE,
		.name = "linux-demo",
	};
	struct jailhouse_cell_id id;

	(void)state;
	assert_int_equal(cell_desc_name(&desc, sizeof(desc), &id, &reason),
			 0);
	assert_string_equal(id.name, "linux-demo");
	assert_int_equal(cell_desc_name(&desc, 10, &id, &reason), -EINVAL);
	assert_string_equal(reason, "not a cell descriptor (no JHCLL)");
	memcpy(desc.signature, "JHSYS", 5);
	assert_int_equal(cell_desc_name(&desc, sizeof(desc), &id, &reason),
			 -EINVAL);
	memcpy(desc.signature, "JHCLL", 5);
	memset(desc.name, 'n', sizeof(desc.name));
	assert_int_equal(cell_desc_name(&desc, sizeof(desc), &id, &reason),
			 -EINVAL);
	assert_string_equal(reason, "cell name not NUL-terminated");
	desc.name[0] = '\0';
	assert_int_equal(cell_desc_name(&desc, sizeof(desc), &id, &reason),
			 -EINVAL);
	assert_string_equal(reason, "empty cell name");
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
		cmocka_unit_test(test_linux_args),
		cmocka_unit_test(test_linux_refusals),
		cmocka_unit_test(test_linux_build_loader),
		cmocka_unit_test(test_desc_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
