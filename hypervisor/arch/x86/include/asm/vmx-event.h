/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Event injection on VT-x by the VM-entry checks (Intel SDM vol. 3,
 * 26.2.1.3 and 26.3.1.5), as pure functions of the VMCS fields read
 * (vmx-event.c), host-tested; the formats are asm/vmx.h's INTR_*.
 */
#ifndef _ASM_VMX_EVENT_H
#define _ASM_VMX_EVENT_H

#include <stdbool.h>
#include <jailhouse/types.h>

/**
 * The VM-entry interruption-information field that delivers event
 * @info (its vector and type; its valid and deliver-error-code bits are
 * ignored) to a guest whose CR0 field is @guest_cr0: valid, and with an
 * error code if and only if a hardware exception that pushes one is
 * delivered in protected mode (with unrestricted guest, a real-mode
 * guest gets none; any other value fails the VM entry).
 */
__u32 vmx_event_info(__u32 info, __u64 guest_cr0);

/**
 * Whether an NMI for the guest has to wait for the NMI-window exit:
 * the guest's @interruptibility blocks it, or @entry_info (the VM-entry
 * interruption-information field) already holds an event.
 */
bool vmx_nmi_must_wait(__u32 interruptibility, __u32 entry_info);

#endif /* !_ASM_VMX_EVENT_H */
