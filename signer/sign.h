/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signing: stream the payload through SHA-256 once, build header, CMS and
 * trailer, and put them where output.h says: appended to the unsigned
 * input in place, or with the payload into a temporary file renamed over
 * the destination.
 */
#ifndef _JH_SIGN_SIGN_H
#define _JH_SIGN_SIGN_H

#include <openssl/evp.h>
#include <openssl/x509.h>

#include "sigfile.h"

struct jh_sign_job {
	const struct jh_sigfile *in;
	/** File to create or replace (the input itself for in place). */
	const char *dest;
	/** dest receives only header, CMS and trailer (a .sig file). */
	bool detach;
	/** Append to the unsigned input itself (dest unused). */
	bool append;
	struct jailhouse_sig_header header;
	EVP_PKEY *key;
	X509 *cert;
};

/** Return: 0 or -errno (message printed). */
int jh_sign(const struct jh_sign_job *job);

#endif /* !_JH_SIGN_SIGN_H */
