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
 */
#include <crypto/sha2.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

#include "../lib/signature.h"
#include "measure.h"

#define MEASURE_MAX		4096
#define MEASURE_LINE_MAX	256

struct entry {
	struct list_head link;
	struct jailhouse_measurement m;
};

static LIST_HEAD(entries);
static unsigned int num_entries;
static DEFINE_MUTEX(entries_mutex);

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
	if (num_entries < MEASURE_MAX) {
		list_add_tail(&e->link, &entries);
		num_entries++;
	} else {
		err = -ENOSPC;
	}
	mutex_unlock(&entries_mutex);
	if (err) {
		kfree(e);
		pr_err("jailhouse: measurement log full\n");
	}
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

static int format_entry(char *buf, unsigned int index,
			const struct jailhouse_measurement *m)
{
	int len;

	len = scnprintf(buf, MEASURE_LINE_MAX, "%u %s %s %u sha256:%32phN ",
			index, m->string ? "string" :
			jailhouse_sig_type_name(m->type),
			m->name[0] ? m->name : "-", m->version, m->sha256);
	len += format_signer(buf + len, MEASURE_LINE_MAX - len, m);
	if (m->string)
		return len + scnprintf(buf + len, MEASURE_LINE_MAX - len,
				       " unsigned@%#llx\n", m->address);
	len += scnprintf(buf + len, MEASURE_LINE_MAX - len, " %s\n",
			 m->verified ? "verified" : "UNVERIFIED");
	return len;
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

int jailhouse_measure_init(void)
{
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
}
