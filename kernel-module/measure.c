// SPDX-License-Identifier: GPL-2.0
/*
 * The measurement log. Each line:
 *   INDEX TYPE NAME VERSION sha256:HEX SIGNER STATUS
 * NAME is "-" when empty; SIGNER is skid:HEX, issuer-serial:HEX or "-";
 * STATUS is "verified", or "UNVERIFIED" for what sig_enforce=0 let through.
 * An unsigned string (`cell load -s`) has TYPE "string", its cell's NAME,
 * VERSION 0, SIGNER "-" and STATUS "unsigned@ADDRESS" (guest-physical).
 * The log only grows until the module is unloaded; it holds at most
 * MEASURE_MAX entries, after which images are refused.
 *
 * The log is the replay input of the TPM PCR tpm_pcr (docs/attestation.md).
 * With a TPM 2.0 present at load, line 0 is
 *   0 pcr-base pcrN 0 sha256:HEX - base
 * with the PCR's SHA-256 value then, where a replay starts; every other
 * line's event, its text after the index, is extended into the PCR
 * before the image is accepted, in every bank. An extend that fails
 * refuses the image. Each event also goes to IMA as critical data
 * (label "jailhouse", event name jailhouse:TYPE:NAME[:FILE]), which
 * records it when IMA's policy asks for it.
 * PCR 10 is IMA's own: this file never extends it.
 */
#include <crypto/sha2.h>
#include <linux/ima.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

#include "../lib/signature.h"
#include "measure.h"
#include "tpm.h"

#define MEASURE_MAX		4096
#define MEASURE_LINE_MAX	256
#define IMA_LABEL		"jailhouse"

/*
 * PCRs 8 to 15 are the static OS's and cannot be reset; 10 is IMA's.
 * 13 is the default because the boot chains we target (GRUB, shim) leave
 * it alone; systemd-stub's system extensions use it, so such a machine
 * picks another.
 */
static unsigned int tpm_pcr = 13;
module_param(tpm_pcr, uint, 0444);
MODULE_PARM_DESC(tpm_pcr, "TPM PCR the measurements are extended into "
		 "(8-15 but 10; default 13)");

struct entry {
	struct list_head link;
	struct jailhouse_measurement m;
};

static LIST_HEAD(entries);
static unsigned int num_entries;
static DEFINE_MUTEX(entries_mutex);

/* The PCR's value when the module loaded, when it extends one. */
static u8 pcr_base[SHA256_DIGEST_SIZE];
static bool have_pcr_base;

static int format_event(char *buf, const struct jailhouse_measurement *m);

/*
 * The event into the PCR and to IMA. IMA takes it only where its policy
 * has "measure func=CRITICAL_DATA label=jailhouse"; its answer is not an
 * error either way.
 */
static int record_event(const struct jailhouse_measurement *m)
{
	char event[MEASURE_LINE_MAX], ima_name[96];
	int len = format_event(event, m);
	int err = 0;

	if (have_pcr_base)
		err = jailhouse_tpm_pcr_extend(tpm_pcr, event, len);
	if (err) {
		pr_err("jailhouse: TPM PCR %u extend failed (%d)\n", tpm_pcr,
		       err);
		return err;
	}
	snprintf(ima_name, sizeof(ima_name), "jailhouse:%s:%s%s%s",
		 m->string ? "string" : jailhouse_sig_type_name(m->type),
		 m->name[0] ? m->name : "-", m->image[0] ? ":" : "", m->image);
	ima_measure_critical_data(IMA_LABEL, ima_name, event, len, false,
				  NULL, 0);
	return 0;
}

int jailhouse_measure_add(struct jailhouse_measurement *m,
			  const void *payload, size_t size)
{
	struct entry *e;
	int err = 0;

	sha256(payload, size, m->sha256);
	e = kmalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	e->m = *m;
	mutex_lock(&entries_mutex);
	if (num_entries >= MEASURE_MAX) {
		pr_err("jailhouse: measurement log full\n");
		err = -ENOSPC;
	} else {
		err = record_event(m);
	}
	if (!err) {
		list_add_tail(&e->link, &entries);
		num_entries++;
	}
	mutex_unlock(&entries_mutex);
	if (err)
		kfree(e);
	return err;
}

static int format_signer(char *buf, size_t size,
			 const struct jailhouse_measurement *m)
{
	if (m->signer.type == 0)
		return scnprintf(buf, size, "-");
	return scnprintf(buf, size, "%s:%*phN",
			 m->signer.type == JAILHOUSE_SIGNER_SKID ? "skid" :
			 "issuer-serial", m->signer.len, m->signer.id);
}

/* A line's text after its index: the event extended into the PCR. */
static int format_event(char *buf, const struct jailhouse_measurement *m)
{
	int len;

	len = scnprintf(buf, MEASURE_LINE_MAX, "%s %s %u sha256:%32phN ",
			m->string ? "string" : jailhouse_sig_type_name(m->type),
			m->name[0] ? m->name : "-", m->version, m->sha256);
	len += format_signer(buf + len, MEASURE_LINE_MAX - len, m);
	if (m->string)
		return len + scnprintf(buf + len, MEASURE_LINE_MAX - len,
				       " unsigned@%#llx", m->address);
	return len + scnprintf(buf + len, MEASURE_LINE_MAX - len, " %s",
			       m->verified ? "verified" : "UNVERIFIED");
}

static int format_entry(char *buf, unsigned int index,
			const struct jailhouse_measurement *m)
{
	int len = scnprintf(buf, MEASURE_LINE_MAX, "%u ", index);

	len += format_event(buf + len, m);
	return len + scnprintf(buf + len, MEASURE_LINE_MAX - len, "\n");
}

static int format_base(char *buf)
{
	return scnprintf(buf, MEASURE_LINE_MAX,
			 "0 pcr-base pcr%u 0 sha256:%32phN - base\n", tpm_pcr,
			 pcr_base);
}

/* Copy the part of @line that lies in [pos, pos + count) of the file. */
static size_t copy_window(char *dst, loff_t pos, size_t count, loff_t at,
			  const char *line, size_t len)
{
	loff_t from = max(pos, at), to = min_t(loff_t, pos + count, at + len);

	if (from >= to)
		return 0;
	memcpy(dst + (from - pos), line + (from - at), to - from);
	return to - from;
}

static ssize_t measurements_read(struct file *file, struct kobject *kobj,
				 struct bin_attribute *attr, char *buf,
				 loff_t pos, size_t count)
{
	char line[MEASURE_LINE_MAX];
	unsigned int index = 0;
	size_t copied = 0;
	struct entry *e;
	loff_t at = 0;
	int len;

	mutex_lock(&entries_mutex);
	if (have_pcr_base) {
		len = format_base(line);
		copied += copy_window(buf, pos, count, at, line, len);
		at += len;
		index++;
	}
	list_for_each_entry(e, &entries, link) {
		if (at >= pos + (loff_t)count)
			break;
		len = format_entry(line, index++, &e->m);
		copied += copy_window(buf, pos, count, at, line, len);
		at += len;
	}
	mutex_unlock(&entries_mutex);
	return copied;
}

static struct bin_attribute measurements_attr = {
	.attr = { .name = "measurements", .mode = 0400 },
	.read = measurements_read,
};

/* Where replays start: the PCR as the module found it. */
static int read_pcr_base(void)
{
	int err;

	if (tpm_pcr < 8 || tpm_pcr > 15 || tpm_pcr == 10) {
		pr_err("jailhouse: tpm_pcr=%u: not one of PCRs 8-15 but 10\n",
		       tpm_pcr);
		return -EINVAL;
	}
	if (!jailhouse_tpm_present())
		return 0;
	err = jailhouse_tpm_pcr_read(tpm_pcr, pcr_base);
	if (err) {
		pr_err("jailhouse: TPM PCR %u (SHA-256 bank) unreadable (%d)\n",
		       tpm_pcr, err);
		return err;
	}
	have_pcr_base = true;
	pr_info("jailhouse: measurements are extended into TPM PCR %u\n",
		tpm_pcr);
	return 0;
}

int jailhouse_measure_init(void)
{
	int err = read_pcr_base();

	if (err)
		return err;
	return sysfs_create_bin_file(&THIS_MODULE->mkobj.kobj,
				     &measurements_attr);
}

void jailhouse_measure_exit(void)
{
	struct entry *e, *next;

	sysfs_remove_bin_file(&THIS_MODULE->mkobj.kobj, &measurements_attr);
	list_for_each_entry_safe(e, next, &entries, link)
		kfree(e);
	INIT_LIST_HEAD(&entries);
	num_entries = 0;
	have_pcr_base = false;
}
