/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The active sandbox policy, loaded signed with JAILHOUSE_POLICY_LOAD.
 */
#ifndef _JAILHOUSE_MODULE_POLICY_H
#define _JAILHOUSE_MODULE_POLICY_H

#include <linux/compiler_types.h>

/** JAILHOUSE_POLICY_LOAD: verify a policy image and make it active. */
long jailhouse_policy_load(void __user *arg);

struct jailhouse_cell_desc;
struct jailhouse_verified;

/**
 * Check a validated cell descriptor, verified as @v, against the active
 * policy (lib/policy.c): its class's limits (minimum security version
 * included, which must equal the signed one), and that @v's signer may
 * sign this cell name if the policy names signers. Deny by default:
 * without an active policy every cell is refused. Each violation is
 * logged.
 *
 * Return: 0 if the cell may be created, -EPERM if not.
 */
int jailhouse_policy_admit_cell(const struct jailhouse_cell_desc *cell,
				const struct jailhouse_verified *v);

/**
 * Whether the signer of inmate image @v may sign for cell @cell_name:
 * the policy's signer rules apply to what a cell runs as to its
 * descriptor. Without an active policy nothing is admitted.
 *
 * Return: 0 or -EPERM, each violation logged.
 */
int jailhouse_policy_admit_inmate(const char *cell_name,
				  const struct jailhouse_verified *v);

/**
 * Whether the class of cell @cell_name accepts unsigned strings (`cell
 * load -s`). Without an active policy nothing is admitted.
 *
 * Return: 0 or -EPERM, logged.
 */
int jailhouse_policy_admit_string(const char *cell_name);

/** Drop the active policy (module unload). */
/**
 * Whether the active policy's class of @cell_name lets it take IOAPIC
 * pins whose interrupt a Linux driver holds (root-irqs).
 */
bool jailhouse_policy_allows_root_irqs(const char *cell_name);

void jailhouse_policy_exit(void);

#endif /* !_JAILHOUSE_MODULE_POLICY_H */
