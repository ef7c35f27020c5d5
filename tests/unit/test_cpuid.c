// SPDX-License-Identifier: GPL-2.0
/* The guest's view of CPUID (hypervisor/arch/x86/cpuid-policy.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include <jailhouse/hypercall.h>
#include <asm/cpuid-policy.h>

static const struct cpuid_guest root = { .root_cell = true };
static const struct cpuid_guest inmate = { .root_cell = false };
static const struct cpuid_regs all_ones = {
	0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff
};

static struct cpuid_regs ask(__u32 leaf, const struct cpuid_guest *guest)
{
	struct cpuid_regs r = all_ones;

	cpuid_policy(leaf, guest, &r);
	return r;
}

static void test_signature_leaf(void **state)
{
	struct cpuid_regs r = ask(JAILHOUSE_CPUID_SIGNATURE, &root);
	char sig[12];

	(void)state;
	memcpy(sig, &r.ebx, 4);
	memcpy(sig + 4, &r.ecx, 4);
	memcpy(sig + 8, &r.edx, 4);
	assert_memory_equal(sig, "Jailhouse\0\0\0", 12);
	assert_int_equal(r.eax, JAILHOUSE_CPUID_FEATURES);
	r = ask(JAILHOUSE_CPUID_SIGNATURE, &inmate);
	assert_int_equal(r.eax, JAILHOUSE_CPUID_FEATURES);
}

static void test_other_hypervisor_leaves_zero(void **state)
{
	static const __u32 leaves[] = { 0x40000001, 0x40000002, 0x400000ff };
	struct cpuid_regs r;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(leaves) / sizeof(leaves[0]); i++) {
		r = ask(leaves[i], &inmate);
		assert_int_equal(r.eax | r.ebx | r.ecx | r.edx, 0);
	}
	r = ask(0x40000100, &inmate);
	assert_memory_equal(&r, &all_ones, sizeof(r));
}

static void test_virtualization_hidden(void **state)
{
	struct cpuid_regs r;

	(void)state;
	r = ask(CPUID_FEATURES, &root);
	assert_int_equal(r.ecx & CPUID_ECX_VMX, 0);
	r = ask(CPUID_EXT_FEATURES, &root);
	assert_int_equal(r.ecx & CPUID_EXT_ECX_SVM, 0);
	assert_int_equal(r.ecx | CPUID_EXT_ECX_SVM, 0xffffffff);
	r = ask(CPUID_SVM_FEATURES, &inmate);
	assert_int_equal(r.eax | r.ebx | r.ecx | r.edx, 0);
}

static void test_hypervisor_bit_for_non_root_only(void **state)
{
	(void)state;
	assert_int_equal(ask(CPUID_FEATURES, &root).ecx & CPUID_ECX_HYPERVISOR,
			 0);
	assert_int_equal(ask(CPUID_FEATURES, &inmate).ecx &
			 CPUID_ECX_HYPERVISOR, CPUID_ECX_HYPERVISOR);
}

static void test_tsc_deadline_for_root_only(void **state)
{
	(void)state;
	assert_int_equal(ask(CPUID_FEATURES, &root).ecx &
			 CPUID_ECX_TSC_DEADLINE, CPUID_ECX_TSC_DEADLINE);
	assert_int_equal(ask(CPUID_FEATURES, &inmate).ecx &
			 CPUID_ECX_TSC_DEADLINE, 0);
}

/* Linux's guest code takes x2APIC mode only if CPUID has the bit too. */
static void test_x2apic_for_cells_on_any_host(void **state)
{
	struct cpuid_guest root_guest = { .root_cell = true };
	struct cpuid_guest cell_guest = { .root_cell = false };
	struct cpuid_regs r = { 0 };

	(void)state;
	cpuid_policy(CPUID_FEATURES, &cell_guest, &r);
	assert_int_equal(r.ecx & CPUID_ECX_X2APIC, CPUID_ECX_X2APIC);
	r = (struct cpuid_regs){ 0 };
	cpuid_policy(CPUID_FEATURES, &root_guest, &r);
	assert_int_equal(r.ecx & CPUID_ECX_X2APIC, 0);
}

static void test_aperfmperf_for_root_only(void **state)
{
	(void)state;
	assert_int_equal(ask(CPUID_POWER, &root).ecx &
			 CPUID_POWER_ECX_APERFMPERF, CPUID_POWER_ECX_APERFMPERF);
	assert_int_equal(ask(CPUID_POWER, &inmate).ecx &
			 CPUID_POWER_ECX_APERFMPERF, 0);
}

static void test_tsc_adjust_for_root_only(void **state)
{
	(void)state;
	assert_int_equal(ask(CPUID_STRUCT_EXT, &root).ebx &
			 CPUID_STRUCT_EBX_TSC_ADJUST,
			 CPUID_STRUCT_EBX_TSC_ADJUST);
	assert_int_equal(ask(CPUID_STRUCT_EXT, &inmate).ebx &
			 CPUID_STRUCT_EBX_TSC_ADJUST, 0);
	/* The rest of the leaf as the CPU says. */
	assert_int_equal(ask(CPUID_STRUCT_EXT, &inmate).ebx,
			 ~CPUID_STRUCT_EBX_TSC_ADJUST);
}

static void test_osxsave_mirrors_guest_cr4(void **state)
{
	struct cpuid_guest g = { .root_cell = true, .osxsave = false };
	struct cpuid_regs r = { 0 };

	(void)state;
	assert_int_equal(ask(CPUID_FEATURES, &g).ecx & CPUID_ECX_OSXSAVE, 0);
	g.osxsave = true;
	cpuid_policy(CPUID_FEATURES, &g, &r);
	assert_int_equal(r.ecx, CPUID_ECX_OSXSAVE);
}

/* Linux without XSAVE: nobody is offered XSAVE or AVX (VT-x's XSETBV). */
static void test_no_xsave_without_host_osxsave(void **state)
{
	struct cpuid_guest g = { .root_cell = false, .osxsave = false };
	__u32 ecx = ask(CPUID_FEATURES, &g).ecx;

	(void)state;
	assert_int_equal(ecx & (CPUID_ECX_XSAVE | CPUID_ECX_AVX), 0);
	g.osxsave = true;
	ecx = ask(CPUID_FEATURES, &g).ecx;
	assert_int_equal(ecx & (CPUID_ECX_XSAVE | CPUID_ECX_AVX),
			 CPUID_ECX_XSAVE | CPUID_ECX_AVX);
}

static void test_other_leaves_untouched(void **state)
{
	struct cpuid_regs r = ask(0x4, &inmate);

	(void)state;
	assert_memory_equal(&r, &all_ones, sizeof(r));
	r = ask(0, &root);
	assert_memory_equal(&r, &all_ones, sizeof(r));
}

/* Every XCR0 bit of a CPU with AVX-512, MPX, PKRU and AMX. */
#define XCR0_ALL	0x602ffULL

/* The values XSETBV takes on such a CPU. */
static void test_xcr0_valid_values(void **state)
{
	(void)state;
	assert_true(xcr0_valid(0x1, XCR0_ALL));
	assert_true(xcr0_valid(0x3, XCR0_ALL));
	assert_true(xcr0_valid(0x7, XCR0_ALL));
	assert_true(xcr0_valid(0x1f, XCR0_ALL));
	assert_true(xcr0_valid(0xe7, XCR0_ALL));
	assert_true(xcr0_valid(0x60007, XCR0_ALL));
	assert_true(xcr0_valid(XCR0_ALL, XCR0_ALL));
}

/* The SDM's #GP cases of XSETBV, each on a CPU that has the bits. */
static void test_xcr0_architectural_faults(void **state)
{
	static const __u64 bad[] = {
		0x0,		/* x87 cleared */
		0x2,		/* x87 cleared */
		0x5,		/* AVX without SSE */
		0xf,		/* BNDREGS without BNDCSR */
		0x17,		/* BNDCSR without BNDREGS */
		0x27,		/* opmask without ZMM_Hi256, Hi16_ZMM */
		0xc7,		/* AVX-512 incomplete */
		0xe3,		/* AVX-512 without AVX */
		0x20007,	/* XTILECFG without XTILEDATA */
		0x40007,	/* XTILEDATA without XTILECFG */
		0x200e7,
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (xcr0_valid(bad[i], XCR0_ALL))
			fail_msg("XCR0 0x%llx accepted", (unsigned long long)bad[i]);
}

/* No bit the CPU does not report, bit 63 (reserved) included. */
static void test_xcr0_unsupported_bits(void **state)
{
	(void)state;
	assert_false(xcr0_valid(0x7, 0x3));
	assert_false(xcr0_valid(0x60007, 0x7));
	assert_false(xcr0_valid(0x3 | 1ULL << 63, 0x3));
	assert_false(xcr0_valid(0x203, 0x3));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signature_leaf),
		cmocka_unit_test(test_other_hypervisor_leaves_zero),
		cmocka_unit_test(test_virtualization_hidden),
		cmocka_unit_test(test_hypervisor_bit_for_non_root_only),
		cmocka_unit_test(test_tsc_deadline_for_root_only),
		cmocka_unit_test(test_x2apic_for_cells_on_any_host),
		cmocka_unit_test(test_aperfmperf_for_root_only),
		cmocka_unit_test(test_tsc_adjust_for_root_only),
		cmocka_unit_test(test_osxsave_mirrors_guest_cr4),
		cmocka_unit_test(test_no_xsave_without_host_osxsave),
		cmocka_unit_test(test_other_leaves_untouched),
		cmocka_unit_test(test_xcr0_valid_values),
		cmocka_unit_test(test_xcr0_architectural_faults),
		cmocka_unit_test(test_xcr0_unsupported_bits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
