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
	struct cpuid_regs r = ask(0x7, &inmate);

	(void)state;
	assert_memory_equal(&r, &all_ones, sizeof(r));
	r = ask(0, &root);
	assert_memory_equal(&r, &all_ones, sizeof(r));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signature_leaf),
		cmocka_unit_test(test_other_hypervisor_leaves_zero),
		cmocka_unit_test(test_virtualization_hidden),
		cmocka_unit_test(test_hypervisor_bit_for_non_root_only),
		cmocka_unit_test(test_tsc_deadline_for_root_only),
		cmocka_unit_test(test_osxsave_mirrors_guest_cr4),
		cmocka_unit_test(test_no_xsave_without_host_osxsave),
		cmocka_unit_test(test_other_leaves_untouched),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
