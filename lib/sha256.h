/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-256 (FIPS 180-4) for the code under lib/, which has no common
 * crypto library in all of its worlds: it names signers by a digest of
 * their certificate's issuer and serial (signature.c). Not for bulk data:
 * the kernel module and the tools hash images with their own libraries.
 */
#ifndef _JAILHOUSE_LIB_SHA256_H
#define _JAILHOUSE_LIB_SHA256_H

#include "env.h"

#include <jailhouse/types.h>

#define JAILHOUSE_SHA256_SIZE	32

struct jailhouse_sha256 {
	__u32 state[8];
	__u64 length;		/* bytes hashed so far */
	__u8 block[64];
	size_t fill;		/* bytes waiting in block */
};

void jailhouse_sha256_init(struct jailhouse_sha256 *ctx);
void jailhouse_sha256_update(struct jailhouse_sha256 *ctx, const void *data,
			     size_t len);
void jailhouse_sha256_final(struct jailhouse_sha256 *ctx,
			    __u8 digest[JAILHOUSE_SHA256_SIZE]);

#endif /* !_JAILHOUSE_LIB_SHA256_H */
