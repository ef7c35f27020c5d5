/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The policy gate: jh-sign refuses to sign a cell descriptor that violates
 * the active sandbox policy (policy/policy-check.c, the check the loader
 * applies at cell create), unless told --force.
 */
#ifndef _JH_SIGN_GATE_H
#define _JH_SIGN_GATE_H

#include <openssl/x509.h>

#include "sigfile.h"

/* Used when neither --policy nor $JH_SIGN_POLICY names one, if present. */
#define JH_DEFAULT_POLICY	"/etc/jailhouse/sandbox.pol"

/**
 * Check cell descriptor @cell against the binary policy at @policy_path
 * (signed or not; its payload is used), as signed by @cert. Violations
 * are explained one per line.
 * Return: 0 (complies, or @force), -EPERM, or another -errno (printed).
 */
int jh_policy_gate(const struct jh_sigfile *cell, const char *policy_path,
		   X509 *cert, bool force);

#endif /* !_JH_SIGN_GATE_H */
