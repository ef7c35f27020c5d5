/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hypercalls from the loader, by the ABI of include/jailhouse/hypercall.h:
 * code in EAX, arguments in RDI and RSI, result in RAX.
 *
 * Only valid while the hypervisor runs beneath the calling CPU: natively,
 * VMCALL and VMMCALL raise #UD. Callers hold the loader's enable lock and
 * have checked that the hypervisor is enabled.
 */
#ifndef _JAILHOUSE_MODULE_HYPERCALL_H
#define _JAILHOUSE_MODULE_HYPERCALL_H

#include <asm/processor.h>
#include <jailhouse/hypercall.h>

static inline bool jailhouse_cpu_is_amd(void)
{
	return boot_cpu_data.x86_vendor == X86_VENDOR_AMD ||
	       boot_cpu_data.x86_vendor == X86_VENDOR_HYGON;
}

static inline long jailhouse_call(unsigned long code, unsigned long arg1,
				  unsigned long arg2)
{
	long ret;

	if (jailhouse_cpu_is_amd())
		asm volatile("vmmcall"
			     : "=a" (ret)
			     : "a" (code), "D" (arg1), "S" (arg2)
			     : "memory");
	else
		asm volatile("vmcall"
			     : "=a" (ret)
			     : "a" (code), "D" (arg1), "S" (arg2)
			     : "memory");
	return ret;
}

#endif /* !_JAILHOUSE_MODULE_HYPERCALL_H */
