/* SPDX-License-Identifier: GPL-2.0 */
/* The certificate a signature names, from a file or a directory. */
#ifndef _JH_SIGN_CERTDIR_H
#define _JH_SIGN_CERTDIR_H

#include <openssl/cms.h>
#include <openssl/x509.h>

#include "../lib/signature.h"

/**
 * The certificate at @path, or, if @path is a directory, the first
 * certificate file in it that names @cms's signer. Return: 0 or -errno
 * (printed; -ENOKEY if no certificate of the directory names it).
 */
int jh_signer_cert(const char *path, CMS_ContentInfo *cms, X509 **cert);

/** As jh_signer_cert(), silent, and only a certificate naming the
 *  signer: the certificate or NULL. */
X509 *jh_signer_cert_quiet(const char *path, CMS_ContentInfo *cms);

#endif /* !_JH_SIGN_CERTDIR_H */
