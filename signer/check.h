/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host-side verification (--verify) and inspection (--info) of signed
 * files, with OpenSSL; the loader verifies with the kernel's PKCS#7 code.
 */
#ifndef _JH_SIGN_CHECK_H
#define _JH_SIGN_CHECK_H

#include <stdbool.h>

#include "sigfile.h"

/* What --verify requires beyond a valid signature by @cert_path. */
struct jh_expect {
	__u32 type;		/* 0: any */
	const char *name;	/* NULL: any */
	__u32 min_version;
};

/**
 * Verify @f as the loader would, trusting exactly the certificate at
 * @cert_path (no chain), or the one in directory @cert_path that names
 * the signer (as the keyring holds every certificate of a directory);
 * print "FILE: OK ..." on success.
 * Return: 0 or the loader's errno for the failed check (printed).
 */
int jh_verify(const struct jh_sigfile *f, const char *cert_path,
	      const struct jh_expect *expect);

/**
 * Print type, name, version, sizes, payload SHA-256 and signer, by name
 * if a certificate in @certs (a file or a directory; NULL: none) names
 * it, else by the issuer the signature carries, if any.
 */
int jh_info(const struct jh_sigfile *f, const char *certs);

#endif /* !_JH_SIGN_CHECK_H */
