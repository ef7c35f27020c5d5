/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Measurement log: one line per accepted image, readable at
 * /sys/module/jailhouse/measurements and with "jailhouse measurements".
 */
#ifndef _JAILHOUSE_MODULE_MEASURE_H
#define _JAILHOUSE_MODULE_MEASURE_H

#include <linux/types.h>

#include "../lib/signature.h"

/* What one log entry records. */
struct jailhouse_measurement {
	u32 type;
	u32 version;
	char name[32];
	/** The file it came from (unsigned: a label in IMA's event name). */
	char image[32];
	u8 sha256[32];
	/** Signer's subjectKeyIdentifier or certificate serial; type 0
	 *  when the image was not verified (sig_enforce=0). */
	struct jailhouse_signer_id signer;
	bool verified;
	/** An unsigned string (`cell load -s`) for cell @name at @address. */
	bool string;
	u64 address;
};

int jailhouse_measure_init(void);
void jailhouse_measure_exit(void);

/**
 * Append an entry; fills in the SHA-256 of @payload.
 * Return: 0 or -ENOMEM / -ENOSPC (log full: the image must be refused).
 */
int jailhouse_measure_add(struct jailhouse_measurement *m,
			  const void *payload, size_t size);

#endif /* !_JAILHOUSE_MODULE_MEASURE_H */
