// SPDX-License-Identifier: GPL-2.0
/*
 * Event injection on VT-x by the VM-entry checks
 * (hypervisor/arch/x86/vmx-event.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <asm/processor.h>
#include <asm/vmx-event.h>
#include <asm/vmx.h>

#define HW_EXC		INTR_TYPE_HW_EXCEPTION
#define ERROR		INTR_INFO_ERROR_CODE
#define VALID		INTR_INFO_VALID
#define CR0_REAL	0x60000010ULL	/* after INIT: CD, NW, ET */
#define CR0_PROT	0x80050033ULL	/* Linux's: PG, AM, WP, NE, ET, MP, PE */

/* Deliver-error-code set in real mode fails the entry (SDM 26.2.1.3). */
static void test_real_mode_exception_has_no_error_code(void **state)
{
	static const unsigned int vectors[] = { 8, 10, 11, 12, 13, 14, 17 };
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		assert_int_equal(vmx_event_info(HW_EXC | vectors[i], CR0_REAL),
				 VALID | HW_EXC | vectors[i]);
		assert_int_equal(vmx_event_info(HW_EXC | ERROR | vectors[i],
						 CR0_REAL),
				 VALID | HW_EXC | vectors[i]);
	}
}

/* In protected mode exactly the exceptions that push one have one. */
static void test_protected_mode_error_code_by_vector(void **state)
{
	unsigned int vector;
	__u32 expect;

	(void)state;
	for (vector = 0; vector < 32; vector++) {
		expect = VALID | HW_EXC | vector;
		if (vector == 8 || (vector >= 10 && vector <= 14) ||
		    vector == 17 || vector == 21)
			expect |= ERROR;
		assert_int_equal(vmx_event_info(HW_EXC | vector, CR0_PROT),
				 expect);
		assert_int_equal(vmx_event_info(HW_EXC | ERROR | vector,
						CR0_PROT), expect);
	}
}

/* NMIs and interrupts never push an error code. */
static void test_other_types_have_no_error_code(void **state)
{
	(void)state;
	assert_int_equal(vmx_event_info(INTR_TYPE_NMI | ERROR | X86_VEC_NMI,
					CR0_PROT),
			 VALID | INTR_TYPE_NMI | X86_VEC_NMI);
	assert_int_equal(vmx_event_info(INTR_TYPE_SOFT_INTR | ERROR | 13,
					CR0_PROT),
			 VALID | INTR_TYPE_SOFT_INTR | 13);
	assert_int_equal(vmx_event_info(ERROR | 0x31, CR0_PROT), VALID | 0x31);
}

/*
 * Any blocking delays the NMI: STI blocking fails the entry of an NMI
 * on some processors (SDM 26.3.1.5), and an NMI in the shadow of STI
 * would break `sti; hlt`.
 */
static void test_nmi_waits_for_any_blocking(void **state)
{
	unsigned int bit;

	(void)state;
	assert_false(vmx_nmi_must_wait(0, 0));
	for (bit = 0; bit < 5; bit++)
		assert_true(vmx_nmi_must_wait(1U << bit, 0));
	assert_true(vmx_nmi_must_wait(INTERRUPTIBILITY_STI, 0));
	assert_true(vmx_nmi_must_wait(0, VALID | HW_EXC | 13));
	assert_false(vmx_nmi_must_wait(0, HW_EXC | 13));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_mode_exception_has_no_error_code),
		cmocka_unit_test(test_protected_mode_error_code_by_vector),
		cmocka_unit_test(test_other_types_have_no_error_code),
		cmocka_unit_test(test_nmi_waits_for_any_blocking),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
