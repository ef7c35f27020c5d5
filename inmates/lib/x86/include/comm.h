/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cell's side of the comm region protocol (see
 * <jailhouse/comm-region.h>). Plain C over a struct pointer, so that the
 * host unit tests run it on a struct in their own memory.
 */
#ifndef _INMATE_COMM_H
#define _INMATE_COMM_H

#include <stdbool.h>

#include <jailhouse/comm-region.h>
#include <jailhouse/hypercall.h>

/* The region as the hypervisor maps it into every non-root cell. */
#define comm_region \
	((struct jailhouse_comm_region *)JAILHOUSE_COMM_REGION_ADDR)

/* Signature and revision match what this library was written for. */
bool comm_region_valid(const struct jailhouse_comm_region *comm);

/* The reply the library gives to msg (a JAILHOUSE_MSG_* code). */
__u32 comm_region_reply_for(__u32 msg, bool approve_shutdown);

/* Clear the message, fence, then post reply (the order the ABI wants). */
void comm_region_reply(struct jailhouse_comm_region *comm, __u32 reply);

/*
 * Answer a pending message, if any: a shutdown request with APPROVED or,
 * if !approve_shutdown, DENIED; RECONFIG_COMPLETED with RECEIVED; anything
 * else with UNKNOWN. Returns the message answered or JAILHOUSE_MSG_NONE.
 * After approving a shutdown the caller must stop (see inmate.h).
 */
__u32 comm_region_poll(struct jailhouse_comm_region *comm,
		       bool approve_shutdown);

#endif /* !_INMATE_COMM_H */
