// SPDX-License-Identifier: GPL-2.0
/*
 * Requests between CPUs, and what happens when a guest fails.
 *
 * A CPU asks another for something (CPU_REQ_*) by setting bits in its
 * per_cpu.requests and kicking it; the target leaves its guest, does the
 * requests in cpu_handle_requests() before it enters again and clears
 * them, which is the requester's acknowledgement. Each kick is counted,
 * so that the target can tell the hypervisor's NMIs from the guest's own
 * (which the backend hands on to the guest).
 */
#include <jailhouse/arch.h>
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/printk.h>
#include <jailhouse/string.h>
#include <asm/processor.h>

/* How long a requester waits for a CPU to leave its guest. */
#define REQUEST_TIMEOUT_MS	1000

void cpu_fail(struct per_cpu *cpu, const char *reason)
{
	printk("CPU %u: stopped: %s\n", cpu->cpu_id, reason);
	cpu->failed = true;
	cpu_halt_forever();
}

/*
 * Wait until @target did @requests, a second at most; with @self, stop
 * waiting as soon as @self is asked to park or move (a TLB flush can
 * wait: Linux's INIT before a SIPI must find its target parked).
 */
static int wait_done(struct per_cpu *self, struct per_cpu *target,
		     unsigned int requests)
{
	__u64 start = arch_tsc();
	__u64 limit = (__u64)arch_tsc_khz() * REQUEST_TIMEOUT_MS;

	while (atomic_load_acquire(&target->requests) &
	       requests) {
		if (arch_tsc() - start > limit)
			return -ETIMEDOUT;
		if (self && atomic_load_acquire(&self->requests) &
			    (CPU_REQ_PARK | CPU_REQ_MOVE))
			return -EAGAIN;
		cpu_relax();
	}
	return 0;
}

static void request(struct per_cpu *target, unsigned int requests)
{
	atomic_or_seq_cst(&target->requests, requests);
	atomic_add_seq_cst(&target->kicks, 1);
	arch_cpu_kick(target);
}

int cpu_request(struct per_cpu *target, unsigned int requests, bool wait)
{
	request(target, requests);
	return wait ? wait_done(NULL, target, requests) : 0;
}

int cpu_request_from(struct per_cpu *self, struct per_cpu *target,
		     unsigned int requests)
{
	request(target, requests);
	return wait_done(self, target, requests);
}

int cpu_move(struct per_cpu *cpu, struct cell *to)
{
	cpu->move_to = to;
	return cpu_request(cpu, CPU_REQ_MOVE, true);
}

bool cpu_take_kick(struct per_cpu *cpu)
{
	unsigned int kicks = atomic_load_seq_cst(&cpu->kicks);

	while (kicks)
		if (atomic_cmpxchg_seq_cst(&cpu->kicks, &kicks, kicks - 1))
			return true;
	return false;
}

static void park_self(struct per_cpu *cpu)
{
	arch_cpu_park(cpu);
	cpu->parked = true;
}

/*
 * Only a parked CPU takes a SIPI, and none of a frozen cell: its cell
 * is being stopped, and the CPU may be about to change cell.
 */
static void take_sipi(struct per_cpu *cpu)
{
	if (!cpu->parked ||
	    atomic_load_acquire(&cpu->cell->frozen))
		return;
	arch_cpu_reset(cpu, cpu->reset_address);
	cpu->parked = false;
}

/* The CPU takes the new cell's bitmaps and tables itself, parked. */
static void move_self(struct per_cpu *cpu)
{
	memset(&cpu->stats, 0, sizeof(cpu->stats));
	cpu->cell = cpu->move_to;
	park_self(cpu);
}

void cpu_handle_requests(struct per_cpu *cpu)
{
	unsigned int req = atomic_load_acquire(&cpu->requests);

	if (!req)
		return;
	if (req & CPU_REQ_TLB_FLUSH)
		arch_cpu_tlb_flush(cpu);
	if (req & CPU_REQ_PARK)
		park_self(cpu);
	/* Before a move: a SIPI of the old cell never starts the new one. */
	if (req & CPU_REQ_SIPI)
		take_sipi(cpu);
	if (req & CPU_REQ_MOVE)
		move_self(cpu);
	if (req & CPU_REQ_RESET) {
		arch_cpu_reset(cpu, cpu->reset_address);
		cpu->parked = false;
	}
	atomic_and_release(&cpu->requests, ~req);
}

/* Park the cell's other CPUs; they may be busy: no waiting here. */
static void park_others(struct per_cpu *self)
{
	unsigned int id;
	struct per_cpu *cpu;

	for (id = 0; id < hypervisor_header.max_cpus; id++) {
		cpu = per_cpu(id);
		if (cpu != self && cpu->cell == self->cell)
			cpu_request(cpu, CPU_REQ_PARK, false);
	}
}

void cpu_guest_failed(struct per_cpu *cpu, const char *reason)
{
	struct cell *cell = cpu->cell;

	if (cell_is_root(cell))
		cpu_fail(cpu, reason);
	printk("Cell \"%s\" FAILED (CPU %u): %s\n", cell->config->name,
	       cpu->cpu_id, reason);
	cell_set_failed(cell);
	park_self(cpu);
	park_others(cpu);
}
