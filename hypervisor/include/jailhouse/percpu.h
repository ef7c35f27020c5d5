/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _JAILHOUSE_PERCPU_H
#define _JAILHOUSE_PERCPU_H

#include <stdbool.h>
#include <jailhouse/types.h>
#include <jailhouse/vmexit-stats.h>
#include <asm/percpu.h>

#define PAGE_SIZE		4096
#define PERCPU_STACK_SIZE	(4 * PAGE_SIZE)

struct cell;

/*
 * One CPU's private data area. The loader reserves header->percpu_size
 * bytes per possible CPU right behind the core image; the layout is the
 * hypervisor's own business.
 */
struct per_cpu {
	/**
	 * Left unmapped by the loader (include/jailhouse/header.h), so that
	 * a stack overflow faults instead of overwriting another CPU's data.
	 */
	__u8 guard[PAGE_SIZE];
	/** The stack the CPU runs on while in the hypervisor. */
	__u8 stack[PERCPU_STACK_SIZE];
	/** Architecture state: backend pages, descriptor tables, Linux's. */
	struct arch_per_cpu arch;
	/** Logical CPU id as Linux numbers it. */
	unsigned int cpu_id;
	/** The cell the CPU runs. */
	struct cell *cell;
	/** Stopped for good after a fault of its cell (CPU_INFO_STATE). */
	bool failed;
	/** CPU_REQ_* other CPUs asked of this one (jailhouse/control.h). */
	unsigned int requests;
	/** Kicks (NMIs) sent to this CPU and not yet seen by it. */
	unsigned int kicks;
	/** Where CPU_REQ_RESET starts the guest (guest-physical). */
	__u64 reset_address;
	/** Runs the parking loop instead of its cell's code. */
	bool parked;
	/** The cell CPU_REQ_MOVE makes this CPU's. */
	struct cell *move_to;
	/** VM exits by reason (JAILHOUSE_CPU_STAT_*). */
	struct vmexit_stats stats;
} __attribute__((aligned(PAGE_SIZE)));

/** The data area of CPU @cpu_id, or NULL if no such CPU entered. */
struct per_cpu *per_cpu(unsigned int cpu_id);

#endif /* !_JAILHOUSE_PERCPU_H */
