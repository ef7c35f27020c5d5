// SPDX-License-Identifier: GPL-2.0
/*
 * The job protocol of job.h, independent of how the sections are mapped
 * (jh-worker maps the ivshmem device; the unit test plain memory).
 */
#include <errno.h>
#include <string.h>

#include "job.h"
#include "sha256.h"

static __u32 load_id(const __u32 *id)
{
	return __atomic_load_n(id, __ATOMIC_ACQUIRE);
}

static void store_id(__u32 *id, __u32 value)
{
	__atomic_store_n(id, value, __ATOMIC_RELEASE);
}

size_t job_max_length(const struct job_channel *ch)
{
	return ch->rw_size - sizeof(struct job_request);
}

/* An id neither the request nor the answer holds now: nonzero, fresh. */
__u32 job_next_id(const struct job_channel *ch)
{
	const struct job_request *req = ch->rw;
	const struct job_result *res = ch->peer_out;
	__u32 posted = load_id(&req->id), answered = load_id(&res->id);
	__u32 id = (posted > answered ? posted : answered) + 1;

	return id ? id : 1;
}

/* Write a request; its id goes last, which makes it visible. */
int job_post(const struct job_channel *ch, __u32 id, const void *data,
	     size_t length)
{
	struct job_request *req = ch->rw;

	if (!id)
		return -EINVAL;
	if (length > job_max_length(ch))
		return -EFBIG;
	req->magic = JOB_REQUEST_MAGIC;
	req->length = length;
	req->reserved = 0;
	memcpy(req->data, data, length);
	store_id(&req->id, id);
	return 0;
}

static void hash_request(const struct job_request *req, size_t max,
			 struct job_result *res)
{
	struct jailhouse_sha256 ctx;

	memset(res->digest, 0, sizeof(res->digest));
	res->length = req->length;
	if (req->magic != JOB_REQUEST_MAGIC) {
		res->status = JOB_BAD_MAGIC;
	} else if (req->length > max) {
		res->status = JOB_TOO_LONG;
	} else {
		jailhouse_sha256_init(&ctx);
		jailhouse_sha256_update(&ctx, req->data, req->length);
		jailhouse_sha256_final(&ctx, res->digest);
		res->status = JOB_OK;
	}
}

/*
 * Answer the request if it is new. The id is read again after hashing:
 * a submitter that did not wait for the answer may have overwritten the
 * data meanwhile, and that request is taken on the next call instead.
 */
bool job_serve(const struct job_channel *ch, __u32 *last_id)
{
	const struct job_request *req = ch->rw;
	struct job_result *res = ch->own_out;
	__u32 id = load_id(&req->id);

	if (!id || id == *last_id)
		return false;
	/* The old answer's id goes first: an id names a complete answer. */
	store_id(&res->id, 0);
	hash_request(req, job_max_length(ch), res);
	if (load_id(&req->id) != id)
		return false;
	res->magic = JOB_RESULT_MAGIC;
	store_id(&res->id, id);
	*last_id = id;
	return true;
}

/* 0 and the digest once job id is answered, -EAGAIN before, -EIO if refused. */
int job_result(const struct job_channel *ch, __u32 id,
	       __u8 digest[JOB_DIGEST_SIZE])
{
	const struct job_result *res = ch->peer_out;

	if (load_id(&res->id) != id || res->magic != JOB_RESULT_MAGIC)
		return -EAGAIN;
	if (res->status != JOB_OK)
		return -EIO;
	memcpy(digest, res->digest, JOB_DIGEST_SIZE);
	return 0;
}
