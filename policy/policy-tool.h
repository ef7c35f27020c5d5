/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parts of jh-policy, and the host-side policy check that jh-sign
 * links (policy-check.c with lib/policy.c and lib/config.c). Functions
 * return 0 or a negative errno and leave a one-line message in @error
 * (CONFIG_ERROR_LEN bytes); only main() prints it and exits.
 */
#ifndef _JAILHOUSE_POLICY_TOOL_H
#define _JAILHOUSE_POLICY_TOOL_H

#include <stdio.h>

#include "config-tool.h"
#include "../lib/signature.h"

/*
 * Compile text policy @text (@len bytes, named @file in messages; paths of
 * certificates are relative to @file's directory) into a binary policy,
 * validated with lib/policy.c.
 */
int policy_build(const char *file, const void *text, size_t len,
		 struct config_blob *out, char *error);

/*
 * Validate binary policy @blob (named @file in messages) and write it as
 * text that policy_build() turns back into the same bytes.
 */
int policy_show(FILE *out, const char *file, const struct config_blob *blob,
		char *error);

/* Whether @blob starts like a binary policy. */
bool policy_is_binary(const struct config_blob *blob);

/*
 * The typed identity a signature by the X.509 certificate (PEM or DER)
 * @path, or by @cert, carries as jh-sign makes it: its
 * subjectKeyIdentifier, or its serial if it has none.
 */
int policy_cert_key_id(const char *path, struct jailhouse_signer_id *id,
		       char *error);
typedef struct x509_st X509;
int policy_cert_signer_id(X509 *cert, struct jailhouse_signer_id *id);

/**
 * policy_check_cell() - check a cell descriptor against a policy
 * @out:	where each violation is explained, one line each, or NULL
 * @policy:	binary policy and its size (validated here)
 * @cell:	binary cell descriptor and its size (validated here)
 * @signer:	the signer's typed identity, or NULL not to check who
 *		signs
 *
 * For jh-sign: refuse to sign (unless --force) when this does not
 * return 0.
 *
 * Return: 0 if the cell complies; -EPERM if it violates the policy (each
 * violation printed to @out, the count in @error); -EINVAL if either
 * blob is malformed (reason in @error).
 */
int policy_check_cell(FILE *out, const struct config_blob *policy,
		      const struct config_blob *cell,
		      const struct jailhouse_signer_id *signer, char *error);

#endif /* !_JAILHOUSE_POLICY_TOOL_H */
