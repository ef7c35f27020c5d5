// SPDX-License-Identifier: GPL-2.0
/* lib/sha256.c: FIPS 180-4's examples, then every length across the
 * padding boundaries, fed in uneven pieces, against OpenSSL. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <openssl/sha.h>

#include "sha256.h"

static void digest_of(const void *data, size_t len, size_t piece,
		      __u8 out[JAILHOUSE_SHA256_SIZE])
{
	const __u8 *p = data;
	struct jailhouse_sha256 ctx;
	size_t take;

	jailhouse_sha256_init(&ctx);
	while (len) {
		take = len < piece ? len : piece;
		jailhouse_sha256_update(&ctx, p, take);
		p += take;
		len -= take;
	}
	jailhouse_sha256_final(&ctx, out);
}

static void assert_digest(const char *msg, const char *hex)
{
	__u8 got[JAILHOUSE_SHA256_SIZE];
	char text[2 * JAILHOUSE_SHA256_SIZE + 1];
	unsigned int i;

	digest_of(msg, strlen(msg), 7, got);
	for (i = 0; i < sizeof(got); i++)
		snprintf(text + 2 * i, 3, "%02x", got[i]);
	assert_string_equal(text, hex);
}

static void test_fips_examples(void **state)
{
	(void)state;
	assert_digest("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934c"
		      "a495991b7852b855");
	assert_digest("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a"
		      "9cb410ff61f20015ad");
	assert_digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmn"
		      "lmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce459"
		      "64ff2167f6ecedd419db06c1");
}

static void test_every_length(void **state)
{
	__u8 data[300], ours[JAILHOUSE_SHA256_SIZE], ref[SHA256_DIGEST_LENGTH];
	size_t len, piece;

	(void)state;
	for (len = 0; len < sizeof(data); len++)
		data[len] = (__u8)(len * 131 + 7);
	for (len = 0; len <= sizeof(data); len++) {
		SHA256(data, len, ref);
		for (piece = 1; piece <= 65; piece += 16) {
			digest_of(data, len, piece, ours);
			assert_memory_equal(ours, ref, sizeof(ref));
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fips_examples),
		cmocka_unit_test(test_every_length),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
