/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jh-sign keygen: a development signing key and its self-signed X.509
 * certificate, with the extensions the kernel's X.509 parser and
 * verify_pkcs7_signature() work with (as the kernel's own x509.genkey).
 */
#ifndef _JH_SIGN_KEYGEN_H
#define _JH_SIGN_KEYGEN_H

#include <jailhouse/signature.h>

struct jh_keygen {
	const char *key_path;	/* PEM private key, created 0600 */
	const char *cert_path;	/* PEM certificate; a DER copy goes to
				 * the same name with .der instead */
	const char *common_name;
	unsigned int bits;
	unsigned int days;
	/* JAILHOUSE_RIGHT() bits, the types the key may sign: written into
	 * the certificate (JAILHOUSE_RIGHTS_OID), read by the loader. */
	__u32 rights;
};

/* Default --types: the images of cells, never the platform's. */
#define JH_KEYGEN_DEFAULT_RIGHTS \
	(JAILHOUSE_RIGHT(JAILHOUSE_IMAGE_CELL_CONFIG) | \
	 JAILHOUSE_RIGHT(JAILHOUSE_IMAGE_INMATE))

/**
 * Parse --types: "all" or a comma-separated list of type names.
 * Return: 0 or -EINVAL (printed).
 */
int jh_parse_rights(const char *list, __u32 *rights);

/** Return: 0 or -errno (printed). Refuses to overwrite a key. */
int jh_keygen(const struct jh_keygen *req);

#endif /* !_JH_SIGN_KEYGEN_H */
