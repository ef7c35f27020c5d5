/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The .jailhouse keyring: the certificates whose keys may sign images.
 */
#ifndef _JAILHOUSE_MODULE_KEYRING_H
#define _JAILHOUSE_MODULE_KEYRING_H

#include <linux/compiler_types.h>
#include <linux/types.h>

#include "../lib/signature.h"

struct key;

/** Create the keyring; @chain restricts it to certificates vouched for by
 *  the kernel's builtin or secondary trusted keys. */
int jailhouse_keyring_init(bool chain);
void jailhouse_keyring_exit(void);

/** The keyring to verify against (valid between init and exit). */
struct key *jailhouse_keyring(void);

/**
 * JAILHOUSE_KEYRING_ADD: read the certificate's signing rights, refuse
 * it without them, add it to the keyring and remember what it may sign.
 * Return: the key's serial, or -EBADMSG (malformed), -EKEYREJECTED (no
 * rights, or the kernel refused it), -EEXIST (a key of that identity is
 * trusted already), -EACCES (locked), -ENOSPC, -EFAULT, -EINVAL.
 */
long jailhouse_keyring_add(void __user *arg);

/**
 * Whether the trusted key that signs as @signer may sign images of
 * @type (JAILHOUSE_IMAGE_*). Identities are unique in the keyring, so
 * this is the key verify_pkcs7_signature() found.
 */
bool jailhouse_keyring_may_sign(const struct jailhouse_signer_id *signer,
				u32 type);

#endif /* !_JAILHOUSE_MODULE_KEYRING_H */
