/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rollback protection: the highest security version accepted so far per
 * image type for the platform's images (hypervisor, system config,
 * policy), per (type, signer, cell name) for a cell's (descriptor,
 * inmate). The
 * floors can be read and raised, never lowered, through /dev/jailhouse,
 * so that the jailhouse tool can carry them across module reloads.
 */
#ifndef _JAILHOUSE_MODULE_ROLLBACK_H
#define _JAILHOUSE_MODULE_ROLLBACK_H

#include <linux/types.h>

#include <jailhouse/ioctl.h>

#include "../lib/signature.h"

/* An image's floors: the loader's (from memory or the floors file), the
 * TPM's, and the one that counts, the higher. */
struct jailhouse_rollback {
	u32 memory;
	u32 tpm;
	u32 floor;
};

/**
 * Lowest security version still acceptable for this image.
 * Return: 0, or -EBADMSG when the TPM's floors are unknown: refuse.
 */
int jailhouse_rollback_floor(u32 type, const struct jailhouse_signer_id *signer,
			     const char *name, struct jailhouse_rollback *out);

/**
 * Remember that @version of this image was accepted, in the TPM too when
 * the floors are TPM-backed.
 * Return: 0, -ENOMEM, -ENOSPC, or the TPM's error: refuse the image.
 */
int jailhouse_rollback_raise(u32 type, const struct jailhouse_signer_id *signer,
			     const char *name, u32 version);

/** JAILHOUSE_FLOORS_GET and JAILHOUSE_FLOORS_RAISE. */
long jailhouse_cmd_floors_get(struct jailhouse_floors_args __user *arg);
long jailhouse_cmd_floors_raise(struct jailhouse_floors_args __user *arg);

void jailhouse_rollback_exit(void);

#endif /* !_JAILHOUSE_MODULE_ROLLBACK_H */
