// SPDX-License-Identifier: GPL-2.0
/*
 * The machine's TPM 2.0, through the kernel's exported driver interface
 * only: PCR reads and extends for the measurement log, and the few NV
 * commands the rollback floors need. NV commands go out with tpm_send()
 * as raw TPM 2.0 byte streams (big-endian) with the empty password
 * session (TPM_RS_PW): the floors' NV indexes are protected by what they
 * are (see tpm-floors.c), not by a secret the loader could not keep from
 * root anyway. A TPM 1.2 is not used.
 */
#include <crypto/hash.h>
#include <crypto/hash_info.h>
#include <crypto/sha2.h>
#include <asm/unaligned.h>
#include <linux/slab.h>
#include <linux/tpm.h>

#include "tpm.h"

#define TPM2_CC_NV_DEFINE_SPACE		0x012a
#define TPM2_CC_NV_EXTEND		0x0136
#define TPM2_CC_NV_WRITE		0x0137
#define TPM2_CC_NV_READ_PUBLIC		0x0169
#define TPM2_RH_OWNER_HANDLE		0x40000001
#define TPM2_PT_PERMANENT		0x0200
#define TPMA_PERMANENT_OWNER_AUTH_SET	BIT(0)
#define TPMA_PERMANENT_LOCKOUT_AUTH_SET	BIT(2)

/* Response header, then the handle area (none here), then with sessions
 * the parameter size. */
#define RSP_HEADER			10

static struct tpm_chip *chip;

bool jailhouse_tpm_present(void)
{
	return chip != NULL;
}

/*
 * A vTPM proxy (/dev/vtpmx) is a TPM root's user space implements: floors
 * and measurements kept there are root's to rewrite, so it is not used.
 */
static const char *unusable(struct tpm_chip *c)
{
	if (!tpm_is_tpm2(c))
		return "a TPM 1.2 (TPM 2.0 only)";
	if (c->flags & TPM_CHIP_FLAG_VIRTUAL)
		return "a vTPM proxy, which root's user space implements";
	return NULL;
}

int jailhouse_tpm_init(void)
{
	const char *why;

	chip = tpm_default_chip();
	why = chip ? unusable(chip) : NULL;
	if (why) {
		pr_err("jailhouse: the default TPM is %s: not used\n", why);
		put_device(&chip->dev);
		chip = NULL;
	}
	return 0;
}

void jailhouse_tpm_exit(void)
{
	if (chip)
		put_device(&chip->dev);
	chip = NULL;
}

int jailhouse_tpm_pcr_read(u32 pcr, u8 digest[SHA256_DIGEST_SIZE])
{
	struct tpm_digest d = { .alg_id = TPM_ALG_SHA256 };
	int err;

	err = tpm_pcr_read(chip, pcr, &d);
	if (err)
		return err > 0 ? -EIO : err;
	memcpy(digest, d.digest, SHA256_DIGEST_SIZE);
	return 0;
}

/*
 * The event's digest in one PCR bank's algorithm. A bank whose algorithm
 * this kernel does not have (no name for it, or its module not loaded)
 * gets the SHA-256 digest cut or zero-padded to its size, as IMA does:
 * verifiers replay the SHA-256 bank.
 */
static int bank_digest(const struct tpm_bank_info *bank, const void *event,
		       size_t len, struct tpm_digest *d)
{
	struct crypto_shash *tfm = ERR_PTR(-ENOENT);
	u8 sha[SHA256_DIGEST_SIZE];
	int err;

	memset(d, 0, sizeof(*d));
	d->alg_id = bank->alg_id;
	if (bank->crypto_id < HASH_ALGO__LAST)
		tfm = crypto_alloc_shash(hash_algo_name[bank->crypto_id], 0, 0);
	if (!IS_ERR(tfm)) {
		err = crypto_shash_tfm_digest(tfm, event, len, d->digest);
		crypto_free_shash(tfm);
		return err;
	}
	sha256(event, len, sha);
	memcpy(d->digest, sha, min_t(size_t, sizeof(sha), bank->digest_size));
	return 0;
}

int jailhouse_tpm_pcr_extend(u32 pcr, const void *event, size_t len)
{
	struct tpm_digest *digests;
	int n, err = 0;

	digests = kcalloc(chip->nr_allocated_banks, sizeof(*digests),
			  GFP_KERNEL);
	if (!digests)
		return -ENOMEM;
	for (n = 0; n < chip->nr_allocated_banks && !err; n++)
		err = bank_digest(&chip->allocated_banks[n], event, len,
				  &digests[n]);
	if (!err)
		err = tpm_pcr_extend(chip, pcr, digests);
	kfree(digests);
	return err > 0 ? -EIO : err;
}

/* The empty password session: authorisation by an empty authValue. */
static void append_password_session(struct tpm_buf *buf)
{
	tpm_buf_append_u32(buf, 9);		/* authorizationSize */
	tpm_buf_append_u32(buf, TPM2_RS_PW);
	tpm_buf_append_u16(buf, 0);		/* nonce */
	tpm_buf_append_u8(buf, 0);		/* sessionAttributes */
	tpm_buf_append_u16(buf, 0);		/* hmac */
}

/* Send @buf; a TPM error code becomes -EIO, logged with @what and @id. */
static int transmit(struct tpm_buf *buf, const char *what, u32 id)
{
	int rc;

	if (buf->flags & TPM_BUF_OVERFLOW)
		return -E2BIG;
	rc = tpm_send(chip, buf->data, tpm_buf_length(buf));
	if (rc > 0)
		pr_err("jailhouse: TPM %s %#x: TPM error %#x\n", what, id, rc);
	return rc > 0 ? -EIO : rc;
}

/* Bytes of the response that follow @offset, 0 if it is shorter. */
static u32 response_left(struct tpm_buf *buf, u32 offset)
{
	u32 len = tpm_buf_length(buf);

	return len > offset && len <= PAGE_SIZE ? len - offset : 0;
}

static u16 get16(const u8 *p)
{
	return get_unaligned_be16(p);
}

/*
 * TPM2_GetCapability(@cap) of the first item from @property: 1 and its
 * @size bytes (after the item's u32 tag) in @item when the TPM names
 * @property itself, 0 when it names another or none, or an error.
 */
static int get_capability(u32 cap, u32 property, void *item, u32 size,
			  const char *what)
{
	struct tpm_buf buf;
	int err;

	err = tpm_buf_init(&buf, TPM2_ST_NO_SESSIONS, TPM2_CC_GET_CAPABILITY);
	if (err)
		return err;
	tpm_buf_append_u32(&buf, cap);
	tpm_buf_append_u32(&buf, property);
	tpm_buf_append_u32(&buf, 1);
	err = transmit(&buf, what, property);
	/* moreData, capability, count */
	if (!err && (response_left(&buf, RSP_HEADER) < 1 + 4 + 4 ||
		     get_unaligned_be32(buf.data + RSP_HEADER + 1) != cap))
		err = -EIO;
	if (!err)
		err = get_unaligned_be32(buf.data + RSP_HEADER + 5) >= 1 &&
		      response_left(&buf, RSP_HEADER) >= 13 + size &&
		      get_unaligned_be32(buf.data + RSP_HEADER + 9) == property;
	if (err == 1 && size)
		memcpy(item, buf.data + RSP_HEADER + 13, size);
	tpm_buf_destroy(&buf);
	return err;
}

/* Whether @index is defined, without the kernel logging an error for an
 * unknown handle. */
static int nv_defined(u32 index)
{
	return get_capability(TPM2_CAP_HANDLES, index, NULL, 0,
			      "handle lookup of NV index");
}

int jailhouse_tpm_hierarchy_auth_unset(const char **which)
{
	__be32 permanent;
	u32 bits;
	int err;

	err = get_capability(TPM2_CAP_TPM_PROPERTIES, TPM2_PT_PERMANENT,
			     &permanent, sizeof(permanent), "read of property");
	if (err <= 0)
		return err ?: -EIO;
	bits = be32_to_cpu(permanent);
	if (!(bits & TPMA_PERMANENT_OWNER_AUTH_SET))
		*which = "owner";
	else if (!(bits & TPMA_PERMANENT_LOCKOUT_AUTH_SET))
		*which = "lockout";
	else
		return 0;
	return 1;
}

static int parse_public(struct tpm_buf *buf, u32 index,
			struct jailhouse_nv_public *pub)
{
	const u8 *p = buf->data + RSP_HEADER;
	u32 left = response_left(buf, RSP_HEADER);
	u16 size, policy;

	/* TPM2B_NV_PUBLIC: size, nvIndex, nameAlg, attributes, authPolicy,
	 * dataSize */
	if (left < 2 + 4 + 2 + 4 + 2)
		return -EIO;
	size = get16(p);
	policy = get16(p + 12);
	if (left < 2U + size || size != 4 + 2 + 4 + 2 + policy + 2 ||
	    get_unaligned_be32(p + 2) != index)
		return -EIO;
	pub->name_alg = get16(p + 6);
	pub->attributes = get_unaligned_be32(p + 8);
	pub->policy_size = policy;
	pub->size = get16(p + 14 + policy);
	return 0;
}

int jailhouse_tpm_nv_public(u32 index, struct jailhouse_nv_public *pub)
{
	struct tpm_buf buf;
	int err;

	err = nv_defined(index);
	if (err <= 0)
		return err ?: -ENOENT;
	err = tpm_buf_init(&buf, TPM2_ST_NO_SESSIONS, TPM2_CC_NV_READ_PUBLIC);
	if (err)
		return err;
	tpm_buf_append_u32(&buf, index);
	err = transmit(&buf, "public area read of NV index", index);
	if (!err)
		err = parse_public(&buf, index, pub);
	tpm_buf_destroy(&buf);
	return err;
}

int jailhouse_tpm_nv_define(u32 index, u32 attributes, u16 size)
{
	struct tpm_buf buf;
	int err;

	err = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_NV_DEFINE_SPACE);
	if (err)
		return err;
	tpm_buf_append_u32(&buf, TPM2_RH_OWNER_HANDLE);
	append_password_session(&buf);
	tpm_buf_append_u16(&buf, 0);		/* auth: empty */
	tpm_buf_append_u16(&buf, 4 + 2 + 4 + 2 + 2);
	tpm_buf_append_u32(&buf, index);
	tpm_buf_append_u16(&buf, TPM_ALG_SHA256);
	tpm_buf_append_u32(&buf, attributes);
	tpm_buf_append_u16(&buf, 0);		/* authPolicy: none */
	tpm_buf_append_u16(&buf, size);
	err = transmit(&buf, "definition (is an owner password set?) of NV "
		       "index", index);
	tpm_buf_destroy(&buf);
	return err;
}

/* A command authorised by the index itself: handles, session, then. */
static int nv_command_init(struct tpm_buf *buf, u32 cc, u32 index)
{
	int err = tpm_buf_init(buf, TPM2_ST_SESSIONS, cc);

	if (err)
		return err;
	tpm_buf_append_u32(buf, index);		/* authHandle */
	tpm_buf_append_u32(buf, index);		/* nvIndex */
	append_password_session(buf);
	return 0;
}

int jailhouse_tpm_nv_read(u32 index, u16 offset, void *data, u16 len)
{
	struct tpm_buf buf;
	int err;

	if (len > JAILHOUSE_TPM_NV_CHUNK)
		return -E2BIG;
	err = nv_command_init(&buf, TPM2_CC_NV_READ, index);
	if (err)
		return err;
	tpm_buf_append_u16(&buf, len);
	tpm_buf_append_u16(&buf, offset);
	err = transmit(&buf, "read of NV index", index);
	/* parameterSize, then TPM2B_MAX_NV_BUFFER */
	if (!err && (response_left(&buf, RSP_HEADER) < 4 + 2 + len ||
		     get16(buf.data + RSP_HEADER + 4) != len))
		err = -EIO;
	if (!err)
		memcpy(data, buf.data + RSP_HEADER + 6, len);
	tpm_buf_destroy(&buf);
	return err;
}

/* NV_Write and NV_Extend: the data, then NV_Write's @offset (if any). */
static int nv_send_data(u32 cc, const char *what, u32 index,
			const void *data, u16 len, const u16 *offset)
{
	struct tpm_buf buf;
	int err;

	if (len > JAILHOUSE_TPM_NV_CHUNK)
		return -E2BIG;
	err = nv_command_init(&buf, cc, index);
	if (err)
		return err;
	tpm_buf_append_u16(&buf, len);
	tpm_buf_append(&buf, data, len);
	if (offset)
		tpm_buf_append_u16(&buf, *offset);
	err = transmit(&buf, what, index);
	tpm_buf_destroy(&buf);
	return err;
}

int jailhouse_tpm_nv_write(u32 index, u16 offset, const void *data, u16 len)
{
	return nv_send_data(TPM2_CC_NV_WRITE, "write of NV index", index, data,
			    len, &offset);
}

int jailhouse_tpm_nv_extend(u32 index, const void *data, u16 len)
{
	return nv_send_data(TPM2_CC_NV_EXTEND, "extend of NV index", index,
			    data, len, NULL);
}
