// SPDX-License-Identifier: GPL-2.0
/* The hypervisor's side of the comm region; see jailhouse/comm.h. */
#include <jailhouse/atomic.h>
#include <jailhouse/comm.h>
#include <jailhouse/errno.h>
#include <jailhouse/hypercall.h>
#include <jailhouse/string.h>

#include "config.h"

static unsigned int cpu_count(const struct jailhouse_cell_desc *cell)
{
	unsigned int cpu, count = 0;

	for (cpu = 0; cpu < cell->cpu_set_size * 8; cpu++)
		if (jailhouse_cell_has_cpu(cell, cpu))
			count++;
	return count;
}

/* The config's console in Jailhouse's comm region layout. */
static void console_init(struct jailhouse_comm_console *out,
			 const struct jailhouse_console *con)
{
	if (con->type == JAILHOUSE_CON_TYPE_NONE)
		return;
	out->type = JAILHOUSE_COMM_CON_TYPE_8250;
	if (con->type == JAILHOUSE_CON_TYPE_UART_MMIO)
		out->flags = JAILHOUSE_COMM_CON_MMIO;
	out->address = con->address;
	out->size = con->size;
	out->divider = con->divider;
}

static __u32 comm_flags(const struct jailhouse_cell_desc *cell)
{
	__u32 flags = 0;

	if (cell->flags & JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED)
		flags |= JAILHOUSE_COMM_FLAG_DBG_PUTC_PERMITTED;
	if (cell->flags & JAILHOUSE_CELL_VIRTUAL_CONSOLE_ACTIVE)
		flags |= JAILHOUSE_COMM_FLAG_DBG_PUTC_ACTIVE;
	return flags;
}

void comm_region_init(struct jailhouse_comm_region *comm,
		      const struct jailhouse_cell_desc *cell,
		      const struct jailhouse_system *sys, __u32 tsc_khz,
		      __u32 apic_khz)
{
	const struct jailhouse_platform_info *pf = &sys->platform;

	memset(comm, 0, sizeof(*comm));
	memcpy(comm->signature, JAILHOUSE_COMM_REGION_MAGIC,
	       JAILHOUSE_COMM_REGION_MAGIC_LEN);
	comm->revision = JAILHOUSE_COMM_REGION_REVISION;
	comm->cell_state = JAILHOUSE_CELL_RUNNING;
	comm->flags = comm_flags(cell);
	console_init(&comm->console, &cell->console);
	comm->pci_mmconfig_base = pf->pci_mmconfig_base;
	comm->pm_timer_address = pf->pm_timer_address;
	comm->num_cpus = cpu_count(cell);
	comm->tsc_khz = pf->tsc_khz ? pf->tsc_khz : tsc_khz;
	comm->apic_khz = pf->apic_khz ? pf->apic_khz : apic_khz;
}

unsigned int comm_cell_state(const struct jailhouse_comm_region *comm)
{
	__u32 state = comm->cell_state;

	return state <= JAILHOUSE_CELL_FAILED_COMM_REV ? state :
						      JAILHOUSE_CELL_FAILED;
}

bool comm_state_terminal(unsigned int state)
{
	return state == JAILHOUSE_CELL_SHUT_DOWN ||
	       state == JAILHOUSE_CELL_FAILED ||
	       state == JAILHOUSE_CELL_FAILED_COMM_REV;
}

unsigned int comm_reply_timeout_ms(const struct jailhouse_cell_desc *cell)
{
	__u32 ms = cell->msg_reply_timeout;
	__u32 limit = cell->flags & JAILHOUSE_CELL_SANDBOX ?
		      COMM_SANDBOX_TIMEOUT_MS : COMM_MAX_TIMEOUT_MS;

	return ms && ms < limit ? ms : limit;
}

int comm_send_message(struct jailhouse_comm_region *comm, __u32 msg,
		      const struct comm_clock *clock, unsigned int timeout_ms)
{
	__u64 start = clock->now(clock->ctx);
	__u64 limit = timeout_ms * clock->ticks_per_ms, elapsed;
	__u32 reply;

	comm->reply_from_cell = JAILHOUSE_MSG_NONE;
	atomic_fence_seq_cst();
	comm->msg_to_cell = msg;
	for (;;) {
		elapsed = clock->now(clock->ctx) - start;
		reply = comm->reply_from_cell;
		if (reply != JAILHOUSE_MSG_NONE)
			return reply <= JAILHOUSE_MSG_RECEIVED ? (int)reply :
				JAILHOUSE_MSG_UNKNOWN;
		/* Jailhouse's apic-demo stops without a reply. */
		if (comm_state_terminal(comm_cell_state(comm)))
			return JAILHOUSE_MSG_REQUEST_APPROVED;
		if (timeout_ms && elapsed >= limit)
			return -ETIMEDOUT;
		__builtin_ia32_pause();
	}
}

bool comm_wait_terminal(const struct jailhouse_comm_region *comm,
			const struct comm_clock *clock,
			unsigned int timeout_ms)
{
	__u64 start = clock->now(clock->ctx);
	__u64 limit = timeout_ms * clock->ticks_per_ms;

	while (!comm_state_terminal(comm_cell_state(comm)))
		if (clock->now(clock->ctx) - start >= limit)
			return false;
	return true;
}
