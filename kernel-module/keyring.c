// SPDX-License-Identifier: GPL-2.0
/*
 * The .jailhouse keyring, and what each of its keys may sign.
 *
 * Root adds an X.509 certificate with JAILHOUSE_KEYRING_ADD ("jailhouse
 * keyring add"): the loader reads the image types the certificate lets
 * its key sign (JAILHOUSE_RIGHTS_OID; the kernel checks the certificate's
 * signature, and with trust=chain its chain, as it adds it) and adds it
 * with key_create_or_update() as the keyring's possessor. Only the
 * possessor may write the keyring, so user space cannot add a key whose
 * rights the loader did not read, nor remove or invalidate one (the keys
 * carry no user write or search permission). The keyring is found by its
 * serial in /sys/module/jailhouse/parameters/keyring or in /proc/keys.
 * Writing 1 to keyring_locked refuses additions for good: the keyring
 * carries no SETATTR permission, and KEY_FLAG_KEEP stops clearing,
 * revoking or invalidating it.
 */
#include <linux/cred.h>
#include <linux/key.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <crypto/public_key.h>
#include <keys/asymmetric-type.h>

#include <jailhouse/ioctl.h>

#include "keyring.h"

#define KEYRING_NAME	".jailhouse"
#define KEYRING_WRITE	KEY_POS_WRITE
#define KEY_PERM	((KEY_POS_ALL & ~KEY_POS_SETATTR) | KEY_USR_VIEW | \
			 KEY_USR_READ)
#define MAX_KEYS	64
#define KEYRING_PERM	(KEY_POS_VIEW | KEY_POS_READ | KEY_POS_SEARCH | \
			 KEY_USR_VIEW | KEY_USR_READ | KEY_USR_SEARCH | \
			 KEYRING_WRITE)

static struct key *keyring;
/* Serialises additions, the lock and the rights table. */
static DEFINE_MUTEX(lock_mutex);
static bool locked;

/* Every key added: its identities and rights, and a reference to it. */
struct trusted_key {
	struct jailhouse_cert_info cert;
	struct key *key;
};

static struct trusted_key trusted[MAX_KEYS];
static unsigned int num_trusted;

struct key *jailhouse_keyring(void)
{
	return keyring;
}

/*
 * In trust=keyring mode: certificates only (asymmetric keys), each signed
 * by its own key. The rights a certificate grants are then its key
 * holder's word: root can pick which certificates to trust, not write
 * one with more rights for somebody else's key (the kernel checks the
 * signature of a self-signed certificate only, of others none).
 */
static int restrict_to_self_signed(struct key *dest_keyring,
				   const struct key_type *type,
				   const union key_payload *payload,
				   struct key *restriction_key)
{
	const struct public_key_signature *sig = payload->data[asym_auth];

	if (type != &key_type_asymmetric)
		return -EOPNOTSUPP;
	if (!sig || public_key_verify_signature(payload->data[asym_crypto],
						sig))
		return -EKEYREJECTED;
	return 0;
}

/* The keyring frees its restriction when it is destroyed. */
static struct key_restriction *self_signed_only(void)
{
	struct key_restriction *res = kzalloc(sizeof(*res), GFP_KERNEL);

	if (res)
		res->check = restrict_to_self_signed;
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
		res = self_signed_only();
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
	while (num_trusted)
		key_put(trusted[--num_trusted].key);
	key_revoke(keyring);
	key_put(keyring);
	keyring = NULL;
}

static bool signer_is(const struct jailhouse_signer_id *signer,
		      const struct jailhouse_cert_info *key)
{
	return jailhouse_signer_equal(signer, &key->skid) ||
	       jailhouse_signer_equal(signer, &key->issuer_serial);
}

static const struct jailhouse_cert_info *
find_trusted(const struct jailhouse_signer_id *signer)
{
	unsigned int n;

	for (n = 0; n < num_trusted; n++)
		if (signer_is(signer, &trusted[n].cert))
			return &trusted[n].cert;
	return NULL;
}

bool jailhouse_keyring_may_sign(const struct jailhouse_signer_id *signer,
				u32 type)
{
	const struct jailhouse_cert_info *key;
	bool allowed;

	mutex_lock(&lock_mutex);
	key = find_trusted(signer);
	allowed = key && (key->rights & JAILHOUSE_RIGHT(type));
	mutex_unlock(&lock_mutex);
	return allowed;
}

/* One key per identity: a signature names exactly one trusted key. */
static bool identity_taken(const struct jailhouse_cert_info *cert)
{
	return (cert->skid.type && find_trusted(&cert->skid)) ||
	       find_trusted(&cert->issuer_serial);
}

/*
 * The kernel finds a signature's key by an "id:" search for the issuer
 * and serial (id[0]) or the SKID (id[1]) the signature names, which
 * matches any identifier of a key, its subject (id[2]) too. So neither of
 * a key's signer identifiers may be any identifier of another trusted
 * key: the key the kernel verifies with is then the one whose rights
 * find_trusted() returns. (Two keys may share a subject.)
 */
static bool names_other(const struct asymmetric_key_ids *a,
			const struct asymmetric_key_ids *b)
{
	unsigned int i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < ARRAY_SIZE(b->id); j++)
			if (a->id[i] && b->id[j] &&
			    asymmetric_key_id_same(a->id[i], b->id[j]))
				return true;
	return false;
}

static bool ids_overlap(const struct key *a, const struct key *b)
{
	return names_other(asymmetric_key_ids(a), asymmetric_key_ids(b)) ||
	       names_other(asymmetric_key_ids(b), asymmetric_key_ids(a));
}

static bool kernel_ids_taken(const struct key *key)
{
	unsigned int n;

	for (n = 0; n < num_trusted; n++)
		if (ids_overlap(key, trusted[n].key))
			return true;
	return false;
}

/* Under lock_mutex. Return: the key's serial or -errno. */
static long add_locked(const void *der, size_t size,
		       const struct jailhouse_cert_info *cert)
{
	key_ref_t ref;
	struct key *key;

	if (locked)
		return -EACCES;
	if (identity_taken(cert))
		return -EEXIST;
	if (num_trusted >= MAX_KEYS)
		return -ENOSPC;
	ref = key_create_or_update(make_key_ref(keyring, true), "asymmetric",
				   NULL, der, size, KEY_PERM,
				   KEY_ALLOC_NOT_IN_QUOTA |
				   KEY_ALLOC_SET_KEEP);
	if (IS_ERR(ref))
		return PTR_ERR(ref);
	key = key_ref_to_ptr(ref);
	if (kernel_ids_taken(key)) {
		key_unlink(keyring, key);
		key_put(key);
		return -EEXIST;
	}
	trusted[num_trusted].cert = *cert;
	trusted[num_trusted++].key = key;
	return key->serial;
}

static void log_added(const struct jailhouse_cert_info *cert, long serial)
{
	const struct jailhouse_signer_id *id =
		cert->skid.type ? &cert->skid : &cert->issuer_serial;
	char types[64] = "";
	u32 type;

	for (type = 1; type <= JAILHOUSE_IMAGE_TYPE_MAX; type++)
		if (cert->rights & JAILHOUSE_RIGHT(type))
			snprintf(types + strlen(types),
				 sizeof(types) - strlen(types), "%s%s",
				 types[0] ? "," : "",
				 jailhouse_sig_type_name(type));
	pr_info("jailhouse: key %ld (%s:%*phN) trusted to sign: %s\n",
		serial, cert->skid.type ? "skid" : "issuer-serial", id->len,
		id->id, types);
}

static long add_cert(const void *der, size_t size)
{
	struct jailhouse_cert_info cert;
	const char *reason;
	long ret;

	if (jailhouse_cert_parse(der, size, &cert, &reason)) {
		pr_warn("jailhouse: certificate refused: %s\n", reason);
		return -EBADMSG;
	}
	if (!cert.rights) {
		pr_warn("jailhouse: certificate refused: it grants no signing "
			"rights (make it with jh-sign keygen --types)\n");
		return -EKEYREJECTED;
	}
	mutex_lock(&lock_mutex);
	ret = add_locked(der, size, &cert);
	mutex_unlock(&lock_mutex);
	if (ret < 0)
		pr_warn("jailhouse: certificate refused: %s (%ld)\n",
			ret == -EEXIST ? "a key of that identity is trusted" :
			ret == -EACCES ? "the keyring is locked" :
			"the kernel did not add it", ret);
	else
		log_added(&cert, ret);
	return ret;
}

long jailhouse_keyring_add(void __user *arg)
{
	struct jailhouse_keyring_add_args args;
	void *der;
	long ret;

	if (copy_from_user(&args, arg, sizeof(args)))
		return -EFAULT;
	if (args.flags || args.size == 0 ||
	    args.size > JAILHOUSE_CERT_MAX_SIZE)
		return -EINVAL;
	der = vmemdup_user(u64_to_user_ptr(args.cert), args.size);
	if (IS_ERR(der))
		return PTR_ERR(der);
	ret = add_cert(der, args.size);
	kvfree(der);
	return ret;
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
