// SPDX-License-Identifier: GPL-2.0
/*
 * Rollback floors. The platform's images (hypervisor, system config,
 * policy) have one floor per type, whoever signed them: an old hypervisor
 * image signed by key B is refused once key A's newer one was accepted,
 * and no signer escapes a floor by being another signer. A cell's images
 * (descriptor, inmate) have one floor per signer and cell name: a signer
 * cannot raise (poison) another signer's floors for its cells. The
 * floors live in memory; the jailhouse tool saves them
 * (JAILHOUSE_FLOORS_GET) and feeds them back after a reload
 * (JAILHOUSE_FLOORS_RAISE), which can only raise them. With a TPM 2.0,
 * every raise also goes to its NV storage (tpm-floors.c) before the image
 * is accepted, and an image's floor is the higher of the two: deleting
 * the file lowers nothing.
 */
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include <jailhouse/signature.h>

#include "rollback.h"
#include "tpm-floors.h"

struct floor {
	struct list_head link;
	struct jailhouse_floor f;
};

/*
 * Identity kind 2, the serial alone (jailhouse/signature.h), is no longer
 * produced. Floors saved under it still load, so that an older floors
 * file does not stop every verifying command, and never match a signer.
 */
#define SIGNER_SERIAL_RETIRED	2

static LIST_HEAD(floors);
static unsigned int num_floors;
static DEFINE_MUTEX(floors_mutex);

/* Keyed by type alone: the images only a platform signer may sign. */
static bool type_is_key(u32 type)
{
	return JAILHOUSE_RIGHT(type) & JAILHOUSE_RIGHTS_PLATFORM;
}

static void make_key(struct jailhouse_floor *key, u32 type,
		     const struct jailhouse_signer_id *signer,
		     const char *name)
{
	memset(key, 0, sizeof(*key));
	key->type = type;
	if (type_is_key(type))
		return;
	strscpy(key->name, name, sizeof(key->name));
	key->signer_type = signer->type;
	key->signer_len = signer->len;
	memcpy(key->signer, signer->id, sizeof(key->signer));
}

/* Keys are fully zero-padded, so whole-field compares are exact. */
static struct floor *find(const struct jailhouse_floor *key)
{
	struct floor *f;

	list_for_each_entry(f, &floors, link)
		if (f->f.type == key->type &&
		    f->f.signer_type == key->signer_type &&
		    f->f.signer_len == key->signer_len &&
		    !memcmp(f->f.signer, key->signer, sizeof(key->signer)) &&
		    !memcmp(f->f.name, key->name, sizeof(key->name)))
			return f;
	return NULL;
}

static int raise_locked(const struct jailhouse_floor *key)
{
	struct floor *f = find(key);

	if (!f) {
		if (num_floors >= JAILHOUSE_FLOORS_MAX)
			return -ENOSPC;
		f = kzalloc(sizeof(*f), GFP_KERNEL);
		if (!f)
			return -ENOMEM;
		f->f = *key;
		f->f.version = 0;
		list_add_tail(&f->link, &floors);
		num_floors++;
	}
	f->f.version = max(f->f.version, key->version);
	return jailhouse_tpm_floor_raise(key);
}

int jailhouse_rollback_floor(u32 type, const struct jailhouse_signer_id *signer,
			     const char *name, struct jailhouse_rollback *out)
{
	struct jailhouse_floor key;
	struct floor *f;
	int err;

	make_key(&key, type, signer, name);
	mutex_lock(&floors_mutex);
	f = find(&key);
	out->memory = f ? f->f.version : 0;
	err = jailhouse_tpm_floor(&key, &out->tpm);
	mutex_unlock(&floors_mutex);
	out->floor = max(out->memory, out->tpm);
	return err;
}

int jailhouse_rollback_raise(u32 type, const struct jailhouse_signer_id *signer,
			     const char *name, u32 version)
{
	struct jailhouse_floor key;
	int err;

	make_key(&key, type, signer, name);
	key.version = version;
	mutex_lock(&floors_mutex);
	err = raise_locked(&key);
	mutex_unlock(&floors_mutex);
	return err;
}

static bool zero_from(const u8 *p, size_t from, size_t size)
{
	return from >= size || !memchr_inv(p + from, 0, size - from);
}

/*
 * A floor from user space: the shape make_key() gives. A platform floor
 * saved per signer by an older loader is taken as the type's floor
 * (normalise()): it only raises the floor.
 */
static bool signer_valid(const struct jailhouse_floor *f)
{
	return (f->signer_type == JAILHOUSE_SIGNER_SKID ||
		f->signer_type == JAILHOUSE_SIGNER_ISSUER_SERIAL ||
		f->signer_type == SIGNER_SERIAL_RETIRED) &&
	       f->signer_len >= 1 && f->signer_len <= sizeof(f->signer) &&
	       zero_from(f->signer, f->signer_len, sizeof(f->signer));
}

static bool floor_valid(const struct jailhouse_floor *f)
{
	size_t name_len = strnlen(f->name, sizeof(f->name));
	bool untyped = f->signer_type == 0 && f->signer_len == 0 &&
		       zero_from(f->signer, 0, sizeof(f->signer));

	return f->type >= 1 && f->type <= JAILHOUSE_IMAGE_TYPE_MAX &&
	       name_len < sizeof(f->name) &&
	       zero_from((const u8 *)f->name, name_len, sizeof(f->name)) &&
	       (type_is_key(f->type) ? untyped || signer_valid(f) :
				       signer_valid(f));
}

static void normalise(struct jailhouse_floor *f)
{
	const struct jailhouse_floor platform = {
		.type = f->type, .version = f->version,
	};

	if (type_is_key(f->type))
		*f = platform;
}

static int read_args(struct jailhouse_floors_args __user *arg,
		     struct jailhouse_floors_args *args)
{
	if (copy_from_user(args, arg, sizeof(*args)))
		return -EFAULT;
	if (args->flags || args->num > JAILHOUSE_FLOORS_MAX)
		return -EINVAL;
	return 0;
}

long jailhouse_cmd_floors_get(struct jailhouse_floors_args __user *arg)
{
	struct jailhouse_floors_args args;
	struct jailhouse_floor *out;
	unsigned int n = 0, held;
	struct floor *f;
	long err;

	err = read_args(arg, &args);
	if (err)
		return err;
	out = vzalloc(array_size(max(args.num, 1U), sizeof(*out)));
	if (!out)
		return -ENOMEM;
	mutex_lock(&floors_mutex);
	list_for_each_entry(f, &floors, link)
		if (n < args.num)
			out[n++] = f->f;
	held = num_floors;
	mutex_unlock(&floors_mutex);
	if (copy_to_user(u64_to_user_ptr(args.floors), out,
			 array_size(n, sizeof(*out))))
		err = -EFAULT;
	vfree(out);
	return err ?: held;
}

long jailhouse_cmd_floors_raise(struct jailhouse_floors_args __user *arg)
{
	struct jailhouse_floors_args args;
	struct jailhouse_floor *in;
	unsigned int n;
	long err;

	err = read_args(arg, &args);
	if (err || !args.num)
		return err;
	in = vmemdup_user(u64_to_user_ptr(args.floors),
			  array_size(args.num, sizeof(*in)));
	if (IS_ERR(in))
		return PTR_ERR(in);
	for (n = 0; n < args.num && !err; n++)
		if (!floor_valid(&in[n])) {
			pr_err("jailhouse: rollback floor %u: malformed\n", n);
			err = -EINVAL;
		} else {
			normalise(&in[n]);
		}
	mutex_lock(&floors_mutex);
	for (n = 0; n < args.num && !err; n++)
		err = raise_locked(&in[n]);
	mutex_unlock(&floors_mutex);
	kvfree(in);
	return err;
}

void jailhouse_rollback_exit(void)
{
	struct floor *f, *next;

	list_for_each_entry_safe(f, next, &floors, link)
		kfree(f);
	INIT_LIST_HEAD(&floors);
	num_floors = 0;
}
