// SPDX-License-Identifier: GPL-2.0
/*
 * Keys and certificates on a PKCS#11 token, named by an RFC 7512 URI, through
 * the PKCS#11 engine of libengine-pkcs11-openssl (libp11). Debian 12's
 * OpenSSL 3 has no PKCS#11 provider package (pkcs11-provider arrives with
 * Debian 13), so this file alone uses the ENGINE API, deprecated in
 * OpenSSL 3; the rest of jh-sign sees an ordinary EVP_PKEY whose private
 * operations the token performs (docs/signing.md, "Keys on a token").
 */
#define OPENSSL_SUPPRESS_DEPRECATED

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/engine.h>
#include <openssl/err.h>

#include "error.h"
#include "token.h"

#define URI_SCHEME	"pkcs11:"

/* Held from the first use to jh_token_release(): the key needs it. */
static ENGINE *engine;

bool jh_is_token_uri(const char *path)
{
	return strncmp(path, URI_SCHEME, strlen(URI_SCHEME)) == 0;
}

const char *jh_token_display(const char *uri, char *buf, size_t size)
{
	const char *pin = strstr(uri, "pin-value=");
	const char *rest;

	if (!pin)
		return uri;
	rest = strpbrk(pin, ";?&");
	snprintf(buf, size, "%.*spin-value=***%s", (int)(pin - uri), uri,
		 rest ? rest : "");
	return buf;
}

static int engine_start(const char *name)
{
	ENGINE *e;

	if (engine)
		return 0;
	e = ENGINE_by_id("pkcs11");
	if (!e)
		return jh_fail_ossl(name, "no PKCS#11 engine (install "
				    "libengine-pkcs11-openssl)");
	/* libp11 prints failures itself, URIs (and their PINs) included. */
	ENGINE_ctrl_cmd(e, "QUIET", 0, NULL, NULL, 1);
	ERR_clear_error();
	if (!ENGINE_init(e)) {
		ENGINE_free(e);
		return jh_fail_ossl(name, "cannot start the PKCS#11 engine");
	}
	ENGINE_free(e);
	engine = e;
	return 0;
}

int jh_token_load_key(const char *uri, EVP_PKEY **key)
{
	char buf[512];
	const char *name = jh_token_display(uri, buf, sizeof(buf));
	int err;

	err = engine_start(name);
	if (err)
		return err;
	*key = ENGINE_load_private_key(engine, uri, NULL, NULL);
	if (!*key)
		return jh_fail_ossl(name, "no such private key on a PKCS#11 "
				    "token (or wrong PIN)");
	return 0;
}

int jh_token_load_cert(const char *uri, X509 **cert)
{
	struct {
		const char *uri;
		X509 *cert;
	} params = { uri, NULL };
	char buf[512];
	const char *name = jh_token_display(uri, buf, sizeof(buf));
	int err;

	err = engine_start(name);
	if (err)
		return err;
	if (!ENGINE_ctrl_cmd(engine, "LOAD_CERT_CTRL", 0, &params, NULL, 1) ||
	    !params.cert)
		return jh_fail_ossl(name, "no such certificate on a PKCS#11 "
				    "token");
	*cert = params.cert;
	return 0;
}

void jh_token_release(void)
{
	if (engine)
		ENGINE_finish(engine);
	engine = NULL;
}
