/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between the hypervisor core and an architecture.
 *
 * Every function here is implemented once per architecture; there are no
 * weak fallbacks, so a missing one fails at link time. The x86 architecture
 * in turn delegates the CPU-vendor-specific parts (AMD-V or VT-x) to a
 * backend described in arch/x86/include/asm/vcpu.h.
 *
 * Life of a CPU: arch_entry (assembly) finds the CPU's data area and
 * stack and calls the core's entry(); the core calls arch_cpu_init(), the
 * first CPU sets up the global state (arch_cell_init() for the root
 * cell), every CPU waits for all others, then arch_cpu_activate() on
 * success or arch_cpu_leave() on failure. At disable the hypercall handler calls
 * arch_cpu_leave() from the guest's exit.
 */
#ifndef _JAILHOUSE_ARCH_H
#define _JAILHOUSE_ARCH_H

#include <jailhouse/types.h>

struct per_cpu;
struct cell;
struct jailhouse_memory;
struct jailhouse_cell_desc;

/**
 * Check that this CPU has every feature the hypervisor needs and select
 * the matching virtualization backend.
 *
 * Return: 0, or -ENODEV naming the missing feature on the console.
 */
int arch_cpu_probe(void);

/**
 * Take this CPU over, first thing after arch_cpu_probe(): virtualization
 * on with NMIs held back, Linux's live state saved as the guest's, then
 * the hypervisor's own descriptor tables. Nothing runs as a guest yet;
 * arch_cpu_leave() undoes every step.
 *
 * Return: 0 or -errno.
 */
int arch_cpu_init(struct per_cpu *cpu);

/**
 * Run the CPU's cell (cpu->cell, set up by then) as a guest, from the
 * state arch_cpu_init() took.
 */
void __attribute__((noreturn)) arch_cpu_activate(struct per_cpu *cpu);

/**
 * Give the CPU back to Linux natively: Linux's current state (the guest's
 * if it ran as one), virtualization off, Linux's page tables and
 * descriptor tables. Linux sees @result as the return value of the
 * trampoline when it did not run as a guest yet, else as the hypercall's.
 */
void __attribute__((noreturn)) arch_cpu_leave(struct per_cpu *cpu,
					      long result);

/**
 * Build the architecture part of @cell from its config: nested page
 * tables for its memory regions, I/O and MSR permissions.
 * Return: 0 or -errno, with everything built so far taken back.
 */
int arch_cell_init(struct cell *cell);

/**
 * Architecture rules for a new cell's validated descriptor, at create
 * (x86: a sandbox cell gets whole cores, no SMT sibling outside it).
 * Return: 0, or -errno with the reason on the console.
 */
int arch_cell_check(const struct jailhouse_cell_desc *desc);

/** Free what arch_cell_init() built. */
void arch_cell_exit(struct cell *cell);

/*
 * Cells beside the root cell (docs/cells.md). The "self" functions act
 * on the calling CPU, during one of its guest's exits; the new state
 * takes effect at the next guest entry.
 */

/**
 * Global setup for cells, once, by the first CPU after the page pool:
 * the parking page and its tables, the means to kick CPUs, the TSC
 * frequency. Return: 0 or -errno.
 */
int arch_init(void);

/** Make @target leave its guest soon (an NMI on x86). */
void arch_cpu_kick(struct per_cpu *target);

/**
 * Self: run the parking loop instead of the cell's code, with cpu->cell's
 * permission bitmaps and a flushed guest TLB: the CPU may just have
 * changed cell (CPU_REQ_MOVE).
 */
void arch_cpu_park(struct per_cpu *cpu);

/** Self: run cpu->cell from reset at @address (see CPU_REQ_RESET). */
void arch_cpu_reset(struct per_cpu *cpu, __u64 address);

/** Self: flush the guest's TLB before the next entry. */
void arch_cpu_tlb_flush(struct per_cpu *cpu);

/**
 * Map @mem (a region of the cell's descriptor, or a part of one) into
 * @cell's nested tables with its access; unmap it again. The caller
 * flushes the TLBs of the cell's CPUs after an unmap.
 * Return: 0 or -errno.
 */
int arch_map_memory_region(struct cell *cell,
			   const struct jailhouse_memory *mem);
int arch_unmap_memory_region(struct cell *cell,
			     const struct jailhouse_memory *mem);

/**
 * Let the root cell use exactly its own ports and interrupt pins minus
 * those of every other cell: called after a cell took or gave them back.
 */
void arch_root_resources_update(void);

/**
 * For the config rules at cell create: the CPU's physical address bits
 * and the guest-physical bits the nested page tables translate.
 */
unsigned int arch_phys_addr_bits(void);
unsigned int arch_guest_addr_bits(void);

/** The time stamp counter and its frequency in kHz. */
__u64 arch_tsc(void);
__u32 arch_tsc_khz(void);
/** The local APIC timer's frequency (divide by 1) in kHz; 0: unknown. */
__u32 arch_apic_khz(void);

#endif /* !_JAILHOUSE_ARCH_H */
