/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 virtualization backends.
 *
 * AMD-V (svm.c) and VT-x (vmx.c) each provide one constant instance of
 * struct vcpu_vendor_ops. Both are linked into the one hypervisor image;
 * arch_cpu_probe() picks the one the CPU supports. A single image keeps
 * one signed artifact and one firmware name for every machine, at the price
 * of the unused backend's few kilobytes in the image.
 *
 * A backend decodes its exits and hands the vendor-neutral ones to the
 * vcpu_handle_*() functions below (vcpu.c), which apply the cell's policy.
 */
#ifndef _ASM_VCPU_H
#define _ASM_VCPU_H

#include <stdbool.h>
#include <jailhouse/types.h>

/* The state after INIT that park and reset load (SDM, APM). */
#define RESET_CR0		0x60000010	/* CD, NW, ET */
#define RESET_DR6		0xffff0ff0
#define RESET_DR7		0x400
#define RESET_PAT		0x0007040600070406ULL
#define RESET_RFLAGS		0x2
#define REAL_SEG_LIMIT		0xffff

struct per_cpu;
struct cell;
struct guest_regs;
struct jailhouse_memory;

struct vcpu_vendor_ops {
	/** Short name for logs: "svm" or "vmx". */
	const char *name;
	/**
	 * Whether this CPU offers the backend's extension with everything
	 * isolation depends on (nested paging, I/O and MSR intercepts).
	 * Return: 0 or -ENODEV.
	 */
	int (*probe)(void);
	/**
	 * Nested page tables for the cell's memory regions and the
	 * permission bitmaps in the backend's layout.
	 * Return: 0 or -errno, with nothing left allocated.
	 */
	int (*cell_init)(struct cell *cell);
	void (*cell_exit)(struct cell *cell);
	/**
	 * Switch the extension on and describe Linux's state (cpu->arch.
	 * linux, plus what only the backend can read) as the guest's.
	 * Return: 0 or -errno; cpu_exit() undoes a partial init.
	 */
	int (*cpu_init)(struct per_cpu *cpu);
	/**
	 * Copy the guest's current state into cpu->arch.linux and the leave
	 * frame (when it ran as a guest), restore what the host used in its
	 * place, and switch the extension off.
	 */
	void (*cpu_exit)(struct per_cpu *cpu);
	/** Enter the guest and handle its exits, for good. */
	void (*activate)(struct per_cpu *cpu) __attribute__((noreturn));
	/** Advance the guest past the instruction that caused the exit. */
	void (*skip_instruction)(struct per_cpu *cpu);
	/**
	 * Global setup for cells, once (arch_init()): the parking page
	 * and its nested tables. Return: 0 or -errno.
	 */
	int (*init)(void);
	/**
	 * Self, during an exit: the guest becomes the parking loop, a HLT
	 * loop in real mode with interrupts off under tables that map the
	 * parking page only. Only the hypervisor's kick (NMI, intercepted)
	 * leaves it; an INIT is the APIC emulation's business. The CPU may
	 * just have changed cell (CPU_REQ_MOVE): the permission bitmaps
	 * become cpu->cell's and every guest translation (TLB, ASID/VPID,
	 * EPT/NPT caches) is flushed before the next entry.
	 */
	void (*park)(struct per_cpu *cpu);
	/**
	 * Self, during an exit: fresh guest state for cpu->cell, real mode
	 * at @address (CPU_REQ_RESET), the cell's nested tables and
	 * bitmaps, general registers zero.
	 */
	void (*reset)(struct per_cpu *cpu, __u64 address);
	/**
	 * Optional: an NMI reached the hypervisor between two exits of
	 * @cpu (entry.S); a kick in it must not get lost.
	 */
	void (*host_nmi)(struct per_cpu *cpu);
	/** Self: flush the guest's TLB before the next entry. */
	void (*tlb_flush)(struct per_cpu *cpu);
	/**
	 * Self, in the hypervisor: let pending external interrupts reach
	 * the hypervisor's IDT for a moment (apic_clear()).
	 */
	void (*irq_window)(void);
	/** Map or unmap a memory region in the cell's nested tables. */
	int (*map_memory)(struct cell *cell,
			  const struct jailhouse_memory *mem);
	int (*unmap_memory)(struct cell *cell,
			    const struct jailhouse_memory *mem);
};

extern const struct vcpu_vendor_ops svm_ops;
extern const struct vcpu_vendor_ops vmx_ops;

/* A port access that left the guest. */
struct vcpu_io {
	__u16 port;
	/** 1, 2 or 4 bytes. */
	__u8 size;
	bool in;
	/** INS/OUTS or a REP prefix: not emulated, always refused. */
	bool string;
};

/* An RDMSR or WRMSR that left the guest; value in EDX:EAX. */
struct vcpu_msr {
	__u32 index;
	bool write;
};

/**
 * Guest register @n in the encoding of instructions and exit
 * qualifications (0 = RAX ... 15 = R15), or NULL for RSP (in the VMCB or
 * VMCS) and beyond.
 */
__u64 *vcpu_guest_reg(struct guest_regs *regs, unsigned int n);

/**
 * VMMCALL/VMCALL: code in RAX, arguments in RDI and RSI, result to RAX.
 * Skips the instruction. Backends call it for CPL 0 only and answer
 * -EPERM to the guest's user space themselves.
 */
void vcpu_handle_hypercall(struct per_cpu *cpu);

/** CPUID, answered through the cell's CPUID policy. Skips it. */
void vcpu_handle_cpuid(struct per_cpu *cpu);

/**
 * A port access the cell's I/O bitmap intercepted. Return: true when it
 * was handled (emulated or refused and logged) and the backend is to skip
 * the instruction; false stops the CPU.
 */
bool vcpu_handle_io(struct per_cpu *cpu, const struct vcpu_io *io);

/* What the backend does with an MSR instruction after vcpu_handle_msr(). */
enum vcpu_msr_result {
	VCPU_MSR_DONE,		/* skip the instruction */
	VCPU_MSR_FAULT,		/* inject #GP at the instruction */
	VCPU_MSR_REFUSED,	/* stop the CPU (its cell fails) */
};

/**
 * An MSR access the MSR bitmap intercepted, but EFER (the backend's); a
 * write of the x2APIC ICR goes through the APIC emulation's filter. A
 * refused access of the root completes (reads 0, the write dropped); one
 * of a cell with JAILHOUSE_CELL_MSR_FAULT faults in the cell; any other
 * cell's stops it.
 */
enum vcpu_msr_result vcpu_handle_msr(struct per_cpu *cpu,
				     const struct vcpu_msr *msr);

/**
 * The exceptions (bit n: vector n) the backend intercepts on @cell's CPUs
 * and delivers to the guest itself: #DB and #AC for cells other than the
 * root cell. Their delivery can raise them again for ever without an
 * interrupt window (CVE-2015-5307, CVE-2015-8104), so that not even the
 * hypervisor's NMI would get the CPU back; intercepted, each round exits.
 * The backend re-delivers an event whose delivery an exit interrupted
 * (SVM EXITINTINFO, VMX IDT-vectoring information) in preference to the
 * intercepted exception.
 */
__u32 vcpu_exception_intercepts(const struct cell *cell);

/**
 * Whether the backend intercepts WBINVD (and WBNOINVD) on @cell's CPUs:
 * for cells other than the root cell. INVD it intercepts for every cell.
 */
bool vcpu_intercept_wbinvd(const struct cell *cell);

/**
 * INVD or WBINVD that left the guest. Skips it. The root cell gets
 * WBINVD for either (INVD would drop the dirty lines of everyone, the
 * hypervisor's included); other cells get nothing: they own no device
 * that could read memory past the caches (no DMA), so the flush would
 * only stall the caches the cells share.
 */
void vcpu_handle_cache_flush(struct per_cpu *cpu);

/**
 * Self: the MSRs the hypervisor keeps per CPU (vcpu.c) as the CPU now
 * holds them; at activation and when the CPU starts afresh in a cell.
 */
void vcpu_reset_msrs(struct per_cpu *cpu);

/**
 * Whether a refused access may be logged now: at most REFUSAL_LOG_BURST
 * lines per REFUSAL_LOG_INTERVAL over all CPUs, which share one console;
 * prints how many were held back before.
 */
bool refusal_log_pass(void);

/** The selected backend, once arch_cpu_probe() succeeded. */
extern const struct vcpu_vendor_ops *vcpu_vendor;

#endif /* !_ASM_VCPU_H */
