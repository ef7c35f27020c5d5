// SPDX-License-Identifier: GPL-2.0
#include <stddef.h>
#include <jailhouse/arch.h>
#include <jailhouse/errno.h>
#include <asm/processor.h>
#include <asm/vcpu.h>

static const struct vcpu_vendor_ops *vendor;

static const struct vcpu_vendor_ops *vendor_by_cpuid(void)
{
	struct cpuid_regs r;

	cpuid(0, 0, &r);
	/* "GenuineIntel" is spread over EBX, EDX, ECX: "Genu" "ineI" "ntel". */
	if (r.ebx == 0x756e6547 && r.edx == 0x49656e69 && r.ecx == 0x6c65746e)
		return &vmx_ops;
	/* "AuthenticAMD" */
	if (r.ebx == 0x68747541 && r.edx == 0x69746e65 && r.ecx == 0x444d4163)
		return &svm_ops;
	return NULL;
}

int arch_cpu_probe(void)
{
	const struct vcpu_vendor_ops *found = vendor_by_cpuid();

	if (!found)
		return -ENODEV;
	vendor = found;
	return vendor->probe();
}
