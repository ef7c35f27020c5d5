// SPDX-License-Identifier: GPL-2.0
/*
 * The .jailhouse keyring.
 *
 * Root adds X.509 certificates with add_key(2) ("keyctl padd asymmetric ''
 * %:.jailhouse" or "jailhouse keyring add"), finding the keyring by its
 * serial in /sys/module/jailhouse/parameters/keyring or in /proc/keys: a
 * name starting with '.' is never published for KEYCTL_JOIN/find-by-name,
 * like the kernel's own .ima or .platform keyrings. Writing 1 to the
 * keyring_locked parameter takes the write permission away for good:
 * the keyring carries no SETATTR permission, so nobody can give it back,
 * and KEY_FLAG_KEEP stops clearing, revoking or invalidating it.
 */
#include <linux/cred.h>
#include <linux/key.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <keys/asymmetric-type.h>

#include "keyring.h"

#define KEYRING_NAME	".jailhouse"
#define KEYRING_WRITE	(KEY_POS_WRITE | KEY_USR_WRITE)
#define KEYRING_PERM	(KEY_POS_VIEW | KEY_POS_READ | KEY_POS_SEARCH | \
			 KEY_USR_VIEW | KEY_USR_READ | KEY_USR_SEARCH | \
			 KEYRING_WRITE)

static struct key *keyring;
static DEFINE_MUTEX(lock_mutex);
static bool locked;

struct key *jailhouse_keyring(void)
{
	return keyring;
}

/* In trust=keyring mode: certificates only (asymmetric keys). */
static int restrict_to_asymmetric(struct key *dest_keyring,
				  const struct key_type *type,
				  const union key_payload *payload,
				  struct key *restriction_key)
{
	return type == &key_type_asymmetric ? 0 : -EOPNOTSUPP;
}

/* The keyring frees its restriction when it is destroyed. */
static struct key_restriction *asymmetric_only(void)
{
	struct key_restriction *res = kzalloc(sizeof(*res), GFP_KERNEL);

	if (res)
		res->check = restrict_to_asymmetric;
	return res;
}

/*
 * trust=chain uses the kernel's "builtin_and_secondary_trusted" restriction
 * through keyring_restrict(): restrict_link_by_builtin_and_secondary_trusted
 * itself is not exported.
 */
static int restrict_to_chain(struct key *kr)
{
	return keyring_restrict(make_key_ref(kr, true), "asymmetric",
				"builtin_and_secondary_trusted");
}

int jailhouse_keyring_init(bool chain)
{
	struct key_restriction *res = NULL;
	struct key *kr;
	int err;

	if (!chain) {
		res = asymmetric_only();
		if (!res)
			return -ENOMEM;
	}
	kr = keyring_alloc(KEYRING_NAME, GLOBAL_ROOT_UID, GLOBAL_ROOT_GID,
			   current_cred(), KEYRING_PERM,
			   KEY_ALLOC_NOT_IN_QUOTA | KEY_ALLOC_SET_KEEP,
			   res, NULL);
	/* Not freeing res on error: a keyring that got as far as owning it
	 * frees it itself, and telling the two cases apart is not possible. */
	if (IS_ERR(kr)) {
		pr_err("jailhouse: cannot create keyring %s: %ld\n",
		       KEYRING_NAME, PTR_ERR(kr));
		return PTR_ERR(kr);
	}
	if (chain) {
		err = restrict_to_chain(kr);
		if (err) {
			pr_err("jailhouse: cannot restrict %s to the trusted "
			       "keys: %d\n", KEYRING_NAME, err);
			key_put(kr);
			return err;
		}
	}
	keyring = kr;
	return 0;
}

/*
 * Revoked first: nothing can add to it any more, so the restriction
 * callback in this module's text is not called after unloading.
 */
void jailhouse_keyring_exit(void)
{
	key_revoke(keyring);
	key_put(keyring);
	keyring = NULL;
}

static void keyring_lock(void)
{
	down_write(&keyring->sem);
	keyring->perm &= ~KEYRING_WRITE;
	up_write(&keyring->sem);
	pr_info("jailhouse: keyring %s locked until the module is reloaded\n",
		KEYRING_NAME);
}

/* keyring_locked: 0 -> 1 only. */
static int locked_set(const char *val, const struct kernel_param *kp)
{
	bool lock;
	int err;

	err = kstrtobool(val, &lock);
	if (err)
		return err;
	mutex_lock(&lock_mutex);
	if (!lock && locked)
		err = -EPERM;
	else if (lock && !locked && keyring) {
		keyring_lock();
		locked = true;
	}
	mutex_unlock(&lock_mutex);
	return err;
}

static int locked_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%d\n", locked);
}

static const struct kernel_param_ops locked_ops = {
	.set = locked_set,
	.get = locked_get,
};
module_param_cb(keyring_locked, &locked_ops, NULL, 0600);
MODULE_PARM_DESC(keyring_locked,
		 "1 makes the .jailhouse keyring read-only until reload");

static int serial_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%d\n", keyring ? keyring->serial : 0);
}

static int serial_set(const char *val, const struct kernel_param *kp)
{
	return -EPERM;
}

static const struct kernel_param_ops serial_ops = {
	.set = serial_set,
	.get = serial_get,
};
module_param_cb(keyring, &serial_ops, NULL, 0444);
MODULE_PARM_DESC(keyring, "serial number of the .jailhouse keyring");
