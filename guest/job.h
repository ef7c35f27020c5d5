/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-256 jobs over an ivshmem v2 device of two peers, the protocol of
 * docs/linux-cells.md ("Workload"): the submitter writes a request into
 * the read-write section, the worker answers in its own output section.
 * Both fields named id are written last and read first, so a reader never
 * takes a half-written record for a new one.
 */
#ifndef _JH_GUEST_JOB_H
#define _JH_GUEST_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <jailhouse/types.h>

#define JOB_REQUEST_MAGIC	0x424f4a48	/* "HJOB" */
#define JOB_RESULT_MAGIC	0x53455248	/* "HRES" */
/* The worker's ivshmem state while it serves jobs. */
#define JOB_STATE_READY		1
#define JOB_DIGEST_SIZE		32

enum job_status {
	JOB_OK = 0,
	JOB_TOO_LONG = 1,	/* length exceeds the read-write section */
	JOB_BAD_MAGIC = 2,
};

/* At offset 0 of the read-write section, written by the submitter. */
struct job_request {
	__u32 magic;
	__u32 id;		/* nonzero; a new value is a new job */
	__u32 length;		/* bytes of data */
	__u32 reserved;
	__u8 data[];
};

/* At offset 0 of the worker's output section. */
struct job_result {
	__u32 magic;
	__u32 id;		/* the request answered */
	__u32 status;		/* enum job_status */
	__u32 length;		/* bytes hashed */
	__u8 digest[JOB_DIGEST_SIZE];
};

/* One peer's view of the shared memory: where its sections are mapped. */
struct job_channel {
	void *rw;			/* the read-write section */
	size_t rw_size;
	const void *peer_out;		/* the other peer's output section */
	void *own_out;			/* this peer's output section */
};

size_t job_max_length(const struct job_channel *ch);
__u32 job_next_id(const struct job_channel *ch);
int job_post(const struct job_channel *ch, __u32 id, const void *data,
	     size_t length);
bool job_serve(const struct job_channel *ch, __u32 *last_id);
int job_result(const struct job_channel *ch, __u32 id,
	       __u8 digest[JOB_DIGEST_SIZE]);

#endif /* !_JH_GUEST_JOB_H */
