// SPDX-License-Identifier: GPL-2.0
/*
 * Rollback floors in the TPM, where root cannot lower them by deleting a
 * file. Two NV indexes of the owner hierarchy hold them:
 *
 *   JAILHOUSE_NV_FLOOR_LOG (ordinary, FLOOR_LOG_SIZE bytes): a big-endian
 *	record count, then records of a 16-byte key digest and a big-endian
 *	security version;
 *   JAILHOUSE_NV_FLOOR_CHAIN (extend, SHA-256): every record ever
 *	appended to the log, extended in order.
 *
 * Records only add: a key's floor is the highest version among its
 * records. The chain authenticates the log. Both have an empty authValue,
 * so root can write the log and extend the chain too, but a written log
 * then no longer replays to the chain, and an extended record only raises
 * a floor. Lowering a floor takes undefining the chain, which needs the
 * owner hierarchy's authorisation: an operator who sets an owner password
 * after the first load and keeps it off the machine keeps root from that
 * (docs/attestation.md). A log that does not replay to its chain leaves
 * the floors unknown, and then every signed image is refused until the
 * owner undefines both indexes.
 *
 * An append writes the record, then the count, then extends the chain. A
 * load that finds the chain one record behind the log completes the
 * extend: that record was being raised when the machine stopped.
 */
#include <crypto/sha2.h>
#include <linux/acpi.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tpm.h>

#include "../lib/floor-log.h"
#include "tpm.h"
#include "tpm-floors.h"

#define FLOOR_LOG_SIZE		2048
#define RECORD_SIZE		JAILHOUSE_FLOOR_RECORD_SIZE
#define COUNT_SIZE		4
#define MAX_RECORDS		((FLOOR_LOG_SIZE - COUNT_SIZE) / RECORD_SIZE)

#define FLOOR_ATTRIBUTES	(TPMA_NV_AUTHWRITE | TPMA_NV_AUTHREAD | \
				 TPMA_NV_NO_DA)

enum backing { FILE_BACKED, TPM_BACKED, TPM_UNKNOWN };

static enum backing backing;
static jailhouse_floor_record *records;
static unsigned int num_records;

/* The index must be exactly what this file defines: an index root
 * defined first with other attributes (cleared on reboot, say) is not
 * trusted. */
static int check_index(u32 index, u32 type, u16 size)
{
	struct jailhouse_nv_public pub;
	int err = jailhouse_tpm_nv_public(index, &pub);

	if (err)
		return err;
	if ((pub.attributes & ~TPMA_NV_WRITTEN) != (FLOOR_ATTRIBUTES | type) ||
	    pub.size != size || pub.name_alg != TPM_ALG_SHA256 ||
	    pub.policy_size) {
		pr_err("jailhouse: TPM NV index %#x: attributes %#x, size %u: "
		       "not the loader's\n", index, pub.attributes, pub.size);
		return -EPERM;
	}
	return pub.attributes & TPMA_NV_WRITTEN ? 1 : 0;
}

static int read_nv(u32 index, u16 offset, void *data, size_t len)
{
	size_t done, chunk;
	int err = 0;

	for (done = 0; done < len && !err; done += chunk) {
		chunk = min_t(size_t, len - done, JAILHOUSE_TPM_NV_CHUNK);
		err = jailhouse_tpm_nv_read(index, offset + done, data + done,
					    chunk);
	}
	return err;
}

static int read_log(bool written)
{
	__be32 count;
	int err;

	num_records = 0;
	if (!written)
		return 0;
	err = read_nv(JAILHOUSE_NV_FLOOR_LOG, 0, &count, sizeof(count));
	if (err)
		return err;
	if (be32_to_cpu(count) > MAX_RECORDS) {
		pr_err("jailhouse: TPM floor log: count %u above %u\n",
		       be32_to_cpu(count), (unsigned int)MAX_RECORDS);
		return -EINVAL;
	}
	num_records = be32_to_cpu(count);
	return read_nv(JAILHOUSE_NV_FLOOR_LOG, COUNT_SIZE, records,
		       num_records * RECORD_SIZE);
}

/* Check the log against its chain; complete an interrupted append. */
static int replay(bool written)
{
	u8 chain[SHA256_DIGEST_SIZE];
	int err;

	if (written) {
		err = read_nv(JAILHOUSE_NV_FLOOR_CHAIN, 0, chain, sizeof(chain));
		if (err)
			return err;
	}
	err = jailhouse_floor_log_check(records, num_records,
					written ? chain : NULL);
	if (err == 1)
		return jailhouse_tpm_nv_extend(JAILHOUSE_NV_FLOOR_CHAIN,
					       records[num_records - 1],
					       RECORD_SIZE);
	return err;
}

static int define_indexes(void)
{
	int err;

	err = jailhouse_tpm_nv_define(JAILHOUSE_NV_FLOOR_LOG,
				      FLOOR_ATTRIBUTES, FLOOR_LOG_SIZE);
	if (!err)
		err = jailhouse_tpm_nv_define(JAILHOUSE_NV_FLOOR_CHAIN,
					      FLOOR_ATTRIBUTES |
					      TPMA_NV_TYPE_EXTEND,
					      SHA256_DIGEST_SIZE);
	if (!err)
		pr_info("jailhouse: TPM NV indexes %#x and %#x defined for "
			"the rollback floors\n", JAILHOUSE_NV_FLOOR_LOG,
			JAILHOUSE_NV_FLOOR_CHAIN);
	return err;
}

static int load(void)
{
	int log, chain;

	log = check_index(JAILHOUSE_NV_FLOOR_LOG, 0, FLOOR_LOG_SIZE);
	chain = check_index(JAILHOUSE_NV_FLOOR_CHAIN, TPMA_NV_TYPE_EXTEND,
			    SHA256_DIGEST_SIZE);
	if (log == -ENOENT && chain == -ENOENT) {
		int err = define_indexes();

		if (err)
			return err == -EIO ? -EACCES : err;
		log = chain = 0;
	}
	if (log < 0 || chain < 0)
		return log < 0 ? log : chain;
	log = read_log(log);
	return log ?: replay(chain);
}

/*
 * Whether the firmware describes a TPM 2.0 (ACPI's TPM2 table), which
 * root cannot change after boot: a machine that has one but offers the
 * loader none (root unbound its driver, or made a vTPM proxy the default
 * chip) is not a machine without a TPM, and file-backed floors there
 * would be root's to delete.
 */
static bool firmware_has_tpm2(void)
{
	struct acpi_table_header *table;

	if (acpi_disabled ||
	    ACPI_FAILURE(acpi_get_table(ACPI_SIG_TPM2, 1, &table)))
		return false;
	acpi_put_table(table);
	return true;
}

static void init_without_tpm(void)
{
	if (!firmware_has_tpm2()) {
		pr_warn("jailhouse: rollback floors are file-backed: no TPM "
			"2.0\n");
		return;
	}
	backing = TPM_UNKNOWN;
	pr_err("jailhouse: rollback floors in the TPM are unknown: the "
	       "firmware describes a TPM 2.0 (ACPI TPM2) the kernel offers "
	       "none of: every signed image is refused until its driver is "
	       "bound and the module reloaded\n");
}

/* With the owner's or the lockout's authorisation empty, root can
 * undefine the indexes or clear the TPM, and with it every floor. */
static void warn_resettable(void)
{
	const char *which;

	if (jailhouse_tpm_hierarchy_auth_unset(&which) == 1)
		pr_warn("jailhouse: rollback floors in the TPM: the %s "
			"password is empty, so root can reset them: set the "
			"owner and lockout passwords (docs/attestation.md)\n",
			which);
}

void jailhouse_tpm_floors_init(void)
{
	int err;

	backing = FILE_BACKED;
	if (!jailhouse_tpm_present()) {
		init_without_tpm();
		return;
	}
	records = kcalloc(MAX_RECORDS, RECORD_SIZE, GFP_KERNEL);
	if (!records)
		err = -ENOMEM;
	else
		err = load();
	if (err == -EACCES) {
		pr_warn("jailhouse: rollback floors are file-backed: the TPM "
			"refused to define NV indexes %#x and %#x\n",
			JAILHOUSE_NV_FLOOR_LOG, JAILHOUSE_NV_FLOOR_CHAIN);
		return;
	}
	backing = err ? TPM_UNKNOWN : TPM_BACKED;
	if (err)
		pr_err("jailhouse: rollback floors in the TPM are unknown (%d): "
		       "every signed image is refused until the TPM owner "
		       "resets NV indexes %#x and %#x\n", err,
		       JAILHOUSE_NV_FLOOR_LOG, JAILHOUSE_NV_FLOOR_CHAIN);
	else
		pr_info("jailhouse: rollback floors are in the TPM: %u of %u "
			"records used\n", num_records,
			(unsigned int)MAX_RECORDS);
	warn_resettable();
}

void jailhouse_tpm_floors_exit(void)
{
	kfree(records);
	records = NULL;
	num_records = 0;
	backing = FILE_BACKED;
}

int jailhouse_tpm_floor(const struct jailhouse_floor *key, u32 *floor)
{
	*floor = 0;
	if (backing == TPM_UNKNOWN)
		return -EBADMSG;
	if (backing == TPM_BACKED)
		*floor = jailhouse_floor_log_lookup(records, num_records, key);
	return 0;
}

static int append(const u8 *record)
{
	__be32 count = cpu_to_be32(num_records + 1);
	int err;

	err = jailhouse_tpm_nv_write(JAILHOUSE_NV_FLOOR_LOG,
				     COUNT_SIZE + num_records * RECORD_SIZE,
				     record, RECORD_SIZE);
	if (!err)
		err = jailhouse_tpm_nv_write(JAILHOUSE_NV_FLOOR_LOG, 0, &count,
					     sizeof(count));
	if (!err)
		err = jailhouse_tpm_nv_extend(JAILHOUSE_NV_FLOOR_CHAIN, record,
					      RECORD_SIZE);
	if (err) {
		/* What the TPM now holds is unknown. */
		backing = TPM_UNKNOWN;
		return err;
	}
	memcpy(records[num_records++], record, RECORD_SIZE);
	return 0;
}

int jailhouse_tpm_floor_raise(const struct jailhouse_floor *key)
{
	jailhouse_floor_record record;
	u32 floor;
	int err;

	err = jailhouse_tpm_floor(key, &floor);
	if (err)
		pr_err_ratelimited("jailhouse: rollback floors in the TPM are "
				   "unknown: floor not raised, image refused\n");
	if (err || backing == FILE_BACKED || key->version <= floor)
		return err;
	if (num_records >= MAX_RECORDS) {
		pr_err("jailhouse: TPM floor log full (%u records): the TPM "
		       "owner must reset NV indexes %#x and %#x\n",
		       num_records, JAILHOUSE_NV_FLOOR_LOG,
		       JAILHOUSE_NV_FLOOR_CHAIN);
		return -ENOSPC;
	}
	jailhouse_floor_record_make(key, record);
	return append(record);
}
