/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rate limit for log lines a guest can provoke, so that a cell hammering
 * a denied port cannot flood the console or starve the other CPUs that
 * share it. One instance per CPU needs no lock.
 */
#ifndef _JAILHOUSE_RATELIMIT_H
#define _JAILHOUSE_RATELIMIT_H

#include <stdbool.h>
#include <jailhouse/types.h>

struct ratelimit {
	/** Start of the current window, in the caller's time unit. */
	__u64 window_start;
	/** Lines let through in the current window. */
	unsigned int passed;
	/** Lines held back in the current window. */
	unsigned int missed;
};

/**
 * Whether one more line may be printed at time @now: at most @burst lines
 * per @interval (any monotonic unit, e.g. TSC cycles). A zero-initialized
 * instance is ready to use.
 *
 * When a new window opens, *@missed receives how many lines the previous
 * one held back, so that the caller can report it; otherwise 0.
 */
bool ratelimit_pass(struct ratelimit *rl, __u64 now, __u64 interval,
		    unsigned int burst, unsigned int *missed);

#endif /* !_JAILHOUSE_RATELIMIT_H */
