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
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/hypercall-handler.h>
#include <jailhouse/printk.h>
#include <asm/processor.h>

/* How long a requester waits for a CPU to leave its guest. */
#define REQUEST_TIMEOUT_MS	1000

void cpu_fail(struct per_cpu *cpu, const char *reason)
{
	printk("CPU %u: stopped: %s\n", cpu->cpu_id, reason);
	cpu->failed = true;
	cpu_halt_forever();
}

static int wait_done(struct per_cpu *target, unsigned int requests)
{
	__u64 start = arch_tsc();
	__u64 limit = (__u64)arch_tsc_khz() * REQUEST_TIMEOUT_MS;

	while (__atomic_load_n(&target->requests, __ATOMIC_ACQUIRE) &
	       requests) {
		if (arch_tsc() - start > limit)
			return -ETIMEDOUT;
		cpu_relax();
	}
	return 0;
}

int cpu_request(struct per_cpu *target, unsigned int requests, bool wait)
{
	__atomic_or_fetch(&target->requests, requests, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&target->kicks, 1, __ATOMIC_SEQ_CST);
	arch_cpu_kick(target);
	if (!wait)
		return 0;
	return wait_done(target, requests);
}

bool cpu_take_kick(struct per_cpu *cpu)
{
	unsigned int kicks = __atomic_load_n(&cpu->kicks, __ATOMIC_SEQ_CST);

	while (kicks)
		if (__atomic_compare_exchange_n(&cpu->kicks, &kicks, kicks - 1,
						false, __ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			return true;
	return false;
}

void cpu_handle_requests(struct per_cpu *cpu)
{
	unsigned int req = __atomic_load_n(&cpu->requests, __ATOMIC_ACQUIRE);

	if (!req)
		return;
	if (req & CPU_REQ_TLB_FLUSH)
		arch_cpu_tlb_flush(cpu);
	if (req & CPU_REQ_PARK) {
		arch_cpu_park(cpu);
		cpu->parked = true;
	}
	if (req & CPU_REQ_RESET) {
		arch_cpu_reset(cpu, cpu->reset_address);
		cpu->parked = false;
	}
	__atomic_and_fetch(&cpu->requests, ~req, __ATOMIC_RELEASE);
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
	__atomic_store_n(&cell->state, JAILHOUSE_CELL_FAILED,
			 __ATOMIC_RELEASE);
	arch_cpu_park(cpu);
	cpu->parked = true;
	park_others(cpu);
}
