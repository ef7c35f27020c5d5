/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypervisor's side of the comm region (include/jailhouse/
 * comm-region.h): filling it at cell start, reading the state the cell
 * reports, the message handshake. Pure logic over a page the caller
 * maps, so that the host can test it; everything the cell writes there
 * is untrusted.
 */
#ifndef _JAILHOUSE_COMM_H
#define _JAILHOUSE_COMM_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>
#include <jailhouse/comm-region.h>

/*
 * Longest wait for a sandbox cell's reply: its msg_reply_timeout counts
 * up to here, and 0 ("forever" in Jailhouse) means this too.
 */
#define COMM_SANDBOX_TIMEOUT_MS		1000
/*
 * The same for every other cell: the root CPU that waits holds the cell
 * lock, so no cell may make it wait for ever (Jailhouse's 0).
 */
#define COMM_MAX_TIMEOUT_MS		5000

/*
 * After approving a shutdown, a cell may still finish what it does (its
 * last console line): it runs on until it reports a terminal state or
 * this many milliseconds passed.
 */
#define COMM_APPROVED_GRACE_MS		100

/** A monotonic clock for the handshake: now() in ticks_per_ms units. */
struct comm_clock {
	__u64 (*now)(void *ctx);
	void *ctx;
	__u64 ticks_per_ms;
};

/**
 * Zero @comm and fill the fields the hypervisor owns for @cell starting
 * on @sys: signature, revision, flags from the console flags, the console
 * in Jailhouse's layout, platform data, CPU count. @tsc_khz and
 * @apic_khz (measured) are used where the platform gives none.
 */
void comm_region_init(struct jailhouse_comm_region *comm,
		      const struct jailhouse_cell_desc *cell,
		      const struct jailhouse_system *sys, __u32 tsc_khz,
		      __u32 apic_khz);

/**
 * The state the cell reports: its cell_state if that is a state
 * (JAILHOUSE_CELL_RUNNING ... _FAILED_COMM_REV), else FAILED.
 */
unsigned int comm_cell_state(const struct jailhouse_comm_region *comm);

/** Whether the reported @state is terminal (shut down or failed). */
bool comm_state_terminal(unsigned int state);

/**
 * Milliseconds to wait for @cell's reply, never 0: its msg_reply_timeout
 * bounded by COMM_SANDBOX_TIMEOUT_MS for a sandbox, COMM_MAX_TIMEOUT_MS
 * for any other cell, a timeout of 0 meaning the bound.
 */
unsigned int comm_reply_timeout_ms(const struct jailhouse_cell_desc *cell);

/**
 * Send @msg (JAILHOUSE_MSG_*): clear the reply, fence, write the message,
 * then poll @clock until the cell replies, reports a terminal state
 * (taken as approval, as Jailhouse takes it) or @timeout_ms (0: forever)
 * passed.
 * Return: the reply (JAILHOUSE_MSG_REQUEST_*; a value that names no
 * reply reads as JAILHOUSE_MSG_UNKNOWN), or -ETIMEDOUT.
 */
int comm_send_message(struct jailhouse_comm_region *comm, __u32 msg,
		      const struct comm_clock *clock, unsigned int timeout_ms);

/**
 * Wait until the cell reports a terminal state or @timeout_ms passed.
 * Return: whether it reported one.
 */
bool comm_wait_terminal(const struct jailhouse_comm_region *comm,
			const struct comm_clock *clock,
			unsigned int timeout_ms);

#endif /* !_JAILHOUSE_COMM_H */
