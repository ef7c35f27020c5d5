// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>

#include <openssl/crypto.h>

#include "../lib/signature.h"
#include "error.h"
#include "rights.h"

static int cert_rights(X509 *cert, const char *path, __u32 *rights)
{
	struct jailhouse_cert_info info;
	unsigned char *der = NULL;
	const char *reason;
	int len = i2d_X509(cert, &der);

	if (len <= 0)
		return jh_fail_ossl(path, "cannot encode the certificate");
	if (jailhouse_cert_parse(der, len, &info, &reason)) {
		OPENSSL_free(der);
		return jh_fail(path, -EBADMSG, "signing certificate: %s",
			       reason);
	}
	OPENSSL_free(der);
	*rights = info.rights;
	return 0;
}

int jh_check_rights(X509 *cert, __u32 type, const char *path, bool force)
{
	__u32 rights = 0;
	int err;

	err = cert_rights(cert, path, &rights);
	if (err || (rights & JAILHOUSE_RIGHT(type)))
		return err;
	if (force) {
		fprintf(stderr, "jh-sign: %s: warning: the certificate does "
			"not grant signing '%s' images; the loader will refuse "
			"it (signed anyway: --force)\n", path,
			jailhouse_sig_type_name(type));
		return 0;
	}
	return jh_fail(path, -JAILHOUSE_SIG_ERR_RIGHTS, "the certificate does "
		       "not grant signing '%s' images (jh-sign keygen --types)",
		       jailhouse_sig_type_name(type));
}
