// SPDX-License-Identifier: GPL-2.0
/*
 * Which statistic a VM exit counts in; see asm/exit-stats.h.
 *
 * Management: the hypervisor's own signals to a CPU arrive as NMI or INIT
 * exits, so those count as MANAGEMENT; other interrupts as INTERRUPT.
 * Nested-paging faults on the xAPIC page count as XAPIC, others as MMIO.
 */
#include <jailhouse/hypercall.h>
#include <asm/exit-stats.h>
#include <asm/msrpm.h>
#include <asm/vmx.h>

#define XAPIC_PAGE		0xfee00000ULL
#define PAGE_MASK_4K		(~0xfffULL)

/* AMD APM vol. 2, appendix C "SVM Intercept Exit Codes". */
#define SVM_EXIT_CR_LAST	0x1f	/* CR0-15 reads, then writes */
#define SVM_EXIT_EXCP_FIRST	0x40
#define SVM_EXIT_EXCP_LAST	0x5f
#define SVM_EXIT_INTR		0x60
#define SVM_EXIT_NMI		0x61
#define SVM_EXIT_SMI		0x62
#define SVM_EXIT_INIT		0x63
#define SVM_EXIT_CR0_SEL_WRITE	0x65
#define SVM_EXIT_CPUID		0x72
#define SVM_EXIT_IOIO		0x7b
#define SVM_EXIT_MSR		0x7c
#define SVM_EXIT_VMMCALL	0x81
#define SVM_EXIT_XSETBV		0x8d
#define SVM_EXIT_NPF		0x400

static unsigned int msr_stat(__u64 msr)
{
	return (__u32)msr == MSR_X2APIC_ICR ?
		JAILHOUSE_CPU_STAT_VMEXITS_MSR_X2APIC_ICR :
		JAILHOUSE_CPU_STAT_VMEXITS_MSR_OTHER;
}

static unsigned int paging_fault_stat(__u64 gpa)
{
	return (gpa & PAGE_MASK_4K) == XAPIC_PAGE ?
		JAILHOUSE_CPU_STAT_VMEXITS_XAPIC :
		JAILHOUSE_CPU_STAT_VMEXITS_MMIO;
}

static unsigned int svm_fixed_stat(__u64 exit_code)
{
	switch (exit_code) {
	case SVM_EXIT_INTR:
	case SVM_EXIT_SMI:
		return JAILHOUSE_CPU_STAT_VMEXITS_INTERRUPT;
	case SVM_EXIT_NMI:
	case SVM_EXIT_INIT:
		return JAILHOUSE_CPU_STAT_VMEXITS_MANAGEMENT;
	case SVM_EXIT_CR0_SEL_WRITE:
		return JAILHOUSE_CPU_STAT_VMEXITS_CR;
	case SVM_EXIT_CPUID:
		return JAILHOUSE_CPU_STAT_VMEXITS_CPUID;
	case SVM_EXIT_IOIO:
		return JAILHOUSE_CPU_STAT_VMEXITS_PIO;
	case SVM_EXIT_VMMCALL:
		return JAILHOUSE_CPU_STAT_VMEXITS_HYPERCALL;
	case SVM_EXIT_XSETBV:
		return JAILHOUSE_CPU_STAT_VMEXITS_XSETBV;
	default:
		return JAILHOUSE_CPU_STAT_VMEXITS_OTHER;
	}
}

unsigned int svm_exit_stat(__u64 exit_code, __u64 detail)
{
	if (exit_code <= SVM_EXIT_CR_LAST)
		return JAILHOUSE_CPU_STAT_VMEXITS_CR;
	if (exit_code >= SVM_EXIT_EXCP_FIRST &&
	    exit_code <= SVM_EXIT_EXCP_LAST)
		return JAILHOUSE_CPU_STAT_VMEXITS_EXCEPTION;
	if (exit_code == SVM_EXIT_MSR)
		return msr_stat(detail);
	if (exit_code == SVM_EXIT_NPF)
		return paging_fault_stat(detail);
	return svm_fixed_stat(exit_code);
}

unsigned int vmx_exit_stat(__u32 exit_reason, __u64 detail)
{
	switch (exit_reason & 0xffff) {
	case VMX_EXIT_EXCEPTION_NMI:
		return JAILHOUSE_CPU_STAT_VMEXITS_EXCEPTION;
	case VMX_EXIT_EXT_INTR:
		return JAILHOUSE_CPU_STAT_VMEXITS_INTERRUPT;
	case VMX_EXIT_INIT:
	case VMX_EXIT_SIPI:
		return JAILHOUSE_CPU_STAT_VMEXITS_MANAGEMENT;
	case VMX_EXIT_CPUID:
		return JAILHOUSE_CPU_STAT_VMEXITS_CPUID;
	case VMX_EXIT_VMCALL:
		return JAILHOUSE_CPU_STAT_VMEXITS_HYPERCALL;
	case VMX_EXIT_CR_ACCESS:
		return JAILHOUSE_CPU_STAT_VMEXITS_CR;
	case VMX_EXIT_IO:
		return JAILHOUSE_CPU_STAT_VMEXITS_PIO;
	case VMX_EXIT_RDMSR:
	case VMX_EXIT_WRMSR:
		return msr_stat(detail);
	case VMX_EXIT_APIC_ACCESS:
		return JAILHOUSE_CPU_STAT_VMEXITS_XAPIC;
	case VMX_EXIT_EPT_VIOLATION:
		return paging_fault_stat(detail);
	case VMX_EXIT_XSETBV:
		return JAILHOUSE_CPU_STAT_VMEXITS_XSETBV;
	default:
		return JAILHOUSE_CPU_STAT_VMEXITS_OTHER;
	}
}
