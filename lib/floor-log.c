// SPDX-License-Identifier: GPL-2.0
/*
 * The rollback floors' record log and its chain (floor-log.h). Built into
 * the loader and, for its unit test, for the host.
 */
#include "floor-log.h"

static void key_digest(const struct jailhouse_floor *key,
		       __u8 out[JAILHOUSE_FLOOR_KEY_SIZE])
{
	struct jailhouse_floor k = *key;
	struct jailhouse_sha256 ctx;
	__u8 sha[JAILHOUSE_SHA256_SIZE];

	k.version = 0;
	jailhouse_sha256_init(&ctx);
	jailhouse_sha256_update(&ctx, &k, sizeof(k));
	jailhouse_sha256_final(&ctx, sha);
	memcpy(out, sha, JAILHOUSE_FLOOR_KEY_SIZE);
}

static __u32 record_version(const jailhouse_floor_record record)
{
	const __u8 *v = record + JAILHOUSE_FLOOR_KEY_SIZE;

	return (__u32)v[0] << 24 | (__u32)v[1] << 16 | (__u32)v[2] << 8 | v[3];
}

void jailhouse_floor_record_make(const struct jailhouse_floor *key,
				 jailhouse_floor_record record)
{
	__u8 *v = record + JAILHOUSE_FLOOR_KEY_SIZE;

	key_digest(key, record);
	v[0] = key->version >> 24;
	v[1] = key->version >> 16;
	v[2] = key->version >> 8;
	v[3] = key->version;
}

__u32 jailhouse_floor_log_lookup(const jailhouse_floor_record *records,
				 unsigned int n,
				 const struct jailhouse_floor *key)
{
	__u8 digest[JAILHOUSE_FLOOR_KEY_SIZE];
	__u32 floor = 0, version;
	unsigned int i;

	key_digest(key, digest);
	for (i = 0; i < n; i++) {
		version = record_version(records[i]);
		if (!memcmp(records[i], digest, sizeof(digest)) &&
		    version > floor)
			floor = version;
	}
	return floor;
}

void jailhouse_floor_chain_step(__u8 chain[JAILHOUSE_SHA256_SIZE],
				const jailhouse_floor_record record)
{
	struct jailhouse_sha256 ctx;

	jailhouse_sha256_init(&ctx);
	jailhouse_sha256_update(&ctx, chain, JAILHOUSE_SHA256_SIZE);
	jailhouse_sha256_update(&ctx, record, JAILHOUSE_FLOOR_RECORD_SIZE);
	jailhouse_sha256_final(&ctx, chain);
}

/* Whether @chain is the replay of the first @n records. */
static bool chain_is(const jailhouse_floor_record *records, unsigned int n,
		     const __u8 *chain)
{
	__u8 replayed[JAILHOUSE_SHA256_SIZE] = { 0 };
	unsigned int i;

	if (!chain)
		return n == 0;
	for (i = 0; i < n; i++)
		jailhouse_floor_chain_step(replayed, records[i]);
	return !memcmp(chain, replayed, sizeof(replayed));
}

int jailhouse_floor_log_check(const jailhouse_floor_record *records,
			      unsigned int n, const __u8 *chain)
{
	if (chain_is(records, n, chain))
		return 0;
	if (n && chain_is(records, n - 1, chain))
		return 1;
	return -EBADMSG;
}
