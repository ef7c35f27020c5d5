/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The local APIC as cells see it (docs/isolation.md, "APIC"): every
 * register passes through to the real APIC except the interrupt command
 * register, whose IPIs may only reach CPUs of the sender's own cell.
 * INIT and SIPI never reach the hardware: they park and reset the target
 * CPU (jailhouse/control.h, CPU_REQ_PARK and CPU_REQ_RESET).
 *
 * apic-icr.c holds the decisions (host-tested), apic.c applies them.
 */
#ifndef _ASM_APIC_H
#define _ASM_APIC_H

#include <stdbool.h>
#include <jailhouse/types.h>

/* IA32_APIC_BASE: where the APIC is and in which mode. */
#define MSR_IA32_APIC_BASE		0x1b
#define APIC_BASE_EXTD			(1ULL << 10)
#define APIC_BASE_ADDR			0xfffff000ULL

/* xAPIC register offsets in the APIC page. */
#define APIC_REG_ID			0x020
#define APIC_REG_LDR			0x0d0
#define APIC_REG_DFR			0x0e0
#define APIC_REG_ICR_LO			0x300
#define APIC_REG_ICR_HI			0x310

/* ICR low word. */
#define APIC_ICR_VECTOR			0xff
#define APIC_ICR_DLVR_SHIFT		8
#define APIC_ICR_DLVR_MASK		(7U << APIC_ICR_DLVR_SHIFT)
#define APIC_ICR_DLVR_FIXED		0
#define APIC_ICR_DLVR_LOWPRI		1
#define APIC_ICR_DLVR_NMI		4
#define APIC_ICR_DLVR_INIT		5
#define APIC_ICR_DLVR_SIPI		6
#define APIC_ICR_LOGICAL		(1U << 11)
#define APIC_ICR_BUSY			(1U << 12)
#define APIC_ICR_ASSERT			(1U << 14)
#define APIC_ICR_LEVEL			(1U << 15)
#define APIC_ICR_SH_SHIFT		18
#define APIC_ICR_SH_MASK		(3U << APIC_ICR_SH_SHIFT)
#define APIC_ICR_SH_NONE		0
#define APIC_ICR_SH_SELF		1
#define APIC_ICR_SH_ALL			2
#define APIC_ICR_SH_OTHERS		3
/* x2APIC: bits 12-13, 16-17 and 20-31 are reserved (WRMSR: #GP). */
#define APIC_X2APIC_ICR_RESERVED	0xfff33000ULL
/* xAPIC: destination in bits 56-63; x2APIC: bits 32-63. */
#define APIC_XAPIC_DEST_SHIFT		56
#define APIC_X2APIC_DEST_SHIFT		32
#define APIC_XAPIC_BROADCAST		0xff
#define APIC_X2APIC_BROADCAST		0xffffffff
/* DFR model bits 28-31: flat (0xf) or cluster (0x0). */
#define APIC_DFR_MODEL_FLAT		0xf0000000

/* Bound of the CPU masks below (one __u64). */
#define APIC_MAX_CPUS			64

/* What the ICR logic knows of one CPU (index = Linux CPU id). */
struct apic_cpu {
	/** Entered the hypervisor (the other fields are valid). */
	bool present;
	__u32 apic_id;
	/** Logical destination register, as the guest last wrote it. */
	__u32 ldr;
	/** Destination format register (xAPIC only). */
	__u32 dfr;
};

/** One ICR write, with the sender's context. */
struct apic_icr {
	__u64 value;
	bool x2apic;
	/** Index of the sending CPU. */
	unsigned int self;
	/** CPUs of the sender's cell. */
	__u64 cell_cpus;
	/** The sender is the root cell: broadcasts shrink to its CPUs. */
	bool root;
};

enum apic_action {
	/**
	 * Send to each target singly, in physical mode: a destination
	 * that could also match CPUs outside the hypervisor is never
	 * written to the hardware as it stands.
	 */
	APIC_SEND,
	/** Emulate INIT for the targets. */
	APIC_INIT,
	/** Emulate a start-up IPI for the targets. */
	APIC_SIPI,
	/** Nothing to do (INIT level de-assert). */
	APIC_IGNORE,
	/** Targets outside the cell, or a delivery mode never allowed. */
	APIC_DENY,
};

/**
 * The CPUs (indices into @cpus, @num of them) the ICR value addresses:
 * shorthand, physical destination (with broadcast) or logical (flat or
 * cluster, after each target's LDR and DFR).
 */
__u64 apic_icr_targets(const struct apic_icr *icr,
		       const struct apic_cpu *cpus, unsigned int num);

/**
 * What to do with the ICR write, given its targets (*targets, cut to
 * the cell's CPUs, one of them for lowest priority).
 */
enum apic_action apic_icr_decide(const struct apic_icr *icr,
				 __u64 *targets);

struct per_cpu;
struct cell;

/** Record the calling CPU's APIC id, LDR and DFR; at activation. */
void apic_cpu_init(struct per_cpu *cpu);

/**
 * The calling CPU's local APIC register that x2APIC MSR @msr names, in
 * the host's mode (x2APIC MSR or xAPIC page).
 */
__u32 apic_reg_read(__u32 msr);
void apic_reg_write(__u32 msr, __u32 value);

/**
 * Self, as the CPU starts afresh in a cell other than the root cell:
 * its xAPIC logical destination becomes 0, and the cell cannot change
 * it, so that no logical destination of the root cell's (IOAPIC entries,
 * MSIs, which reach the hardware unfiltered) ever matches this CPU.
 */
void apic_cpu_reset(struct per_cpu *cpu);

/**
 * The calling CPU's local APIC register that x2APIC MSR @msr names, in
 * the host's mode (x2APIC MSR or xAPIC page).
 */
__u32 apic_reg_read(__u32 msr);
void apic_reg_write(__u32 msr, __u32 value);

/**
 * Self, as the CPU starts afresh (CPU_REQ_RESET), whoever gets it: its
 * local APIC as INIT leaves it (all LVTs masked, timer stopped, TPR 0),
 * and no interrupt in service or pending, so that nothing of the last
 * owner's (Linux's timer, a cell's vectors) reaches the next one. The
 * spurious-vector register, the ids and the mode stay.
 */
void apic_clear(struct per_cpu *cpu);

/**
 * Self, for a CPU that starts in a cell other than the root cell: the
 * timer divides its clock by 16, as Linux leaves it. Jailhouse's inmate
 * library never writes the divide register and counts comm region
 * apic_khz / 16 ticks per second (docs/inmates.md).
 */
void apic_timer_divide_jailhouse(void);

/**
 * Whether a CPU of @cpus shares a core (SMT width @shift, asm/smt.h)
 * with a CPU outside them that entered the hypervisor; *cpu: such a CPU.
 */
bool apic_smt_split(__u64 cpus, unsigned int shift, unsigned int *cpu);

/** Whether @cell may have redirection entry @rte (asm/ioapic.h). */
bool apic_rte_allowed(const struct cell *cell, __u64 rte);

/** Physical address of the xAPIC page, which no cell's NPT maps. */
__u64 apic_page_phys(void);

/**
 * An access by the guest on @cpu to the xAPIC page (an mmio_access_t of
 * asm/mmio.h): only 32-bit accesses are valid.
 */
bool apic_mmio_access(struct per_cpu *cpu, __u64 gpa, unsigned int size,
		      bool write, __u32 *value);

/** A write of the x2APIC ICR MSR; as apic_mmio_access(). */
bool apic_x2apic_icr_write(struct per_cpu *cpu, __u64 value);

/*
 * The x2APIC MSR interface of cells other than the root cell: Jailhouse's
 * inmate library reaches its local APIC only through MSRs 0x800-0x83f,
 * whatever mode the host's APIC is in. On an xAPIC host each register
 * MSR maps to the xAPIC register at (msr - 0x800) << 4.
 */
#define MSR_X2APIC_FIRST		0x800
#define MSR_X2APIC_VERSION		0x803
#define MSR_X2APIC_TPR			0x808
#define MSR_X2APIC_EOI			0x80b
#define MSR_X2APIC_SVR			0x80f
#define MSR_X2APIC_ISR			0x810	/* 8 registers */
#define MSR_X2APIC_IRR			0x820	/* 8 registers */
#define MSR_X2APIC_ESR			0x828
#define MSR_X2APIC_LVT_CMCI		0x82f
#define MSR_X2APIC_LVT_TIMER		0x832
#define MSR_X2APIC_LVT_THERMAL		0x833
#define MSR_X2APIC_LVT_PMC		0x834
#define MSR_X2APIC_LVT_LINT0		0x835
#define MSR_X2APIC_LVT_LINT1		0x836
#define MSR_X2APIC_LVT_ERROR		0x837
#define MSR_X2APIC_TMICT		0x838
#define MSR_X2APIC_TDCR			0x83e
#define MSR_X2APIC_SELF_IPI		0x83f
#define MSR_X2APIC_LAST			0x83f
#define APIC_LVT_MASKED			(1U << 16)
#define APIC_SVR_ENABLE			(1U << 8)
/* apic_clear(): EOIs and interrupt windows at most, per CPU hand-over. */
#define APIC_DRAIN_LIMIT		512

enum x2apic_reg {
	/** Reserved, or not for this direction: refused. */
	X2APIC_REG_NONE,
	/** The register the xAPIC page has at x2apic_xapic_offset(). */
	X2APIC_REG_PLAIN,
	/** The APIC id, 32 bits wide in x2APIC mode (read only). */
	X2APIC_REG_ID,
	/** The logical id, derived from the APIC id (read only). */
	X2APIC_REG_LDR,
	/** The ICR, one 64-bit register with the destination on top. */
	X2APIC_REG_ICR,
	/** SELF_IPI: a fixed IPI to this CPU (write only). */
	X2APIC_REG_SELF_IPI,
};

/** What an access to x2APIC MSR @msr (read or @write) is. */
enum x2apic_reg x2apic_reg_of(__u32 msr, bool write);

/** What the calling CPU's local APIC implements beyond the basics. */
struct x2apic_caps {
	/** The version register's highest LVT index (bits 16-23). */
	unsigned int max_lvt;
	/** LVT CMCI: IA32_MCG_CAP bit 10 (MCG_CMCI_P). */
	bool cmci;
	/** Timer mode TSC-deadline: CPUID.01H:ECX bit 24. */
	bool tsc_deadline;
	/** SVR bit 12, EOI-broadcast suppression: version bit 24. */
	bool eoi_suppression;
};

/**
 * Whether an X2APIC_REG_PLAIN register at MSR @msr exists on an APIC
 * with @caps (an LVT beyond max_lvt, or CMCI without the capability,
 * does not: RDMSR and WRMSR of it raise #GP).
 */
bool x2apic_reg_present(__u32 msr, const struct x2apic_caps *caps);

/**
 * The architectural rules (Intel SDM vol. 3, "x2APIC Register Address
 * Space", "Reserved Bit Checking", "Local Vector Table") for writing
 * @value to the X2APIC_REG_PLAIN or _SELF_IPI register at MSR @msr,
 * where WRMSR raises #GP: EOI and ESR take only 0; reserved bits of TPR,
 * SVR, each LVT, TDCR and SELF IPI must be clear, and bits 32-63.
 * Read-only LVT bits (delivery status, remote IRR) are taken off
 * *value. An LVT may deliver only fixed or NMI: SMI, INIT and ExtINT
 * would reach the firmware, the CPU's reset or the root cell's PIC.
 * Return: NULL when valid, else the rule @value breaks.
 */
const char *x2apic_write_refusal(__u32 msr, __u64 *value,
				 const struct x2apic_caps *caps);

/** Offset in the xAPIC page of the register behind x2APIC MSR @msr. */
static inline unsigned int x2apic_xapic_offset(__u32 msr)
{
	return (msr - MSR_X2APIC_FIRST) << 4;
}

/** The x2APIC logical id the hardware derives from APIC id @id. */
static inline __u32 x2apic_ldr_of(__u32 id)
{
	return ((id >> 4) << 16) | (1U << (id & 0xf));
}

/**
 * An access by the guest on @cpu (not the root cell's) to x2APIC MSR
 * @msr, value in/out at @value. Return: whether it was valid and done;
 * false refuses it.
 */
bool apic_x2apic_msr_access(struct per_cpu *cpu, __u32 msr, bool write,
			    __u64 *value);

/**
 * A real INIT reached @cpu in guest mode (intercepted): it takes the
 * CPU's guest into wait-for-SIPI, as an emulated INIT does.
 */
void apic_init_received(struct per_cpu *cpu);

#endif /* !_ASM_APIC_H */
