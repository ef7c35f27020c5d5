// SPDX-License-Identifier: GPL-2.0
/*
 * Which IOAPIC redirection entries a cell may program
 * (arch/x86/ioapic-rte.c). Four CPUs, APIC ids 0-3, Linux's flat logical
 * ids (LDR bit = CPU), except CPU 3, which a cell has and whose LDR the
 * hypervisor cleared; the root cell has CPUs 0-2.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <asm/ioapic-rte.h>
#include <asm/ioapic.h>

#define ROOT_CPUS	0x7ULL
#define CELL_CPUS	0x8ULL
#define FLAT		0xffffffff

static struct apic_cpu cpus[4] = {
	{ true, 0, 0x01000000, FLAT }, { true, 1, 0x02000000, FLAT },
	{ true, 2, 0x04000000, FLAT }, { true, 3, 0, FLAT },
};

/* Vector 0x31, @delivery mode, to @dest (logical if @logical). */
static __u64 rte(unsigned int delivery, bool logical, __u8 dest)
{
	return 0x31 | (__u64)delivery << APIC_ICR_DLVR_SHIFT |
	       (logical ? APIC_ICR_LOGICAL : 0) |
	       (__u64)dest << APIC_XAPIC_DEST_SHIFT;
}

static bool root_may(__u64 entry)
{
	return ioapic_rte_allowed(entry, cpus, 4, ROOT_CPUS, true);
}

static bool cell_may(__u64 entry)
{
	return ioapic_rte_allowed(entry, cpus, 4, CELL_CPUS, false);
}

static void test_own_cpus(void **state)
{
	(void)state;
	/* Linux's flat logical entries: one CPU or several of its own. */
	assert_true(root_may(rte(APIC_ICR_DLVR_FIXED, true, 0x02)));
	assert_true(root_may(rte(APIC_ICR_DLVR_LOWPRI, true, 0x07)));
	assert_true(root_may(rte(APIC_ICR_DLVR_FIXED, false, 2)));
	assert_true(cell_may(rte(APIC_ICR_DLVR_FIXED, false, 3)));
}

static void test_foreign_cpus(void **state)
{
	(void)state;
	/* The cell's CPU by id, a broadcast, the root's CPUs from a cell. */
	assert_false(root_may(rte(APIC_ICR_DLVR_FIXED, false, 3)));
	assert_false(root_may(rte(APIC_ICR_DLVR_FIXED, false, 0xff)));
	assert_false(cell_may(rte(APIC_ICR_DLVR_FIXED, false, 0)));
	assert_false(cell_may(rte(APIC_ICR_DLVR_FIXED, true, 0x01)));
	/* A logical mask with every bit still misses the cleared LDR. */
	assert_true(root_may(rte(APIC_ICR_DLVR_FIXED, true, 0xff)));
	/* And the cell's own CPU is no logical target of its own. */
	assert_true(cell_may(rte(APIC_ICR_DLVR_FIXED, true, 0x08)));
}

static void test_delivery_modes(void **state)
{
	(void)state;
	assert_true(root_may(rte(APIC_ICR_DLVR_NMI, false, 0)));
	assert_true(root_may(rte(IOAPIC_RTE_DLVR_EXTINT, false, 0)));
	assert_false(cell_may(rte(APIC_ICR_DLVR_NMI, false, 3)));
	assert_false(cell_may(rte(IOAPIC_RTE_DLVR_EXTINT, false, 3)));
	/* SMI (2), INIT (5), reserved (3, 6): never. */
	assert_false(root_may(rte(2, false, 0)));
	assert_false(root_may(rte(APIC_ICR_DLVR_INIT, false, 0)));
	assert_false(root_may(rte(3, false, 0)));
	assert_false(root_may(rte(APIC_ICR_DLVR_SIPI, false, 0)));
}

/* Masked entries may hold anything: they deliver nothing. */
static void test_masked(void **state)
{
	(void)state;
	assert_true(cell_may(rte(APIC_ICR_DLVR_INIT, false, 0) |
			     IOAPIC_RTE_MASKED));
	assert_true(root_may(rte(APIC_ICR_DLVR_FIXED, false, 0xff) |
			     IOAPIC_RTE_MASKED));
}

/*
 * A cell's directed EOI clears only its own level-triggered entries with
 * the vector that wait for an EOI: never a foreign vector's, never
 * another owner's entry with the same vector.
 */
static void test_eoi_own_pins_only(void **state)
{
	const __u32 level = 0x31 | APIC_ICR_LEVEL | IOAPIC_RTE_REMOTE_IRR;

	(void)state;
	assert_true(ioapic_eoi_applies(level, 0x31, true));
	assert_false(ioapic_eoi_applies(level, 0x31, false));
	assert_false(ioapic_eoi_applies(level, 0x32, true));
	assert_false(ioapic_eoi_applies(level & ~APIC_ICR_LEVEL, 0x31, true));
	assert_false(ioapic_eoi_applies(level & ~IOAPIC_RTE_REMOTE_IRR, 0x31,
					true));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eoi_own_pins_only),
		cmocka_unit_test(test_own_cpus),
		cmocka_unit_test(test_foreign_cpus),
		cmocka_unit_test(test_delivery_modes),
		cmocka_unit_test(test_masked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
