/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signing key and certificate: where they come from (--key/--cert, then
 * $JH_SIGN_KEY/$JH_SIGN_CERT, then /etc/jailhouse/) and loading them,
 * PEM or DER files or PKCS#11 URIs.
 */
#ifndef _JH_SIGN_CREDS_H
#define _JH_SIGN_CREDS_H

#include <openssl/evp.h>
#include <openssl/x509.h>

#define JH_DEFAULT_KEY	"/etc/jailhouse/signing_key.pem"
#define JH_DEFAULT_CERT	"/etc/jailhouse/signing_cert.pem"
/* The certificates the keyring gets at boot: what --verify trusts. */
#define JH_DEFAULT_KEYS	"/etc/jailhouse/keys"

/** @option if set, else $@env if set, else @fallback. */
const char *jh_pick_path(const char *option, const char *env,
			 const char *fallback);

/** Load an X.509 certificate, PEM or DER, or from a token by a pkcs11:
 *  URI (token.h). Return: 0 or -errno. */
int jh_load_cert(const char *path, X509 **cert);

/** A certificate file (PEM or DER) if it is one, else NULL; silent. */
X509 *jh_try_load_cert(const char *path);

/** Load a private key (PEM, possibly encrypted: OpenSSL asks for the
 *  passphrase on the terminal; or DER), or a token's key by a pkcs11:
 *  URI, which stays on the token (token.h). Return: 0 or -errno. */
int jh_load_key(const char *path, EVP_PKEY **key);

/** Load both and check that they belong together and that the key is an
 *  RSA key (what the kernel verifies). Return: 0 or -errno. */
int jh_load_signer(const char *key_path, const char *cert_path,
		   EVP_PKEY **key, X509 **cert);

#endif /* !_JH_SIGN_CREDS_H */
