/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 virtualization backends.
 *
 * AMD-V (svm.c) and VT-x (vmx.c) each provide one constant instance of
 * struct vcpu_vendor_ops. Both are linked into the one hypervisor image;
 * arch_cpu_probe() picks the one the CPU supports. A single image keeps
 * one signed artifact and one firmware name for every machine, at the price
 * of the unused backend's few kilobytes in the image.
 */
#ifndef _ASM_VCPU_H
#define _ASM_VCPU_H

#include <jailhouse/types.h>

struct per_cpu;

struct vcpu_vendor_ops {
	/** Short name for logs: "svm" or "vmx". */
	const char *name;
	/**
	 * Whether this CPU offers the backend's extension with everything
	 * isolation depends on (nested paging, I/O and MSR intercepts).
	 * Return: 0 or -ENODEV.
	 */
	int (*probe)(void);
};

extern const struct vcpu_vendor_ops svm_ops;
extern const struct vcpu_vendor_ops vmx_ops;

#endif /* !_ASM_VCPU_H */
