// SPDX-License-Identifier: GPL-2.0
/*
 * Event re-delivery and exception injection on AMD-V (asm/svm-event.h); plain
 * logic, also built for the host.
 */
#include <asm/processor.h>
#include <asm/svm-event.h>
#include <asm/svm.h>

__u64 svm_event_redelivery(__u64 exit_int_info)
{
	__u32 type = exit_int_info & SVM_EVENT_TYPE_MASK;
	__u32 vector = exit_int_info & SVM_EVENT_VECTOR;

	if (!(exit_int_info & SVM_EVENT_VALID) ||
	    type == SVM_EVENT_TYPE_SOFT_INT)
		return 0;
	if (type == SVM_EVENT_TYPE_EXCEPTION &&
	    (vector == X86_VEC_BP || vector == X86_VEC_OF))
		return 0;
	return exit_int_info;
}

__u64 svm_event_exception(__u64 pending, unsigned int vector,
			  __u64 error_code)
{
	__u64 event = SVM_EVENT_VALID | SVM_EVENT_TYPE_EXCEPTION | vector;

	if (pending & SVM_EVENT_VALID)
		return pending;
	/* Of the two, only #AC pushes an error code (always 0). */
	if (vector == X86_VEC_AC)
		event |= SVM_EVENT_ERROR_VALID | error_code << 32;
	return event;
}

__u64 svm_event_gp(__u64 guest_cr0)
{
	__u64 event = SVM_EVENT_VALID | SVM_EVENT_TYPE_EXCEPTION | X86_VEC_GP;

	if (guest_cr0 & X86_CR0_PE)
		event |= SVM_EVENT_ERROR_VALID;
	return event;
}
