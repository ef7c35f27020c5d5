/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Log a recurring event once: a small set of the keys already logged.
 * For refusals the root cell's Linux repeats by design (each CPU that
 * comes online probes the same MSRs), which would otherwise fill the
 * console with the same lines. The caller serialises access.
 */
#ifndef _JAILHOUSE_LOG_ONCE_H
#define _JAILHOUSE_LOG_ONCE_H

#include <stdbool.h>
#include <jailhouse/types.h>

#define LOG_ONCE_KEYS	64

struct log_once {
	__u64 keys[LOG_ONCE_KEYS];
	unsigned int num;
};

/**
 * Whether @key is new to @set; a new key is remembered. Once the set is
 * full every key counts as new: logging too much beats hiding a refusal.
 */
bool log_once_first(struct log_once *set, __u64 key);

#endif /* !_JAILHOUSE_LOG_ONCE_H */
