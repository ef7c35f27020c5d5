// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <openssl/err.h>
#include <openssl/pem.h>

#include "../lib/signature.h"
#include "creds.h"
#include "error.h"
#include "token.h"

const char *jh_pick_path(const char *option, const char *env,
			 const char *fallback)
{
	const char *value = getenv(env);

	if (option)
		return option;
	return value && value[0] ? value : fallback;
}

static int open_bio(const char *path, BIO **bio)
{
	struct stat st;

	*bio = NULL;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return jh_fail(path, -EISDIR, "is a directory");
	*bio = BIO_new_file(path, "rb");
	if (!*bio) {
		ERR_clear_error();
		return jh_fail(path, -errno ? -errno : -EIO, "cannot open: %s",
			       strerror(errno ? errno : EIO));
	}
	return 0;
}

/* PEM files start with "-----BEGIN"; anything else is taken as DER. */
static bool is_pem(BIO *bio)
{
	static const char begin[] = "-----BEGIN";
	char head[sizeof(begin) - 1];
	int len;

	len = BIO_read(bio, head, sizeof(head));
	if (BIO_reset(bio) != 0)
		return false;
	return len == (int)sizeof(head) && memcmp(head, begin, len) == 0;
}

/* Reads one kind of object from @bio, in its PEM or its DER form. */
typedef void *(*bio_reader)(BIO *bio, bool pem);

static void *read_cert(BIO *bio, bool pem)
{
	if (pem)
		return PEM_read_bio_X509(bio, NULL, NULL, NULL);
	return d2i_X509_bio(bio, NULL);
}

static void *read_key(BIO *bio, bool pem)
{
	if (pem)
		return PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL);
	return d2i_PrivateKey_bio(bio, NULL);
}

/* The object in the file @path; @refusal says why it is not one. */
static void *read_object(const char *path, bio_reader reader,
			 const char *refusal, int *err)
{
	void *obj;
	BIO *bio;

	*err = open_bio(path, &bio);
	if (*err)
		return NULL;
	obj = reader(bio, is_pem(bio));
	BIO_free(bio);
	if (!obj)
		*err = jh_fail_ossl(path, refusal);
	return obj;
}

X509 *jh_try_load_cert(const char *path)
{
	BIO *bio = BIO_new_file(path, "rb");
	X509 *cert = NULL;

	if (bio)
		cert = read_cert(bio, is_pem(bio));
	BIO_free(bio);
	ERR_clear_error();
	return cert;
}

int jh_load_cert(const char *path, X509 **cert)
{
	int err;

	if (jh_is_token_uri(path))
		return jh_token_load_cert(path, cert);
	*cert = read_object(path, read_cert,
			    "not an X.509 certificate (PEM or DER)", &err);
	return err;
}

int jh_load_key(const char *path, EVP_PKEY **key)
{
	int err;

	if (jh_is_token_uri(path))
		return jh_token_load_key(path, key);
	*key = read_object(path, read_key, "cannot read the private key "
			   "(wrong passphrase or not a key?)", &err);
	return err;
}

int jh_load_signer(const char *key_path, const char *cert_path,
		   EVP_PKEY **key, X509 **cert)
{
	char buf[512];
	const char *key_name = jh_token_display(key_path, buf, sizeof(buf));
	int err;

	err = jh_load_cert(cert_path, cert);
	if (err)
		return err;
	err = jh_load_key(key_path, key);
	if (err)
		goto free_cert;
	if (EVP_PKEY_get_base_id(*key) != EVP_PKEY_RSA) {
		err = jh_fail(key_name, -EINVAL, "not an RSA key (the kernel "
			      "verifies RSA signatures only)");
		goto free_key;
	}
	if (EVP_PKEY_get_bits(*key) < JAILHOUSE_SIG_MIN_RSA_BITS) {
		err = jh_fail(key_name, -EINVAL, "RSA key of %d bits; keys "
			      "under %d bits are refused", EVP_PKEY_get_bits(*key),
			      JAILHOUSE_SIG_MIN_RSA_BITS);
		goto free_key;
	}
	if (X509_check_private_key(*cert, *key) != 1) {
		err = jh_fail_ossl(key_name, "key does not match the "
				   "certificate");
		goto free_key;
	}
	return 0;

free_key:
	EVP_PKEY_free(*key);
free_cert:
	X509_free(*cert);
	return err;
}
