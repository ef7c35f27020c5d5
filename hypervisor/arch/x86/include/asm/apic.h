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
 * Self, as the CPU starts afresh in a cell other than the root cell:
 * its xAPIC logical destination becomes 0, and the cell cannot change
 * it, so that no logical destination of the root cell's (IOAPIC entries,
 * MSIs, which reach the hardware unfiltered) ever matches this CPU.
 */
void apic_cpu_reset(struct per_cpu *cpu);

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

/**
 * A real INIT reached @cpu in guest mode (intercepted): it takes the
 * CPU's guest into wait-for-SIPI, as an emulated INIT does.
 */
void apic_init_received(struct per_cpu *cpu);

#endif /* !_ASM_APIC_H */
