// SPDX-License-Identifier: GPL-2.0
/*
 * Re-delivery of an event whose delivery an exit interrupted, and the
 * injection of intercepted #DB and #AC (hypervisor/arch/x86/svm-event.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <asm/processor.h>
#include <asm/svm-event.h>
#include <asm/svm.h>

#define V		SVM_EVENT_VALID
#define EXCEPTION	SVM_EVENT_TYPE_EXCEPTION
#define ERROR		SVM_EVENT_ERROR_VALID

/* Interrupts, NMIs and faults come again; nothing pending, nothing. */
static void test_redelivered(void **state)
{
	const __u64 interrupt = V | 0x31;
	const __u64 pf = V | EXCEPTION | ERROR | 14 | 0x2ULL << 32;

	(void)state;
	assert_int_equal(svm_event_redelivery(interrupt), interrupt);
	assert_int_equal(svm_event_redelivery(SVM_EVENT_INJECT_NMI),
			 SVM_EVENT_INJECT_NMI);
	assert_int_equal(svm_event_redelivery(pf), pf);
	assert_int_equal(svm_event_redelivery(V | EXCEPTION | X86_VEC_AC),
			 V | EXCEPTION | X86_VEC_AC);
	assert_int_equal(svm_event_redelivery(0x31), 0);
	assert_int_equal(svm_event_redelivery(0), 0);
}

/* INTn, INT3, INTO: executed again, not injected. */
static void test_software_events_rerun(void **state)
{
	(void)state;
	assert_int_equal(svm_event_redelivery(V | SVM_EVENT_TYPE_SOFT_INT |
					      0x80), 0);
	assert_int_equal(svm_event_redelivery(V | EXCEPTION | X86_VEC_BP), 0);
	assert_int_equal(svm_event_redelivery(V | EXCEPTION | X86_VEC_OF), 0);
}

static void test_exception_injected(void **state)
{
	(void)state;
	assert_int_equal(svm_event_exception(0, X86_VEC_DB, 0),
			 V | EXCEPTION | X86_VEC_DB);
	assert_int_equal(svm_event_exception(0, X86_VEC_AC, 0),
			 V | EXCEPTION | ERROR | X86_VEC_AC);
	/* #AC during the delivery of #AC (CVE-2015-5307): the first again. */
	assert_int_equal(svm_event_exception(V | EXCEPTION | ERROR |
					     X86_VEC_AC, X86_VEC_AC, 0),
			 V | EXCEPTION | ERROR | X86_VEC_AC);
	assert_int_equal(svm_event_exception(V | 0x31, X86_VEC_DB, 0),
			 V | 0x31);
}

/* #GP(0): an error code in protected mode only. */
static void test_gp(void **state)
{
	(void)state;
	assert_int_equal(svm_event_gp(0x80050033), V | EXCEPTION | ERROR | 13);
	assert_int_equal(svm_event_gp(0x60000010), V | EXCEPTION | 13);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_redelivered),
		cmocka_unit_test(test_software_events_rerun),
		cmocka_unit_test(test_exception_injected),
		cmocka_unit_test(test_gp),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
