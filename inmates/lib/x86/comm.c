// SPDX-License-Identifier: GPL-2.0
/* The cell's side of the comm region handshake (see comm.h). */
#include <comm.h>
#include <jailhouse/string.h>

bool comm_region_valid(const struct jailhouse_comm_region *comm)
{
	return !memcmp(comm->signature, JAILHOUSE_COMM_REGION_MAGIC,
		       JAILHOUSE_COMM_REGION_MAGIC_LEN) &&
		comm->revision == JAILHOUSE_COMM_REGION_REVISION;
}

__u32 comm_region_reply_for(__u32 msg, bool approve_shutdown)
{
	switch (msg) {
	case JAILHOUSE_MSG_SHUTDOWN_REQUEST:
		return approve_shutdown ? JAILHOUSE_MSG_REQUEST_APPROVED :
					  JAILHOUSE_MSG_REQUEST_DENIED;
	case JAILHOUSE_MSG_RECONFIG_COMPLETED:
		return JAILHOUSE_MSG_RECEIVED;
	default:
		return JAILHOUSE_MSG_UNKNOWN;
	}
}

void comm_region_reply(struct jailhouse_comm_region *comm, __u32 reply)
{
	comm->msg_to_cell = JAILHOUSE_MSG_NONE;
	/* The hypervisor must never see the reply with the old message. */
	asm volatile("mfence" : : : "memory");
	comm->reply_from_cell = reply;
}

__u32 comm_region_poll(struct jailhouse_comm_region *comm,
		       bool approve_shutdown)
{
	__u32 msg = comm->msg_to_cell;

	if (msg != JAILHOUSE_MSG_NONE)
		comm_region_reply(comm,
				  comm_region_reply_for(msg, approve_shutdown));
	return msg;
}
