// SPDX-License-Identifier: GPL-2.0
/* Intel VT-x backend. */
#include <jailhouse/errno.h>
#include <asm/processor.h>
#include <asm/vcpu.h>

#define CPUID_FEATURES			0x1
#define CPUID_ECX_VMX			(1U << 5)

#define MSR_IA32_FEATURE_CONTROL	0x3a
#define FEATURE_CONTROL_LOCKED		(1ULL << 0)
#define FEATURE_CONTROL_VMXON_OUTSIDE_SMX (1ULL << 2)

#define MSR_IA32_VMX_PROCBASED_CTLS	0x482
#define MSR_IA32_VMX_PROCBASED_CTLS2	0x48b
/* "Allowed-1" settings live in the upper half of the capability MSRs. */
#define CTLS_ALLOWED1(msr)		((__u32)(read_msr(msr) >> 32))
#define PROC_CTLS_IO_BITMAPS		(1U << 25)
#define PROC_CTLS_MSR_BITMAPS		(1U << 28)
#define PROC_CTLS_SECONDARY		(1U << 31)
#define PROC_CTLS2_EPT			(1U << 1)

static int vmx_probe(void)
{
	__u32 need = PROC_CTLS_IO_BITMAPS | PROC_CTLS_MSR_BITMAPS |
		     PROC_CTLS_SECONDARY;
	struct cpuid_regs r;
	__u64 feature_control;

	cpuid(CPUID_FEATURES, 0, &r);
	if (!(r.ecx & CPUID_ECX_VMX))
		return -ENODEV;
	/* Locked without VMXON permission means firmware turned VMX off. */
	feature_control = read_msr(MSR_IA32_FEATURE_CONTROL);
	if ((feature_control & FEATURE_CONTROL_LOCKED) &&
	    !(feature_control & FEATURE_CONTROL_VMXON_OUTSIDE_SMX))
		return -ENODEV;
	if ((CTLS_ALLOWED1(MSR_IA32_VMX_PROCBASED_CTLS) & need) != need)
		return -ENODEV;
	/* Without EPT there is no memory isolation. */
	if (!(CTLS_ALLOWED1(MSR_IA32_VMX_PROCBASED_CTLS2) & PROC_CTLS2_EPT))
		return -ENODEV;
	return 0;
}

const struct vcpu_vendor_ops vmx_ops = {
	.name = "vmx",
	.probe = vmx_probe,
};
