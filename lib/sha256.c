// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 as FIPS 180-4 specifies it: 64-byte blocks, big-endian words,
 * the message padded with 0x80, zeros and its length in bits.
 */
#include "sha256.h"

static const __u32 round_constants[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static const __u32 initial_state[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

static __u32 ror(__u32 x, unsigned int n)
{
	return (x >> n) | (x << (32 - n));
}

static __u32 load_be32(const __u8 *p)
{
	return (__u32)p[0] << 24 | (__u32)p[1] << 16 | (__u32)p[2] << 8 | p[3];
}

static void store_be32(__u8 *p, __u32 v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static void compress(__u32 state[8], const __u8 block[64])
{
	__u32 w[64], v[8], t1, t2;
	unsigned int i;

	for (i = 0; i < 16; i++)
		w[i] = load_be32(block + 4 * i);
	for (i = 16; i < 64; i++)
		w[i] = w[i - 16] + w[i - 7] +
		       (ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^
			(w[i - 15] >> 3)) +
		       (ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^
			(w[i - 2] >> 10));
	memcpy(v, state, sizeof(v));
	for (i = 0; i < 64; i++) {
		t1 = v[7] + (ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25)) +
		     ((v[4] & v[5]) ^ (~v[4] & v[6])) + round_constants[i] +
		     w[i];
		t2 = (ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22)) +
		     ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
		memmove(v + 1, v, 7 * sizeof(v[0]));
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (i = 0; i < 8; i++)
		state[i] += v[i];
}

void jailhouse_sha256_init(struct jailhouse_sha256 *ctx)
{
	memcpy(ctx->state, initial_state, sizeof(ctx->state));
	ctx->length = 0;
	ctx->fill = 0;
}

void jailhouse_sha256_update(struct jailhouse_sha256 *ctx, const void *data,
			     size_t len)
{
	const __u8 *p = data;
	size_t take;

	ctx->length += len;
	while (len) {
		take = sizeof(ctx->block) - ctx->fill;
		if (take > len)
			take = len;
		memcpy(ctx->block + ctx->fill, p, take);
		ctx->fill += take;
		p += take;
		len -= take;
		if (ctx->fill == sizeof(ctx->block)) {
			compress(ctx->state, ctx->block);
			ctx->fill = 0;
		}
	}
}

void jailhouse_sha256_final(struct jailhouse_sha256 *ctx,
			    __u8 digest[JAILHOUSE_SHA256_SIZE])
{
	__u64 bits = ctx->length * 8;
	unsigned int i;

	ctx->block[ctx->fill++] = 0x80;
	if (ctx->fill > sizeof(ctx->block) - 8) {
		memset(ctx->block + ctx->fill, 0,
		       sizeof(ctx->block) - ctx->fill);
		compress(ctx->state, ctx->block);
		ctx->fill = 0;
	}
	memset(ctx->block + ctx->fill, 0, sizeof(ctx->block) - 8 - ctx->fill);
	store_be32(ctx->block + 56, bits >> 32);
	store_be32(ctx->block + 60, (__u32)bits);
	compress(ctx->state, ctx->block);
	for (i = 0; i < 8; i++)
		store_be32(digest + 4 * i, ctx->state[i]);
	memset(ctx, 0, sizeof(*ctx));
}
