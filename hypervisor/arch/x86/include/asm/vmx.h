/* SPDX-License-Identifier: GPL-2.0 */
/*
 * VT-x definitions (Intel SDM vol. 3): capability MSRs, VMCS field
 * encodings (appendix B), controls, exit reasons (appendix C) and the
 * exit qualifications this hypervisor decodes.
 */
#ifndef _ASM_VMX_H
#define _ASM_VMX_H

#include <stdbool.h>
#include <jailhouse/types.h>

#define MSR_IA32_FEATURE_CONTROL	0x3a
#define FEATURE_CONTROL_LOCKED		(1ULL << 0)
#define FEATURE_CONTROL_VMXON_OUTSIDE_SMX (1ULL << 2)

#define MSR_IA32_SYSENTER_CS		0x174
#define MSR_IA32_SYSENTER_ESP		0x175
#define MSR_IA32_SYSENTER_EIP		0x176
#define MSR_IA32_DEBUGCTL		0x1d9
#define MSR_FS_BASE			0xc0000100
#define MSR_GS_BASE			0xc0000101
#define MSR_STAR			0xc0000081
#define MSR_LSTAR			0xc0000082
#define MSR_CSTAR			0xc0000083
#define MSR_SFMASK			0xc0000084
#define MSR_KERNEL_GS_BASE		0xc0000102

#define MSR_IA32_VMX_BASIC		0x480
#define VMX_BASIC_REVISION_MASK		0x7fffffffULL
#define VMX_BASIC_TRUE_CTLS		(1ULL << 55)
#define MSR_IA32_VMX_PINBASED_CTLS	0x481
#define MSR_IA32_VMX_PROCBASED_CTLS	0x482
#define MSR_IA32_VMX_EXIT_CTLS		0x483
#define MSR_IA32_VMX_ENTRY_CTLS		0x484
#define MSR_IA32_VMX_CR0_FIXED0		0x486
#define MSR_IA32_VMX_CR0_FIXED1		0x487
#define MSR_IA32_VMX_CR4_FIXED0		0x488
#define MSR_IA32_VMX_CR4_FIXED1		0x489
#define MSR_IA32_VMX_PROCBASED_CTLS2	0x48b
#define MSR_IA32_VMX_EPT_VPID_CAP	0x48c
/* The TRUE_* variants follow their plain ones at this distance. */
#define MSR_IA32_VMX_TRUE_OFFSET	(0x48d - 0x481)

/* IA32_VMX_EPT_VPID_CAP */
#define EPT_CAP_WALK_4			(1ULL << 6)
#define EPT_CAP_WB			(1ULL << 14)
#define EPT_CAP_INVEPT			(1ULL << 20)
#define EPT_CAP_INVEPT_SINGLE		(1ULL << 25)
#define VPID_CAP_INVVPID		(1ULL << 32)
#define VPID_CAP_INVVPID_SINGLE		(1ULL << 41)

#define X86_CR0_NE			(1UL << 5)
#define X86_CR4_VMXE			(1UL << 13)
#define EFER_LME			(1ULL << 8)

/* 16-bit fields. */
#define VPID				0x0000
#define GUEST_ES_SELECTOR		0x0800
#define GUEST_TR_SELECTOR		0x080e
#define HOST_ES_SELECTOR		0x0c00
#define HOST_CS_SELECTOR		0x0c02
#define HOST_SS_SELECTOR		0x0c04
#define HOST_DS_SELECTOR		0x0c06
#define HOST_FS_SELECTOR		0x0c08
#define HOST_GS_SELECTOR		0x0c0a
#define HOST_TR_SELECTOR		0x0c0c
/* 64-bit fields. */
#define IO_BITMAP_A			0x2000
#define IO_BITMAP_B			0x2002
#define MSR_BITMAP			0x2004
#define EPT_POINTER			0x201a
#define XSS_EXITING_BITMAP		0x202c
#define GUEST_PHYSICAL_ADDRESS		0x2400
#define VMCS_LINK_POINTER		0x2800
#define GUEST_IA32_DEBUGCTL		0x2802
#define GUEST_IA32_PAT			0x2804
#define GUEST_IA32_EFER			0x2806
#define GUEST_PDPTE0			0x280a	/* PDPTE n: + 2 * n */
#define HOST_IA32_PAT			0x2c00
#define HOST_IA32_EFER			0x2c02
/* 32-bit fields. */
#define PIN_BASED_CTLS			0x4000
#define PROC_BASED_CTLS			0x4002
#define EXCEPTION_BITMAP		0x4004
#define CR3_TARGET_COUNT		0x400a
#define VM_EXIT_CTLS			0x400c
#define VM_EXIT_MSR_STORE_COUNT		0x400e
#define VM_EXIT_MSR_LOAD_COUNT		0x4010
#define VM_ENTRY_CTLS			0x4012
#define VM_ENTRY_MSR_LOAD_COUNT		0x4014
#define VM_ENTRY_INTR_INFO		0x4016
#define VM_ENTRY_EXCEPTION_ERROR	0x4018
#define VM_ENTRY_INSTRUCTION_LEN	0x401a
#define SECONDARY_CTLS			0x401e
#define VM_INSTRUCTION_ERROR		0x4400
#define VM_EXIT_REASON			0x4402
#define VM_EXIT_INTR_INFO		0x4404
#define VM_EXIT_INTR_ERROR		0x4406
#define IDT_VECTORING_INFO		0x4408
#define IDT_VECTORING_ERROR		0x440a
#define VM_EXIT_INSTRUCTION_LEN		0x440c
#define GUEST_ES_LIMIT			0x4800
#define GUEST_GDTR_LIMIT		0x4810
#define GUEST_IDTR_LIMIT		0x4812
#define GUEST_ES_AR			0x4814
#define GUEST_INTERRUPTIBILITY		0x4824
#define GUEST_ACTIVITY_STATE		0x4826
#define GUEST_SYSENTER_CS		0x482a
#define HOST_SYSENTER_CS		0x4c00
/* Natural-width fields. */
#define CR0_GUEST_HOST_MASK		0x6000
#define CR4_GUEST_HOST_MASK		0x6002
#define CR0_READ_SHADOW			0x6004
#define CR4_READ_SHADOW			0x6006
#define EXIT_QUALIFICATION		0x6400
#define GUEST_CR0			0x6800
#define GUEST_CR3			0x6802
#define GUEST_CR4			0x6804
#define GUEST_ES_BASE			0x6806
#define GUEST_GDTR_BASE			0x6816
#define GUEST_IDTR_BASE			0x6818
#define GUEST_DR7			0x681a
#define GUEST_RSP			0x681c
#define GUEST_RIP			0x681e
#define GUEST_RFLAGS			0x6820
#define GUEST_PENDING_DBG_EXCEPTIONS	0x6822
#define GUEST_SYSENTER_ESP		0x6824
#define GUEST_SYSENTER_EIP		0x6826
#define HOST_CR0			0x6c00
#define HOST_CR3			0x6c02
#define HOST_CR4			0x6c04
#define HOST_FS_BASE			0x6c06
#define HOST_GS_BASE			0x6c08
#define HOST_TR_BASE			0x6c0a
#define HOST_GDTR_BASE			0x6c0c
#define HOST_IDTR_BASE			0x6c0e
#define HOST_SYSENTER_ESP		0x6c10
#define HOST_SYSENTER_EIP		0x6c12
#define HOST_RSP			0x6c14
#define HOST_RIP			0x6c16

/*
 * Guest segment n (ES, CS, SS, DS, FS, GS, LDTR, TR in this order):
 * each kind of field is an array with a stride of 2.
 */
enum vmx_seg { SEG_ES, SEG_CS, SEG_SS, SEG_DS, SEG_FS, SEG_GS, SEG_LDTR,
	       SEG_TR };
#define GUEST_SEG_SELECTOR(n)		(GUEST_ES_SELECTOR + 2 * (n))
#define GUEST_SEG_LIMIT(n)		(GUEST_ES_LIMIT + 2 * (n))
#define GUEST_SEG_AR(n)			(GUEST_ES_AR + 2 * (n))
#define GUEST_SEG_BASE(n)		(GUEST_ES_BASE + 2 * (n))

/* Segment access rights. */
#define VMX_AR_CODE64			0xa09b	/* G, L, P, S, exec/read */
#define VMX_AR_DATA			0xc093	/* G, D/B, P, S, read/write */
#define VMX_AR_TSS_BUSY			0x008b	/* P, busy 64/32-bit TSS */
#define VMX_AR_REAL_CODE		0x009b
#define VMX_AR_REAL_DATA		0x0093
#define VMX_AR_LDT			0x0082
#define VMX_AR_LONG			(1U << 13)
#define VMX_AR_DPL_SHIFT		5
#define VMX_AR_UNUSABLE			(1U << 16)

/* Pin-based controls. */
#define PIN_NMI_EXITING			(1U << 3)
#define PIN_VIRTUAL_NMIS		(1U << 5)
/* Primary processor-based controls. */
#define PROC_NMI_WINDOW			(1U << 22)
#define PROC_IO_BITMAPS			(1U << 25)
#define PROC_MSR_BITMAPS		(1U << 28)
#define PROC_SECONDARY			(1U << 31)
/* Secondary processor-based controls. */
#define PROC2_EPT			(1U << 1)
#define PROC2_RDTSCP			(1U << 3)
#define PROC2_VPID			(1U << 5)
#define PROC2_WBINVD			(1U << 6)
#define PROC2_UNRESTRICTED		(1U << 7)
#define PROC2_INVPCID			(1U << 12)
#define PROC2_XSAVES			(1U << 20)
/* VM-exit controls. */
#define EXIT_SAVE_DEBUG			(1U << 2)
#define EXIT_HOST_64BIT			(1U << 9)
#define EXIT_SAVE_PAT			(1U << 18)
#define EXIT_LOAD_PAT			(1U << 19)
#define EXIT_SAVE_EFER			(1U << 20)
#define EXIT_LOAD_EFER			(1U << 21)
/* VM-entry controls. */
#define ENTRY_LOAD_DEBUG		(1U << 2)
#define ENTRY_IA32E_GUEST		(1U << 9)
#define ENTRY_LOAD_PAT			(1U << 14)
#define ENTRY_LOAD_EFER			(1U << 15)

/* EPTP: write-back tables, walk length - 1 in bits 5:3. */
#define EPTP_WB				6ULL
#define EPTP_WALK_SHIFT			3

/* Event information (exit interruption, IDT vectoring, entry). */
#define INTR_INFO_VECTOR_MASK		0xffU
#define INTR_INFO_TYPE_SHIFT		8
#define INTR_INFO_TYPE_MASK		(7U << INTR_INFO_TYPE_SHIFT)
#define INTR_TYPE_NMI			(2U << INTR_INFO_TYPE_SHIFT)
#define INTR_TYPE_HW_EXCEPTION		(3U << INTR_INFO_TYPE_SHIFT)
#define INTR_TYPE_SOFT_INTR		(4U << INTR_INFO_TYPE_SHIFT)
#define INTR_INFO_ERROR_CODE		(1U << 11)
#define INTR_INFO_NMI_UNBLOCKED		(1U << 12)
#define INTR_INFO_VALID			(1U << 31)

/* Guest interruptibility: blocking by STI, MOV SS, (virtual) NMI. */
#define INTERRUPTIBILITY_STI		(1U << 0)
#define INTERRUPTIBILITY_MOV_SS		(1U << 1)
#define INTERRUPTIBILITY_NMI		(1U << 3)

#define ACTIVITY_ACTIVE			0

/* Basic exit reasons (bits 15:0); bit 31: the VM entry failed. */
#define VMX_EXIT_REASON_MASK		0xffffU
#define VMX_EXIT_ENTRY_FAILED		(1U << 31)
#define VMX_EXIT_EXCEPTION_NMI		0
#define VMX_EXIT_EXT_INTR		1
#define VMX_EXIT_TRIPLE_FAULT		2
#define VMX_EXIT_INIT			3
#define VMX_EXIT_SIPI			4
#define VMX_EXIT_NMI_WINDOW		8
#define VMX_EXIT_CPUID			10
#define VMX_EXIT_INVD			13
#define VMX_EXIT_VMCALL			18
#define VMX_EXIT_CR_ACCESS		28
#define VMX_EXIT_IO			30
#define VMX_EXIT_RDMSR			31
#define VMX_EXIT_WRMSR			32
#define VMX_EXIT_INVALID_GUEST_STATE	33
#define VMX_EXIT_APIC_ACCESS		44
#define VMX_EXIT_EPT_VIOLATION		48
#define VMX_EXIT_WBINVD			54
#define VMX_EXIT_XSETBV			55

/* Exit qualification of CR accesses. */
#define CR_QUAL_NUM_MASK		0xfULL
#define CR_QUAL_TYPE_SHIFT		4
#define CR_QUAL_TYPE_MASK		(3ULL << CR_QUAL_TYPE_SHIFT)
#define CR_QUAL_MOV_TO			0
#define CR_QUAL_REG_SHIFT		8
#define CR_QUAL_REG_MASK		(0xfULL << CR_QUAL_REG_SHIFT)
#define CR_QUAL_REG_RSP			4

/* Exit qualification of I/O instructions. */
#define IO_QUAL_SIZE_MASK		7ULL
#define IO_QUAL_IN			(1ULL << 3)
#define IO_QUAL_STRING			(1ULL << 4)
#define IO_QUAL_REP			(1ULL << 5)
#define IO_QUAL_PORT_SHIFT		16

/*
 * Exit qualification of EPT violations: a write; an instruction fetch;
 * the guest linear address is valid, and then whether the access was to
 * the translated address (else to the guest's own page tables).
 */
#define EPT_QUAL_WRITE			(1ULL << 1)
#define EPT_QUAL_FETCH			(1ULL << 2)
#define EPT_QUAL_LINEAR_VALID		(1ULL << 7)
#define EPT_QUAL_TRANSLATED		(1ULL << 8)

/* VM-instruction errors the log names. */
#define VMX_ERR_ENTRY_CONTROLS		7
#define VMX_ERR_ENTRY_HOST_STATE	8

/* Per-CPU pages of the backend. */
struct vmx_cpu {
	/** VMXON region: the revision id, then the CPU's own business. */
	__u32 vmxon[1024] __attribute__((aligned(4096)));
	/** The VMCS of Linux or the CPU's cell. */
	__u32 vmcs[1024] __attribute__((aligned(4096)));
	/** VMXON succeeded; VMXOFF is due at leave. */
	bool vmxon_done;
	/** The VMCS was loaded; VMCLEAR is due at leave. */
	bool vmcs_loaded;
};

#endif /* !_ASM_VMX_H */
