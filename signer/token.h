/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signing keys that never leave a PKCS#11 token: --key, --cert,
 * $JH_SIGN_KEY and $JH_SIGN_CERT may be "pkcs11:" URIs (RFC 7512), e.g.
 * "pkcs11:token=jailhouse;object=signing;pin-value=1234". The module is
 * $PKCS11_MODULE_PATH, else p11-kit's proxy (every module p11-kit knows).
 */
#ifndef _JH_SIGN_TOKEN_H
#define _JH_SIGN_TOKEN_H

#include <stdbool.h>
#include <stddef.h>

#include <openssl/evp.h>
#include <openssl/x509.h>

/** Whether @path is a PKCS#11 URI rather than a file name. */
bool jh_is_token_uri(const char *path);

/** @uri for messages: a pin-value replaced by "***" (in @buf if so). */
const char *jh_token_display(const char *uri, char *buf, size_t size);

/** The private key @uri names; it stays on the token. 0 or -errno. */
int jh_token_load_key(const char *uri, EVP_PKEY **key);

/** The certificate @uri names, copied from the token. 0 or -errno. */
int jh_token_load_cert(const char *uri, X509 **cert);

/** Unload the PKCS#11 module, after the last use of a token's key. */
void jh_token_release(void);

#endif /* !_JH_SIGN_TOKEN_H */
