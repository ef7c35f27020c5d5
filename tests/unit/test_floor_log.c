// SPDX-License-Identifier: GPL-2.0
/*
 * lib/floor-log.c, the TPM floors' record log and its chain: a log
 * replays to its chain, an append interrupted before its extend is
 * recognised, and a record changed, removed or added without its extend
 * is not taken; a key's floor is its highest record, its version aside.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <openssl/sha.h>

#include "floor-log.h"

#define LOG_MAX 6

struct log {
	jailhouse_floor_record records[LOG_MAX];
	unsigned int n;
	__u8 chain[JAILHOUSE_SHA256_SIZE];
};

static struct jailhouse_floor floor_key(const char *name, __u32 version)
{
	struct jailhouse_floor key = { .type = 3, .version = version };

	strncpy(key.name, name, sizeof(key.name) - 1);
	return key;
}

/* Append as the loader does: the record, then the chain's extend. */
static void append(struct log *log, const char *name, __u32 version)
{
	struct jailhouse_floor key = floor_key(name, version);

	jailhouse_floor_record_make(&key, log->records[log->n]);
	jailhouse_floor_chain_step(log->chain, log->records[log->n++]);
}

static struct log three_records(void)
{
	struct log log = { .n = 0 };

	append(&log, "a", 1);
	append(&log, "b", 5);
	append(&log, "a", 3);
	return log;
}

static void test_empty_log_unwritten_chain(void **state)
{
	struct log log = three_records();

	(void)state;
	assert_int_equal(jailhouse_floor_log_check(log.records, 0, NULL), 0);
	assert_int_equal(jailhouse_floor_log_check(log.records, 1, NULL), 1);
	assert_int_equal(jailhouse_floor_log_check(log.records, 2, NULL),
			 -EBADMSG);
}

/* The chain is a TPM extend index: SHA-256(chain || record). */
static void test_chain_is_tpm_extend(void **state)
{
	struct log log = { .n = 0 };
	__u8 buf[JAILHOUSE_SHA256_SIZE + JAILHOUSE_FLOOR_RECORD_SIZE] = { 0 };
	__u8 want[JAILHOUSE_SHA256_SIZE];

	(void)state;
	append(&log, "a", 1);
	memcpy(buf + JAILHOUSE_SHA256_SIZE, log.records[0],
	       JAILHOUSE_FLOOR_RECORD_SIZE);
	SHA256(buf, sizeof(buf), want);
	assert_memory_equal(log.chain, want, sizeof(want));
	assert_int_equal(log.records[0][JAILHOUSE_FLOOR_KEY_SIZE + 3], 1);
}

static void test_replays(void **state)
{
	struct log log = three_records();

	(void)state;
	assert_int_equal(jailhouse_floor_log_check(log.records, log.n,
						   log.chain), 0);
}

static void test_interrupted_append(void **state)
{
	struct log log = three_records();
	struct jailhouse_floor key = floor_key("c", 9);

	(void)state;
	jailhouse_floor_record_make(&key, log.records[log.n]);
	assert_int_equal(jailhouse_floor_log_check(log.records, log.n + 1,
						   log.chain), 1);
	/* Two records ahead is not an interrupted append. */
	key.version = 10;
	jailhouse_floor_record_make(&key, log.records[log.n + 1]);
	assert_int_equal(jailhouse_floor_log_check(log.records, log.n + 2,
						   log.chain), -EBADMSG);
}

static void test_tampered_log_refused(void **state)
{
	struct log log = three_records();
	struct log changed = log;

	(void)state;
	/* a record's version lowered */
	changed.records[2][JAILHOUSE_FLOOR_KEY_SIZE + 3] = 1;
	assert_int_equal(jailhouse_floor_log_check(changed.records, log.n,
						   log.chain), -EBADMSG);
	/* the record that raised a's floor removed (not the last) */
	memcpy(changed.records[0], log.records[1], sizeof(log.records[1]));
	memcpy(changed.records[1], log.records[2], sizeof(log.records[2]));
	assert_int_equal(jailhouse_floor_log_check(changed.records, 2,
						   log.chain), -EBADMSG);
	/* the log cut back by two */
	assert_int_equal(jailhouse_floor_log_check(log.records, 1, log.chain),
			 -EBADMSG);
	/* a chain never written cannot stand for records */
	assert_int_equal(jailhouse_floor_log_check(log.records, log.n, NULL),
			 -EBADMSG);
}

static void test_lookup_highest(void **state)
{
	struct log log = three_records();
	struct jailhouse_floor a = floor_key("a", 77);
	struct jailhouse_floor other = floor_key("a", 0);

	(void)state;
	assert_int_equal(jailhouse_floor_log_lookup(log.records, log.n, &a), 3);
	other.type = 4;
	assert_int_equal(jailhouse_floor_log_lookup(log.records, log.n,
						    &other), 0);
	other = floor_key("b", 0);
	other.signer_len = 1;
	assert_int_equal(jailhouse_floor_log_lookup(log.records, log.n,
						    &other), 0);
	assert_int_equal(jailhouse_floor_log_lookup(log.records, 0, &a), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_log_unwritten_chain),
		cmocka_unit_test(test_chain_is_tpm_extend),
		cmocka_unit_test(test_replays),
		cmocka_unit_test(test_interrupted_append),
		cmocka_unit_test(test_tampered_log_refused),
		cmocka_unit_test(test_lookup_highest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
