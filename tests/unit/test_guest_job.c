// SPDX-License-Identifier: GPL-2.0
/*
 * guest/job.c, the SHA-256 job protocol of jh-worker, over plain memory
 * laid out as a two-peer ivshmem device: the submitter's and the
 * worker's view of the same sections, digests checked against
 * FIPS 180-4's "abc" example.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "job.h"

#define RW_SIZE		4096
#define OUT_SIZE	4096

static const __u8 abc_digest[JOB_DIGEST_SIZE] = {
	0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40,
	0xde, 0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17,
	0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
};

static __u8 rw[RW_SIZE], out0[OUT_SIZE], out1[OUT_SIZE];
/* The root is peer 0 and submits; the cell, peer 1, works. */
static const struct job_channel root = {
	.rw = rw, .rw_size = RW_SIZE, .own_out = out0, .peer_out = out1,
};
static const struct job_channel cell = {
	.rw = rw, .rw_size = RW_SIZE, .own_out = out1, .peer_out = out0,
};

static int reset(void **state)
{
	(void)state;
	memset(rw, 0, sizeof(rw));
	memset(out0, 0, sizeof(out0));
	memset(out1, 0, sizeof(out1));
	return 0;
}

static void test_round_trip(void **state)
{
	__u8 digest[JOB_DIGEST_SIZE];
	__u32 last = 0, id = job_next_id(&root);

	(void)state;
	assert_int_equal(id, 1);
	assert_int_equal(job_result(&root, id, digest), -EAGAIN);
	assert_int_equal(job_post(&root, id, "abc", 3), 0);
	assert_int_equal(job_result(&root, id, digest), -EAGAIN);
	assert_true(job_serve(&cell, &last));
	assert_int_equal(last, id);
	assert_int_equal(job_result(&root, id, digest), 0);
	assert_memory_equal(digest, abc_digest, sizeof(digest));
	/* Served once: the same request is not new. */
	assert_false(job_serve(&cell, &last));
	assert_int_equal(job_next_id(&root), 2);
}

static void test_empty_and_full(void **state)
{
	static __u8 data[RW_SIZE];
	__u8 digest[JOB_DIGEST_SIZE];
	size_t max = job_max_length(&root);
	__u32 last = 0;

	(void)state;
	assert_int_equal(max, RW_SIZE - sizeof(struct job_request));
	assert_int_equal(job_post(&root, 1, data, max + 1), -EFBIG);
	assert_int_equal(job_post(&root, 1, "", 0), 0);
	assert_true(job_serve(&cell, &last));
	assert_int_equal(job_result(&root, 1, digest), 0);
	assert_int_equal(job_post(&root, 2, data, max), 0);
	assert_true(job_serve(&cell, &last));
	assert_int_equal(job_result(&root, 2, digest), 0);
	assert_int_equal(((struct job_result *)out1)->length, max);
}

/* A request the worker cannot trust is answered with a status, no digest. */
static void test_refused(void **state)
{
	struct job_request *req = (struct job_request *)rw;
	__u8 digest[JOB_DIGEST_SIZE];
	__u32 last = 0;

	(void)state;
	assert_int_equal(job_post(&root, 1, "abc", 3), 0);
	req->length = RW_SIZE;
	assert_true(job_serve(&cell, &last));
	assert_int_equal(job_result(&root, 1, digest), -EIO);
	assert_int_equal(((struct job_result *)out1)->status, JOB_TOO_LONG);
	assert_int_equal(job_post(&root, 2, "abc", 3), 0);
	req->magic = 0;
	assert_true(job_serve(&cell, &last));
	assert_int_equal(job_result(&root, 2, digest), -EIO);
	assert_int_equal(((struct job_result *)out1)->status, JOB_BAD_MAGIC);
	assert_int_equal(job_post(&root, 0, "abc", 3), -EINVAL);
}

/* Ids skip 0 on wrap, and follow whichever side is ahead. */
static void test_next_id(void **state)
{
	(void)state;
	((struct job_request *)rw)->id = 0xffffffff;
	assert_int_equal(job_next_id(&root), 1);
	((struct job_request *)rw)->id = 3;
	((struct job_result *)out1)->id = 7;
	assert_int_equal(job_next_id(&root), 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_round_trip, reset),
		cmocka_unit_test_setup(test_empty_and_full, reset),
		cmocka_unit_test_setup(test_refused, reset),
		cmocka_unit_test_setup(test_next_id, reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
