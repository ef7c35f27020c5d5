// SPDX-License-Identifier: GPL-2.0
/*
 * Finding the hypervisor and calling it. CPUID leaf 0x40000000 answers
 * "Jailhouse" in EBX, ECX, EDX under our hypervisor (and Jailhouse's);
 * leaf 0 spells the CPU vendor in EBX, EDX, ECX.
 * The hypercall instruction follows the virtualization extension of the
 * CPU vendor: VMMCALL on AMD and Hygon (SVM), VMCALL on everything else
 * (VMX: Intel, Zhaoxin, Centaur).
 */
#include <inmate.h>

static bool present;
static bool use_vmcall;

/* Whether the 12 bytes in @a, @b, @c spell @signature (NUL-padded). */
static bool signature_is(u32 a, u32 b, u32 c, const char *signature)
{
	u32 found[3] = { a, b, c };
	char expected[12] = { 0 };

	memcpy(expected, signature, strnlen(signature, sizeof(expected)));
	return !memcmp(found, expected, sizeof(expected));
}

static bool hypervisor_signature_is(const char *signature)
{
	struct cpuid_regs regs;

	cpuid(JAILHOUSE_CPUID_SIGNATURE, 0, &regs);
	return signature_is(regs.ebx, regs.ecx, regs.edx, signature);
}

static bool vendor_is(const char *vendor)
{
	struct cpuid_regs regs;

	cpuid(0, 0, &regs);
	return signature_is(regs.ebx, regs.edx, regs.ecx, vendor);
}

void hypervisor_detect(void)
{
	present = hypervisor_signature_is("Jailhouse");
	use_vmcall = !vendor_is("AuthenticAMD") && !vendor_is("HygonGenuine");
}

bool hypervisor_present(void)
{
	return present;
}

long jailhouse_call(unsigned long code, unsigned long arg1, unsigned long arg2)
{
	long result;

	if (use_vmcall)
		asm volatile("vmcall" : "=a" (result)
			     : "a" (code), "D" (arg1), "S" (arg2)
			     : "memory");
	else
		asm volatile("vmmcall" : "=a" (result)
			     : "a" (code), "D" (arg1), "S" (arg2)
			     : "memory");
	return result;
}
