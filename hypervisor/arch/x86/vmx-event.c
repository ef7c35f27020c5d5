// SPDX-License-Identifier: GPL-2.0
/*
 * Event injection on VT-x (asm/vmx-event.h); plain logic, also built for
 * the host.
 */
#include <asm/processor.h>
#include <asm/vmx-event.h>
#include <asm/vmx.h>

#define X86_VEC_CP		21
/* #DF, #TS, #NP, #SS, #GP, #PF, #AC, #CP */
#define ERROR_CODE_VECTORS	((1U << X86_VEC_DF) | (0x1fU << 10) | \
				 (1U << X86_VEC_AC) | (1U << X86_VEC_CP))

static bool pushes_error_code(__u32 info, __u64 guest_cr0)
{
	__u32 vector = info & INTR_INFO_VECTOR_MASK;

	return (info & INTR_INFO_TYPE_MASK) == INTR_TYPE_HW_EXCEPTION &&
	       vector < 32 && (ERROR_CODE_VECTORS >> vector & 1) &&
	       (guest_cr0 & X86_CR0_PE);
}

__u32 vmx_event_info(__u32 info, __u64 guest_cr0)
{
	__u32 event = info & (INTR_INFO_VECTOR_MASK | INTR_INFO_TYPE_MASK);

	if (pushes_error_code(info, guest_cr0))
		event |= INTR_INFO_ERROR_CODE;
	return event | INTR_INFO_VALID;
}

/*
 * Blocking by STI, MOV SS, SMI, NMI or enclave (bits 0-4): an NMI
 * injected under STI blocking fails the VM entry on some processors.
 */
bool vmx_nmi_must_wait(__u32 interruptibility, __u32 entry_info)
{
	return interruptibility || entry_info & INTR_INFO_VALID;
}
