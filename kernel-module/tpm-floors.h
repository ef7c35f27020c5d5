/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rollback floors held in TPM NV storage (tpm-floors.c), beside the
 * in-memory floors of rollback.c. Without a TPM 2.0, or when the TPM
 * refuses to define the indexes, the floors are file-backed as before and
 * these calls do nothing.
 */
#ifndef _JAILHOUSE_MODULE_TPM_FLOORS_H
#define _JAILHOUSE_MODULE_TPM_FLOORS_H

#include <linux/types.h>

#include <jailhouse/ioctl.h>

/* In the owner range of the TCG's handle registry (0x01800000-0x01bfffff). */
#define JAILHOUSE_NV_FLOOR_LOG		0x01a1b000
#define JAILHOUSE_NV_FLOOR_CHAIN	0x01a1b001

/** Load (or first define) the floors; logs which backing is in use. */
void jailhouse_tpm_floors_init(void);
void jailhouse_tpm_floors_exit(void);

/**
 * The TPM's floor for @key (its version ignored), 0 when file-backed.
 * Return: 0, or -EBADMSG when the TPM's floors are unknown.
 */
int jailhouse_tpm_floor(const struct jailhouse_floor *key, u32 *floor);

/** Raise the TPM's floor for @key to @key->version; durable on return. */
int jailhouse_tpm_floor_raise(const struct jailhouse_floor *key);

#endif /* !_JAILHOUSE_MODULE_TPM_FLOORS_H */
