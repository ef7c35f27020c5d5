// SPDX-License-Identifier: GPL-2.0
/*
 * ICR filtering (arch/x86/apic-icr.c): which CPUs an IPI addresses and
 * what a cell may do with it. Four CPUs, APIC ids 0-3, Linux's flat
 * logical ids (LDR bit = CPU); the root cell has CPUs 0-2, a cell CPU 3.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <asm/apic.h>

#define ROOT_CPUS	0x7ULL
#define CELL_CPUS	0x8ULL
#define FLAT		0xffffffff
#define CLUSTER		0x0fffffff

static struct apic_cpu cpus[4] = {
	{ true, 0, 0x01000000, FLAT }, { true, 1, 0x02000000, FLAT },
	{ true, 2, 0x04000000, FLAT }, { true, 3, 0x08000000, FLAT },
};

static __u64 xdest(__u8 dest)
{
	return (__u64)dest << APIC_XAPIC_DEST_SHIFT;
}

static __u64 sh(unsigned int shorthand)
{
	return (__u64)shorthand << APIC_ICR_SH_SHIFT;
}

static __u64 mode(unsigned int delivery)
{
	return (__u64)delivery << APIC_ICR_DLVR_SHIFT;
}

/* Decide for CPU @self of the root (or the cell); targets to *@out. */
static enum apic_action decide(__u64 value, unsigned int self, bool root,
			       __u64 *out)
{
	struct apic_icr icr = {
		.value = value,
		.self = self,
		.cell_cpus = root ? ROOT_CPUS : CELL_CPUS,
		.root = root,
	};

	*out = apic_icr_targets(&icr, cpus, 4);
	return apic_icr_decide(&icr, out);
}

static void test_physical(void **state)
{
	__u64 t;

	(void)state;
	assert_int_equal(decide(xdest(2) | 0xfd, 0, true, &t), APIC_SEND);
	assert_int_equal(t, 0x4);
	assert_int_equal(decide(xdest(3) | 0xfd, 0, true, &t), APIC_DENY);
	assert_int_equal(decide(xdest(3) | mode(APIC_ICR_DLVR_NMI), 3, false,
				&t), APIC_SEND);
	assert_int_equal(t, 0x8);
	/* An APIC id no CPU of the hypervisor has. */
	assert_int_equal(decide(xdest(9) | 0xfd, 0, true, &t), APIC_DENY);
}

static void test_shorthands(void **state)
{
	__u64 t;

	(void)state;
	assert_int_equal(decide(sh(APIC_ICR_SH_SELF) | 0xf0, 3, false, &t),
			 APIC_SEND);
	assert_int_equal(t, 0x8);
	/* The root's broadcasts reach its own CPUs only. */
	assert_int_equal(decide(sh(APIC_ICR_SH_OTHERS) | 0xf0, 1, true, &t),
			 APIC_SEND);
	assert_int_equal(t, 0x5);
	assert_int_equal(decide(sh(APIC_ICR_SH_ALL) | 0xf0, 1, true, &t),
			 APIC_SEND);
	assert_int_equal(t, 0x7);
	assert_int_equal(decide(xdest(0xff) | 0xf0, 1, true, &t), APIC_SEND);
	assert_int_equal(t, 0x7);
	/* A cell's broadcast names the root's CPUs: refused. */
	assert_int_equal(decide(sh(APIC_ICR_SH_OTHERS) | 0xf0, 3, false, &t),
			 APIC_DENY);
}

static void test_logical(void **state)
{
	__u64 t;

	(void)state;
	assert_int_equal(decide(xdest(0x6) | APIC_ICR_LOGICAL | 0xf0, 0, true,
				&t), APIC_SEND);
	assert_int_equal(t, 0x6);
	assert_int_equal(decide(xdest(0x9) | APIC_ICR_LOGICAL | 0xf0, 0, true,
				&t), APIC_DENY);
}

/* Cluster model: 4-bit cluster, 4 member bits; CPUs 2 and 3 in cluster 1. */
static void test_cluster(void **state)
{
	static const __u32 ldr[4] = { 0x01, 0x02, 0x11, 0x12 };
	struct apic_cpu saved[4];
	unsigned int n;
	__u64 t;

	(void)state;
	memcpy(saved, cpus, sizeof(cpus));
	for (n = 0; n < 4; n++) {
		cpus[n].ldr = ldr[n] << 24;
		cpus[n].dfr = CLUSTER;
	}
	assert_int_equal(decide(xdest(0x11) | APIC_ICR_LOGICAL | 0xf0, 0,
				true, &t), APIC_SEND);
	assert_int_equal(t, 0x4);
	assert_int_equal(decide(xdest(0x13) | APIC_ICR_LOGICAL | 0xf0, 0,
				true, &t), APIC_DENY);
	assert_int_equal(decide(xdest(0x03) | APIC_ICR_LOGICAL | 0xf0, 0,
				true, &t), APIC_SEND);
	assert_int_equal(t, 0x3);
	memcpy(cpus, saved, sizeof(cpus));
}

static void test_lowest_priority(void **state)
{
	__u64 t;

	(void)state;
	assert_int_equal(decide(xdest(0x6) | APIC_ICR_LOGICAL |
				mode(APIC_ICR_DLVR_LOWPRI) | 0x30, 0, true,
				&t), APIC_SEND);
	assert_int_equal(t, 0x2);
}

static void test_init_sipi(void **state)
{
	__u64 init = mode(APIC_ICR_DLVR_INIT) | APIC_ICR_LEVEL, t;

	(void)state;
	assert_int_equal(decide(xdest(2) | init | APIC_ICR_ASSERT, 0, true,
				&t), APIC_INIT);
	assert_int_equal(t, 0x4);
	assert_int_equal(decide(xdest(2) | init, 0, true, &t), APIC_IGNORE);
	assert_int_equal(decide(xdest(2) | mode(APIC_ICR_DLVR_SIPI) | 0x9a, 0,
				true, &t), APIC_SIPI);
	assert_int_equal(t, 0x4);
	/* INIT or SIPI to a CPU of another cell. */
	assert_int_equal(decide(xdest(3) | init | APIC_ICR_ASSERT, 0, true,
				&t), APIC_DENY);
	assert_int_equal(decide(xdest(0) | mode(APIC_ICR_DLVR_SIPI), 3, false,
				&t), APIC_DENY);
	/* The root's INIT broadcast stays within the root. */
	assert_int_equal(decide(sh(APIC_ICR_SH_OTHERS) | init |
				APIC_ICR_ASSERT, 0, true, &t), APIC_INIT);
	assert_int_equal(t, 0x6);
}

static void test_never_allowed(void **state)
{
	__u64 t;

	(void)state;
	assert_int_equal(decide(sh(APIC_ICR_SH_SELF) | mode(2), 3, false, &t),
			 APIC_DENY);
	assert_int_equal(decide(xdest(3) | mode(3), 3, false, &t), APIC_DENY);
	assert_int_equal(decide(xdest(3) | mode(7), 3, false, &t), APIC_DENY);
}

static void test_x2apic(void **state)
{
	struct apic_icr icr = {
		.x2apic = true,
		.cell_cpus = ROOT_CPUS,
		.root = true,
	};
	struct apic_cpu x2[2] = {
		{ true, 0x100, 0x00010001, 0 }, { true, 0x101, 0x00010002, 0 },
	};
	__u64 t;

	(void)state;
	icr.value = (0x101ULL << APIC_X2APIC_DEST_SHIFT) | 0xf0;
	t = apic_icr_targets(&icr, x2, 2);
	assert_int_equal(apic_icr_decide(&icr, &t), APIC_SEND);
	assert_int_equal(t, 0x2);
	/* Logical: cluster 1, members 0 and 1. */
	icr.value = (0x00010003ULL << APIC_X2APIC_DEST_SHIFT) |
		    APIC_ICR_LOGICAL | 0xf0;
	t = apic_icr_targets(&icr, x2, 2);
	assert_int_equal(t, 0x3);
	/* 0xff is an ordinary id in x2APIC mode. */
	icr.value = (0xffULL << APIC_X2APIC_DEST_SHIFT) | 0xf0;
	t = apic_icr_targets(&icr, x2, 2);
	assert_int_equal(apic_icr_decide(&icr, &t), APIC_DENY);
}

/* The x2APIC MSR interface of non-root cells (apic-icr.c). */
static void test_x2apic_registers(void **state)
{
	(void)state;
	assert_int_equal(x2apic_reg_of(0x802, false), X2APIC_REG_ID);
	assert_int_equal(x2apic_reg_of(0x802, true), X2APIC_REG_NONE);
	assert_int_equal(x2apic_reg_of(0x80d, false), X2APIC_REG_LDR);
	assert_int_equal(x2apic_reg_of(0x80d, true), X2APIC_REG_NONE);
	assert_int_equal(x2apic_reg_of(0x830, true), X2APIC_REG_ICR);
	assert_int_equal(x2apic_reg_of(0x830, false), X2APIC_REG_ICR);
	assert_int_equal(x2apic_reg_of(0x83f, true), X2APIC_REG_SELF_IPI);
	assert_int_equal(x2apic_reg_of(0x83f, false), X2APIC_REG_NONE);
	/* EOI is write-only, the current count read-only. */
	assert_int_equal(x2apic_reg_of(0x80b, true), X2APIC_REG_PLAIN);
	assert_int_equal(x2apic_reg_of(0x80b, false), X2APIC_REG_NONE);
	assert_int_equal(x2apic_reg_of(0x839, false), X2APIC_REG_PLAIN);
	assert_int_equal(x2apic_reg_of(0x839, true), X2APIC_REG_NONE);
	assert_int_equal(x2apic_reg_of(0x80f, true), X2APIC_REG_PLAIN);
	assert_int_equal(x2apic_reg_of(0x832, true), X2APIC_REG_PLAIN);
	assert_int_equal(x2apic_reg_of(0x838, true), X2APIC_REG_PLAIN);
	assert_int_equal(x2apic_reg_of(0x83e, true), X2APIC_REG_PLAIN);
	/* Reserved, or outside the range. */
	assert_int_equal(x2apic_reg_of(0x800, false), X2APIC_REG_NONE);
	assert_int_equal(x2apic_reg_of(0x831, true), X2APIC_REG_NONE);
	assert_int_equal(x2apic_reg_of(0x83a, false), X2APIC_REG_NONE);
	assert_int_equal(x2apic_reg_of(0x7ff, false), X2APIC_REG_NONE);
	assert_int_equal(x2apic_reg_of(0x840, false), X2APIC_REG_NONE);
	assert_int_equal(x2apic_reg_of(0x80000830, true), X2APIC_REG_NONE);
}

static void test_x2apic_xapic_mapping(void **state)
{
	(void)state;
	assert_int_equal(x2apic_xapic_offset(0x80b), 0xb0);
	assert_int_equal(x2apic_xapic_offset(0x838), 0x380);
	assert_int_equal(x2apic_ldr_of(0x23), (2 << 16) | (1 << 3));
	assert_int_equal(x2apic_ldr_of(0), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_physical),
		cmocka_unit_test(test_shorthands),
		cmocka_unit_test(test_logical),
		cmocka_unit_test(test_cluster),
		cmocka_unit_test(test_lowest_priority),
		cmocka_unit_test(test_init_sipi),
		cmocka_unit_test(test_never_allowed),
		cmocka_unit_test(test_x2apic),
		cmocka_unit_test(test_x2apic_registers),
		cmocka_unit_test(test_x2apic_xapic_mapping),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
