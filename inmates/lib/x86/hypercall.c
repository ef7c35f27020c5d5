// SPDX-License-Identifier: GPL-2.0
/*
 * Finding the hypervisor and calling it. CPUID leaf 0x40000000 answers
 * "Jailhouse" in EBX, ECX, EDX under our hypervisor (and Jailhouse's);
 * VMCALL is Intel's hypercall instruction, VMMCALL AMD's (and Hygon's).
 */
#include <inmate.h>

#define CPUID_VENDOR_INTEL_EBX	0x756e6547	/* "Genu" */

static bool present;
static bool use_vmcall;

void hypervisor_detect(void)
{
	static const char signature[12] = "Jailhouse";
	struct cpuid_regs regs = cpuid(JAILHOUSE_CPUID_SIGNATURE);
	u32 found[3] = { regs.ebx, regs.ecx, regs.edx };

	present = !memcmp(found, signature, sizeof(found));
	use_vmcall = cpuid(0).ebx == CPUID_VENDOR_INTEL_EBX;
}

bool hypervisor_present(void)
{
	return present;
}

long jailhouse_call(u32 code, unsigned long arg1, unsigned long arg2)
{
	long result;

	if (use_vmcall)
		asm volatile("vmcall" : "=a" (result)
			     : "a" ((unsigned long)code), "D" (arg1), "S" (arg2)
			     : "memory");
	else
		asm volatile("vmmcall" : "=a" (result)
			     : "a" ((unsigned long)code), "D" (arg1), "S" (arg2)
			     : "memory");
	return result;
}
