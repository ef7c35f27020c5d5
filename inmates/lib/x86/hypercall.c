// SPDX-License-Identifier: GPL-2.0
/*
 * Finding the hypervisor and calling it. CPUID leaf 0x40000000 answers
 * "Jailhouse" in EBX, ECX, EDX under our hypervisor (and Jailhouse's).
 * The hypercall instruction follows the virtualization extension of the
 * CPU vendor: VMMCALL on AMD and Hygon (SVM), VMCALL on everything else
 * (VMX: Intel, Zhaoxin, Centaur).
 */
#include <inmate.h>

static bool present;
static bool use_vmcall;

/* The 12 bytes of a CPUID signature: EBX, ECX, EDX of leaf. */
static bool cpuid_signature_is(u32 leaf, const char *signature)
{
	struct cpuid_regs regs = cpuid(leaf);
	u32 found[3] = { regs.ebx, regs.ecx, regs.edx };
	char expected[12] = { 0 };

	memcpy(expected, signature, strnlen(signature, sizeof(expected)));
	return !memcmp(found, expected, sizeof(found));
}

void hypervisor_detect(void)
{
	present = cpuid_signature_is(JAILHOUSE_CPUID_SIGNATURE, "Jailhouse");
	use_vmcall = !cpuid_signature_is(0, "AuthenticAMD") &&
		!cpuid_signature_is(0, "HygonGenuine");
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
