/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AMD-V definitions: the VMCB (AMD APM vol. 2, appendix B) and the
 * intercept bits this hypervisor uses.
 */
#ifndef _ASM_SVM_H
#define _ASM_SVM_H

#include <jailhouse/types.h>

#define MSR_VM_CR			0xc0010114
#define VM_CR_SVMDIS			(1ULL << 4)
#define MSR_VM_HSAVE_PA			0xc0010117

/* Intercept vector 3 (VMCB offset 0x0c). */
#define SVM_INTERCEPT_NMI		(1U << 1)
#define SVM_INTERCEPT_INIT		(1U << 3)
#define SVM_INTERCEPT_CPUID		(1U << 18)
#define SVM_INTERCEPT_INVD		(1U << 22)
#define SVM_INTERCEPT_IOIO		(1U << 27)
#define SVM_INTERCEPT_MSR		(1U << 28)
#define SVM_INTERCEPT_SHUTDOWN		(1U << 31)
/* Intercept vector 4 (VMCB offset 0x10). */
#define SVM_INTERCEPT_VMRUN		(1U << 0)
#define SVM_INTERCEPT_VMMCALL		(1U << 1)
#define SVM_INTERCEPT_VMLOAD		(1U << 2)
#define SVM_INTERCEPT_VMSAVE		(1U << 3)
#define SVM_INTERCEPT_STGI		(1U << 4)
#define SVM_INTERCEPT_CLGI		(1U << 5)
#define SVM_INTERCEPT_SKINIT		(1U << 6)
#define SVM_INTERCEPT_WBINVD		(1U << 9)

#define SVM_TLB_FLUSH_ALL		1
#define SVM_NP_ENABLE			1

/* Exit codes (APM vol. 2, appendix C). */
#define SVM_EXIT_EXCP_BASE		0x040	/* + vector */
#define SVM_EXIT_EXCP_DB		0x041
#define SVM_EXIT_EXCP_AC		0x051
#define SVM_EXIT_NMI			0x061
#define SVM_EXIT_INIT			0x063
#define SVM_EXIT_CPUID			0x072
#define SVM_EXIT_INVD			0x076
#define SVM_EXIT_IOIO			0x07b
#define SVM_EXIT_MSR			0x07c
#define SVM_EXIT_VMMCALL		0x081
#define SVM_EXIT_WBINVD			0x089
#define SVM_EXIT_NPF			0x400

/*
 * NPF EXITINFO1: a write; an instruction fetch; a fault of the guest's
 * page walk.
 */
#define SVM_NPF_WRITE			(1ULL << 1)
#define SVM_NPF_FETCH			(1ULL << 4)
#define SVM_NPF_PAGE_WALK		(1ULL << 33)

/* EXITINFO1 of an IOIO exit. */
#define SVM_IOIO_IN			(1U << 0)
#define SVM_IOIO_STRING			(1U << 2)
#define SVM_IOIO_REP			(1U << 3)
#define SVM_IOIO_SIZE_SHIFT		4
#define SVM_IOIO_SIZE_MASK		(7U << SVM_IOIO_SIZE_SHIFT)
#define SVM_IOIO_PORT_SHIFT		16

/*
 * EVENTINJ, and EXITINTINFO in the same format: vector (bits 0-7), type
 * (8-10), error code valid (11), valid (31), error code (32-63).
 */
#define SVM_EVENT_VECTOR		0xffU
#define SVM_EVENT_TYPE_MASK		(7U << 8)
#define SVM_EVENT_TYPE_NMI		(2U << 8)
#define SVM_EVENT_TYPE_EXCEPTION	(3U << 8)
#define SVM_EVENT_TYPE_SOFT_INT		(4U << 8)
#define SVM_EVENT_ERROR_VALID		(1U << 11)
#define SVM_EVENT_VALID			(1U << 31)
#define SVM_EVENT_INJECT_NMI		(SVM_EVENT_VALID | SVM_EVENT_TYPE_NMI | 2)

/* Segment attributes in the VMCB's packed form. */
#define SVM_SEG_CODE64			0x0a9b	/* G, L, P, S, exec/read */
#define SVM_SEG_DATA			0x0c93	/* G, D/B, P, S, read/write */
#define SVM_SEG_LONG			0x0200	/* L: 64-bit code */
/* Real mode after reset: 64 KiB segments. */
#define SVM_SEG_REAL_CODE		0x009b	/* P, S, exec/read, accessed */
#define SVM_SEG_REAL_DATA		0x0093	/* P, S, read/write, accessed */
#define SVM_SEG_LDT			0x0082	/* P, LDT */
#define SVM_SEG_TSS_BUSY		0x008b	/* P, busy 32-bit TSS */

struct vmcb_segment {
	__u16 selector;
	__u16 attrib;
	__u32 limit;
	__u64 base;
} __attribute__((packed));

struct vmcb {
	/* Control area. */
	__u32 cr_intercepts;		/* 0x000 */
	__u32 dr_intercepts;		/* 0x004 */
	__u32 exception_intercepts;	/* 0x008 */
	__u32 intercepts3;		/* 0x00c */
	__u32 intercepts4;		/* 0x010 */
	__u32 intercepts5;		/* 0x014 */
	__u8 reserved0[0x3c - 0x18];
	__u16 pause_filter_threshold;	/* 0x03c */
	__u16 pause_filter_count;	/* 0x03e */
	__u64 iopm_base_pa;		/* 0x040 */
	__u64 msrpm_base_pa;		/* 0x048 */
	__u64 tsc_offset;		/* 0x050 */
	__u32 guest_asid;		/* 0x058 */
	__u8 tlb_control;		/* 0x05c */
	__u8 reserved1[3];
	__u64 vintr;			/* 0x060 */
	__u64 interrupt_shadow;		/* 0x068 */
	__u64 exit_code;		/* 0x070 */
	__u64 exit_info1;		/* 0x078 */
	__u64 exit_info2;		/* 0x080 */
	__u64 exit_int_info;		/* 0x088 */
	__u64 np_control;		/* 0x090 */
	__u64 reserved2[2];
	__u64 event_inject;		/* 0x0a8 */
	__u64 n_cr3;			/* 0x0b0 */
	__u64 lbr_control;		/* 0x0b8 */
	__u32 clean_bits;		/* 0x0c0 */
	__u32 reserved3;
	__u64 next_rip;			/* 0x0c8 */
	__u8 insn_len;			/* 0x0d0 */
	__u8 insn_bytes[15];
	__u8 reserved4[0x400 - 0x0e0];

	/* State save area. */
	struct vmcb_segment es;		/* 0x400 */
	struct vmcb_segment cs;
	struct vmcb_segment ss;
	struct vmcb_segment ds;
	struct vmcb_segment fs;
	struct vmcb_segment gs;
	struct vmcb_segment gdtr;
	struct vmcb_segment ldtr;
	struct vmcb_segment idtr;
	struct vmcb_segment tr;
	__u8 reserved5[0x4cb - 0x4a0];
	__u8 cpl;			/* 0x4cb */
	__u32 reserved6;
	__u64 efer;			/* 0x4d0 */
	__u8 reserved7[0x548 - 0x4d8];
	__u64 cr4;			/* 0x548 */
	__u64 cr3;
	__u64 cr0;
	__u64 dr7;
	__u64 dr6;
	__u64 rflags;
	__u64 rip;			/* 0x578 */
	__u8 reserved8[0x5d8 - 0x580];
	__u64 rsp;			/* 0x5d8 */
	__u8 reserved9[0x5f8 - 0x5e0];
	__u64 rax;			/* 0x5f8 */
	__u64 star;
	__u64 lstar;
	__u64 cstar;
	__u64 sfmask;
	__u64 kernel_gs_base;
	__u64 sysenter_cs;
	__u64 sysenter_esp;
	__u64 sysenter_eip;
	__u64 cr2;			/* 0x640 */
	__u8 reserved10[0x668 - 0x648];
	__u64 g_pat;			/* 0x668 */
	__u8 reserved11[0x1000 - 0x670];
} __attribute__((packed, aligned(4096)));

_Static_assert(__builtin_offsetof(struct vmcb, n_cr3) == 0xb0, "vmcb");
_Static_assert(__builtin_offsetof(struct vmcb, cpl) == 0x4cb, "vmcb");
_Static_assert(__builtin_offsetof(struct vmcb, rip) == 0x578, "vmcb");
_Static_assert(__builtin_offsetof(struct vmcb, rax) == 0x5f8, "vmcb");
_Static_assert(__builtin_offsetof(struct vmcb, g_pat) == 0x668, "vmcb");
_Static_assert(sizeof(struct vmcb) == 4096, "vmcb");

/* Per-CPU pages of the backend. */
struct svm_cpu {
	/** Linux's state as a guest. */
	struct vmcb guest;
	/** The host's FS, GS, TR, ... (VMSAVE/VMLOAD), between exits. */
	struct vmcb host;
	/** Host save area of VMRUN (MSR_VM_HSAVE_PA). */
	__u8 hsave[4096] __attribute__((aligned(4096)));
};

#endif /* !_ASM_SVM_H */
