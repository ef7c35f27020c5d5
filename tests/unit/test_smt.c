// SPDX-License-Identifier: GPL-2.0
/*
 * SMT siblings split between cells (hypervisor/arch/x86/smt.c): a sandbox
 * cell must get whole cores.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <asm/apic.h>
#include <asm/smt.h>

/* Two cores of two threads (APIC ids 0, 1 and 2, 3), one of one (4). */
static const struct apic_cpu cpus[] = {
	{ .present = true, .apic_id = 0 },
	{ .present = true, .apic_id = 1 },
	{ .present = true, .apic_id = 2 },
	{ .present = true, .apic_id = 3 },
	{ .present = true, .apic_id = 4 },
	{ .present = false, .apic_id = 5 },
};

#define NUM	(sizeof(cpus) / sizeof(cpus[0]))

static void test_whole_cores(void **state)
{
	unsigned int cpu = 99;

	(void)state;
	assert_false(cpu_smt_split(cpus, NUM, 0x0c, 1, &cpu));
	assert_false(cpu_smt_split(cpus, NUM, 0x0f, 1, &cpu));
	/* CPU 4's sibling (id 5) never entered the hypervisor. */
	assert_false(cpu_smt_split(cpus, NUM, 0x10, 1, &cpu));
	assert_int_equal(cpu, 99);
}

static void test_split_core(void **state)
{
	unsigned int cpu = 99;

	(void)state;
	assert_true(cpu_smt_split(cpus, NUM, 0x08, 1, &cpu));
	assert_int_equal(cpu, 3);
	assert_true(cpu_smt_split(cpus, NUM, 0x11, 1, &cpu));
	assert_int_equal(cpu, 0);
	/* Four threads a core: CPUs 0-3 are one. */
	assert_true(cpu_smt_split(cpus, NUM, 0x0c, 2, &cpu));
}

static void test_no_smt(void **state)
{
	unsigned int cpu;

	(void)state;
	assert_false(cpu_smt_split(cpus, NUM, 0x08, 0, &cpu));
	assert_false(cpu_smt_split(cpus, NUM, 0x01, 0, &cpu));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_whole_cores),
		cmocka_unit_test(test_split_core),
		cmocka_unit_test(test_no_smt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
