/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rollback floors' record log and its chain, as the loader keeps them
 * in TPM NV storage (kernel-module/tpm-floors.c): a record is a 16-byte
 * digest of the floor's key (struct jailhouse_floor, version 0) and the
 * big-endian security version; the chain is SHA-256 extended with every
 * record in order, from 32 zero bytes (a TPM extend index's start).
 */
#ifndef _JAILHOUSE_LIB_FLOOR_LOG_H
#define _JAILHOUSE_LIB_FLOOR_LOG_H

#include "env.h"
#include "sha256.h"

#include <jailhouse/ioctl.h>

#define JAILHOUSE_FLOOR_KEY_SIZE	16
#define JAILHOUSE_FLOOR_RECORD_SIZE	(JAILHOUSE_FLOOR_KEY_SIZE + 4)

typedef __u8 jailhouse_floor_record[JAILHOUSE_FLOOR_RECORD_SIZE];

/** The record that raises @key's floor to @key->version. */
void jailhouse_floor_record_make(const struct jailhouse_floor *key,
				 jailhouse_floor_record record);

/** @key's floor among @n records: their highest version, 0 if none. */
__u32 jailhouse_floor_log_lookup(const jailhouse_floor_record *records,
				 unsigned int n,
				 const struct jailhouse_floor *key);

/** Extend @chain with @record. */
void jailhouse_floor_chain_step(__u8 chain[JAILHOUSE_SHA256_SIZE],
				const jailhouse_floor_record record);

/**
 * Whether @chain (NULL: the extend index was never written) is the replay
 * of the @n records.
 * Return: 0 if it is; 1 if it is that of the first n - 1 (an append
 * stopped before its extend: extend the last record to complete it);
 * -EBADMSG otherwise (the log was changed).
 */
int jailhouse_floor_log_check(const jailhouse_floor_record *records,
			      unsigned int n, const __u8 *chain);

#endif /* !_JAILHOUSE_LIB_FLOOR_LOG_H */
