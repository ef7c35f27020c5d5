/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The .jailhouse keyring: the certificates whose keys may sign images.
 */
#ifndef _JAILHOUSE_MODULE_KEYRING_H
#define _JAILHOUSE_MODULE_KEYRING_H

struct key;

/** Create the keyring; @chain restricts it to certificates vouched for by
 *  the kernel's builtin or secondary trusted keys. */
int jailhouse_keyring_init(bool chain);
void jailhouse_keyring_exit(void);

/** The keyring to verify against (valid between init and exit). */
struct key *jailhouse_keyring(void);

#endif /* !_JAILHOUSE_MODULE_KEYRING_H */
