// SPDX-License-Identifier: GPL-2.0
/* AMD-V backend. */
#include <jailhouse/errno.h>
#include <asm/processor.h>
#include <asm/vcpu.h>

#define CPUID_EXT_FEATURES		0x80000001
#define CPUID_EXT_ECX_SVM		(1U << 2)
#define CPUID_SVM_FEATURES		0x8000000a
#define CPUID_SVM_EDX_NPT		(1U << 0)

#define MSR_VM_CR			0xc0010114
#define VM_CR_SVMDIS			(1ULL << 4)

static int svm_probe(void)
{
	struct cpuid_regs r;

	cpuid(CPUID_EXT_FEATURES, 0, &r);
	if (!(r.ecx & CPUID_EXT_ECX_SVM))
		return -ENODEV;
	/* Firmware can lock SVM off; EFER.SVME would then fault. */
	if (read_msr(MSR_VM_CR) & VM_CR_SVMDIS)
		return -ENODEV;
	/* Without nested paging there is no memory isolation. */
	cpuid(CPUID_SVM_FEATURES, 0, &r);
	if (!(r.edx & CPUID_SVM_EDX_NPT))
		return -ENODEV;
	return 0;
}

const struct vcpu_vendor_ops svm_ops = {
	.name = "svm",
	.probe = svm_probe,
};
