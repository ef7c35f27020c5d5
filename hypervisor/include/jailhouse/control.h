/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypervisor core: global state, the requests CPUs make of each
 * other, stopping CPUs and cells. Hypercalls: jailhouse/hypercall-
 * handler.h; the cell lifecycle: docs/cells.md.
 */
#ifndef _JAILHOUSE_CONTROL_H
#define _JAILHOUSE_CONTROL_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>
#include <jailhouse/header.h>
#include <jailhouse/percpu.h>

/* Filled partly by the loader (include/jailhouse/header.h). */
extern struct jailhouse_header hypervisor_header;

/** The system config the loader copied, validated by the first CPU. */
extern const struct jailhouse_system *system_config;

/*
 * Requests one CPU makes of another (per_cpu.requests). The target does
 * them, in this order, before it next enters its guest, then clears
 * them. A parked CPU runs no code of its cell: it sits in a halt loop
 * under the hypervisor's parking page tables until the next request.
 */
/** Flush the guest's TLB: its cell's nested tables lost a mapping. */
#define CPU_REQ_TLB_FLUSH	0x1
/** Park: stop running the cell's code. */
#define CPU_REQ_PARK		0x2
/**
 * Run the CPU's cell from reset: real mode at per_cpu.reset_address
 * (CS base = address & ~0xfff, IP = the rest, as a SIPI to vector
 * address >> 12 gives), fresh registers, the cell's nested tables and
 * permission bitmaps.
 */
#define CPU_REQ_RESET		0x4
/**
 * A SIPI from the CPU's own cell (the APIC emulation): as CPU_REQ_RESET,
 * but only if the CPU is parked and its cell is not frozen (struct
 * cell), checked by the CPU itself, so that no SIPI can wake a CPU of a
 * cell that is being stopped.
 */
#define CPU_REQ_SIPI		0x8
/**
 * Change cell: become a parked CPU of per_cpu.move_to, its nested
 * tables, bitmaps and a flushed TLB, exit counters zeroed. Done by the
 * CPU itself, so that it never runs with the tables of a cell it left.
 */
#define CPU_REQ_MOVE		0x10

/**
 * Ask @target for @requests (CPU_REQ_*) and kick it out of its guest.
 * With @wait, wait until it did them, a second at most.
 * Return: 0, or -ETIMEDOUT if @target did not answer in time.
 */
int cpu_request(struct per_cpu *target, unsigned int requests, bool wait);

/**
 * As cpu_request() with @wait, from @self during a guest's exit: the
 * wait also ends (-EAGAIN) when @self is asked to park or move, so that
 * two CPUs waiting for each other, or for a cell being stopped, go on.
 */
int cpu_request_from(struct per_cpu *self, struct per_cpu *target,
		     unsigned int requests);

/**
 * Move the parked @cpu to @to (CPU_REQ_MOVE) and wait until it did.
 * Return: 0 or -ETIMEDOUT.
 */
int cpu_move(struct per_cpu *cpu, struct cell *to);

/** Do what other CPUs asked of @cpu; called before every guest entry. */
void cpu_handle_requests(struct per_cpu *cpu);

/**
 * A kick arrived on @cpu. Return: whether it was the hypervisor's (else
 * it was meant for the guest).
 */
bool cpu_take_kick(struct per_cpu *cpu);

/**
 * Stop @cpu for good because its cell did something the hypervisor
 * refuses (@reason, logged with the CPU id). The hypervisor itself goes
 * on; the CPU reports JAILHOUSE_CPU_FAILED.
 */
void __attribute__((noreturn)) cpu_fail(struct per_cpu *cpu,
					const char *reason);

/**
 * The guest on @cpu did something the hypervisor refuses (@reason, the
 * exit already logged). The root cell cannot go on without the CPU:
 * cpu_fail(). Any other cell becomes JAILHOUSE_CELL_FAILED and all its
 * CPUs are parked; the root cell and the hypervisor go on.
 */
void cpu_guest_failed(struct per_cpu *cpu, const char *reason);

#endif /* !_JAILHOUSE_CONTROL_H */
