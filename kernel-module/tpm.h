/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The TPM 2.0 the kernel's driver calls its default chip: PCRs and the NV
 * commands the rollback floors use. Every call but jailhouse_tpm_present()
 * needs a TPM present.
 */
#ifndef _JAILHOUSE_MODULE_TPM_H
#define _JAILHOUSE_MODULE_TPM_H

#include <crypto/sha2.h>
#include <linux/types.h>

/* NV bytes one read or write moves at most (below every TPM's
 * TPM_PT_NV_BUFFER_MAX we know of). */
#define JAILHOUSE_TPM_NV_CHUNK		512

/* TPMA_NV bits the floors use. */
#define TPMA_NV_AUTHWRITE		BIT(2)
#define TPMA_NV_TYPE_EXTEND		(4 << 4)
#define TPMA_NV_AUTHREAD		BIT(18)
#define TPMA_NV_NO_DA			BIT(25)
#define TPMA_NV_WRITTEN			BIT(29)

struct jailhouse_nv_public {
	u32 attributes;
	u16 size;
	u16 name_alg;
	u16 policy_size;
};

/** Take the default chip if it is a TPM 2.0; never fails. */
int jailhouse_tpm_init(void);
void jailhouse_tpm_exit(void);
bool jailhouse_tpm_present(void);

int jailhouse_tpm_pcr_read(u32 pcr, u8 digest[SHA256_DIGEST_SIZE]);

/** Extend @pcr in every allocated bank with the digest of @event. */
int jailhouse_tpm_pcr_extend(u32 pcr, const void *event, size_t len);

/** Return: 0, -ENOENT when @index is not defined, or an error. */
int jailhouse_tpm_nv_public(u32 index, struct jailhouse_nv_public *pub);

/**
 * Whether the owner or the lockout hierarchy has an empty authorisation,
 * which lets anyone undefine or clear NV indexes.
 * Return: 1 with @which "owner" or "lockout", 0 when both are set, or an
 * error.
 */
int jailhouse_tpm_hierarchy_auth_unset(const char **which);

/** Define @index in the owner hierarchy, SHA-256 names, empty auth. */
int jailhouse_tpm_nv_define(u32 index, u32 attributes, u16 size);

int jailhouse_tpm_nv_read(u32 index, u16 offset, void *data, u16 len);
int jailhouse_tpm_nv_write(u32 index, u16 offset, const void *data, u16 len);
int jailhouse_tpm_nv_extend(u32 index, const void *data, u16 len);

#endif /* !_JAILHOUSE_MODULE_TPM_H */
