// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "gate.h"
#include "policy-tool.h"
#include "recognise.h"

/* The payload of a (possibly signed) file, whole, at most 1 MiB. */
static int read_payload(const struct jh_sigfile *f, struct config_blob *blob)
{
	__u64 size = jh_sigfile_payload_size(f);
	int err;

	if (size > JH_MAX_CONFIG_SIZE)
		return jh_fail(f->path, -EFBIG, "larger than %d bytes",
			       JH_MAX_CONFIG_SIZE);
	blob->size = size;
	blob->data = malloc(size ? size : 1);
	if (!blob->data)
		return jh_fail(f->path, -ENOMEM, "out of memory");
	err = jh_sigfile_read(f, blob->data, size, 0);
	if (err)
		free(blob->data);
	return err;
}

static int check(const struct jh_sigfile *cell, const struct jh_sigfile *pol,
		 X509 *cert, bool force)
{
	struct jailhouse_signer_id signer;
	struct config_blob policy, desc;
	char error[CONFIG_ERROR_LEN];
	bool known = !policy_cert_signer_id(cert, &signer);
	int err;

	err = read_payload(pol, &policy);
	if (err)
		return err;
	err = read_payload(cell, &desc);
	if (err)
		goto free_policy;
	err = policy_check_cell(stderr, &policy, &desc, known ? &signer : NULL,
				error);
	if (err == -EPERM && force)
		fprintf(stderr, "jh-sign: %s: %s; signing anyway (--force)\n",
			cell->path, error);
	else if (err == -EPERM)
		jh_fail(cell->path, err, "%s against %s; not signed (--force "
			"overrides)", error, pol->path);
	else if (err)
		jh_fail(pol->path, err, "%s", error);
	free(desc.data);
free_policy:
	free(policy.data);
	return err == -EPERM && force ? 0 : err;
}

int jh_policy_gate(const struct jh_sigfile *cell, const char *policy_path,
		   X509 *cert, bool force)
{
	struct jh_sigfile pol;
	int err;

	err = jh_sigfile_open(policy_path, &pol);
	if (err)
		return err;
	err = check(cell, &pol, cert, force);
	jh_sigfile_close(&pol);
	return err;
}
