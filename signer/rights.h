/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signing rights (JAILHOUSE_RIGHTS_OID): the image types a certificate
 * lets its key sign, read with the loader's own parser (lib/signature.c).
 * jh-sign refuses to sign, and --verify to accept, a type the signing
 * certificate does not grant, as the loader would.
 */
#ifndef _JH_SIGN_RIGHTS_H
#define _JH_SIGN_RIGHTS_H

#include <stdbool.h>

#include <openssl/x509.h>

#include <jailhouse/signature.h>

/**
 * Whether @cert grants signing images of @type; if not, say so for @path
 * (as an error, or as a warning when @force).
 * Return: 0 (granted, or @force), -JAILHOUSE_SIG_ERR_RIGHTS, -EBADMSG.
 */
int jh_check_rights(X509 *cert, __u32 type, const char *path, bool force);

#endif /* !_JH_SIGN_RIGHTS_H */
