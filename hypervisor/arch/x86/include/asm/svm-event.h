/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Event re-delivery and exception injection on AMD-V (svm-event.c),
 * host-tested; the formats are asm/svm.h's SVM_EVENT_*.
 */
#ifndef _ASM_SVM_EVENT_H
#define _ASM_SVM_EVENT_H

#include <jailhouse/types.h>

/**
 * What to inject after an exit that interrupted the delivery of event
 * @exit_int_info (EXITINTINFO): the event again, or 0 (nothing was being
 * delivered, or INTn, INT3, INTO, which run again instead: RIP still
 * points at the instruction, and injecting them needs NRIPS for the
 * return address). Without it, an interrupt the CPU already took from
 * the APIC would be lost. svm-event.c, host-tested.
 */
__u64 svm_event_redelivery(__u64 exit_int_info);

/**
 * The EVENTINJ that delivers an intercepted exception @vector (#DB or
 * #AC, with @error_code from EXITINFO1 for #AC) to the guest, given the
 * re-delivery @pending from svm_event_redelivery(): that event wins, and
 * raises the exception anew. A delivery that faults for ever thus still
 * exits each round.
 */
__u64 svm_event_exception(__u64 pending, unsigned int vector,
			  __u64 error_code);

/**
 * The EVENTINJ of #GP(0) for a guest whose CR0 is @guest_cr0: with an
 * error code in protected mode, none in real mode, as natively.
 */
__u64 svm_event_gp(__u64 guest_cr0);

#endif /* !_ASM_SVM_EVENT_H */
