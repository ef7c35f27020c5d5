/* SPDX-License-Identifier: GPL-2.0 */
/* The x86 part of a CPU's data area (struct per_cpu). */
#ifndef _ASM_PERCPU_H
#define _ASM_PERCPU_H

#include <jailhouse/cell-config.h>
#include <jailhouse/header.h>
#include <asm/processor.h>
#include <asm/svm.h>
#include <asm/vmx.h>

/*
 * The hypervisor's GDT uses Linux's selectors for kernel code and data,
 * so that the hidden segment state stays equivalent when it swaps GDTs.
 */
#define GDT_SEL_CODE		0x10
#define GDT_SEL_DATA		0x18
#define GDT_SEL_TSS		0x40
#define GDT_ENTRIES		10
#define IST_FAULT		1

/* Registers of the guest, pushed by the exit path; pop order first. */
struct guest_regs {
	__u64 r15, r14, r13, r12, r11, r10, r9, r8;
	__u64 rdi, rsi, rbp, rbx, rdx, rcx, rax;
};

/* 64-bit task state segment. */
struct tss64 {
	__u32 reserved0;
	__u64 rsp[3];
	__u64 reserved1;
	__u64 ist[7];
	__u64 reserved2;
	__u16 reserved3;
	__u16 iomap_base;
} __attribute__((packed));

/* Linux's CPU state when it entered, enough to return to it natively. */
struct linux_state {
	__u64 cr0, cr3, cr4, efer, pat, dr6, dr7;
	__u64 rsp, rip, rflags;
	__u16 cs, ss, ds, es, tr;
	struct desc_table_reg gdtr, idtr;
	/** TR's hidden base and limit, from the loader (header.h). */
	__u64 tr_base;
	__u32 tr_limit;
};

struct arch_per_cpu {
	/** Pages of the virtualization backend. */
	union {
		struct svm_cpu svm;
		struct vmx_cpu vmx;
	} vendor;
	/** Stack for NMI, #DF and #MC, which must work on a broken stack. */
	__u8 fault_stack[4096] __attribute__((aligned(4096)));
	__u64 gdt[GDT_ENTRIES];
	struct tss64 tss;
	/** Linux's state at entry, updated from the guest at disable. */
	struct linux_state linux;
	/** The registers the loader's leave stub restores. */
	struct jailhouse_leave_frame leave_frame;
	/** The guest's registers during an exit, else NULL. */
	struct guest_regs *guest_regs;
	/** The vector a guest's value faulted with (asm/guest-insn.h). */
	unsigned int guest_insn_fault;
	/** The backend switched virtualization on (undo at leave). */
	bool vendor_on;
	/** The CPU's local APIC id, the target of the hypervisor's NMIs. */
	__u32 apic_id;
	/** The guest's PCI address port 0xCF8 (asm/pci.h). */
	__u32 pci_addr;
	/** The BAR this CPU's cell last wrote all ones to (pci.c), or 0. */
	__u32 pci_bar_sizing;
	/** The guest's MTRR_DEF_TYPE (vcpu.c), not the CPU's. */
	__u64 mtrr_def_type;
	/** The guest's IOAPIC register selects (asm/ioapic.h). */
	__u8 ioapic_select[JAILHOUSE_MAX_IOAPICS];
};

#endif /* !_ASM_PERCPU_H */
