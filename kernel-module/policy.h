/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The active sandbox policy, loaded signed with JAILHOUSE_POLICY_LOAD.
 */
#ifndef _JAILHOUSE_MODULE_POLICY_H
#define _JAILHOUSE_MODULE_POLICY_H

#include <linux/compiler_types.h>

/** JAILHOUSE_POLICY_LOAD: verify a policy image and make it active. */
long jailhouse_policy_load(void __user *arg);

/** Drop the active policy (module unload). */
void jailhouse_policy_exit(void);

#endif /* !_JAILHOUSE_MODULE_POLICY_H */
