// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509v3.h>

#include "../lib/signature.h"
#include "error.h"
#include "keygen.h"
#include "output.h"

/*
 * What the certificate says about its key: a leaf that only signs. No
 * authorityKeyIdentifier: it is self-signed, and OpenSSL cannot fill the
 * key id of a certificate that is not signed yet.
 */
static const struct {
	int nid;
	const char *value;
} extensions[] = {
	{ NID_basic_constraints, "critical,CA:FALSE" },
	{ NID_key_usage, "critical,digitalSignature" },
	{ NID_ext_key_usage, "codeSigning" },
	{ NID_subject_key_identifier, "hash" },
};

/* The types the key may sign, as the loader reads them (signature.h). */
static int add_rights(X509 *cert, __u32 rights)
{
	const unsigned char value[] = { 0x02, 0x01, rights };
	ASN1_OCTET_STRING *octets = ASN1_OCTET_STRING_new();
	ASN1_OBJECT *oid = OBJ_txt2obj(JAILHOUSE_RIGHTS_OID, 1);
	X509_EXTENSION *ext = NULL;
	int ok;

	ok = octets && oid &&
	     ASN1_OCTET_STRING_set(octets, value, sizeof(value)) &&
	     (ext = X509_EXTENSION_create_by_OBJ(NULL, oid, 0, octets)) &&
	     X509_add_ext(cert, ext, -1);
	X509_EXTENSION_free(ext);
	ASN1_OBJECT_free(oid);
	ASN1_OCTET_STRING_free(octets);
	return ok;
}

static int add_extensions(X509 *cert, __u32 rights)
{
	X509V3_CTX ctx;
	X509_EXTENSION *ext;
	size_t i;

	X509V3_set_ctx(&ctx, cert, cert, NULL, NULL, 0);
	for (i = 0; i < sizeof(extensions) / sizeof(extensions[0]); i++) {
		ext = X509V3_EXT_conf_nid(NULL, &ctx, extensions[i].nid,
					  extensions[i].value);
		if (!ext || !X509_add_ext(cert, ext, -1)) {
			X509_EXTENSION_free(ext);
			return 0;
		}
		X509_EXTENSION_free(ext);
	}
	return add_rights(cert, rights);
}

static int set_serial(X509 *cert)
{
	unsigned char bytes[16];
	BIGNUM *bn;
	int ok;

	if (RAND_bytes(bytes, sizeof(bytes)) != 1)
		return 0;
	bytes[0] &= 0x7f;	/* positive */
	bn = BN_bin2bn(bytes, sizeof(bytes), NULL);
	ok = bn && BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert));
	BN_free(bn);
	return ok;
}

static int set_names(X509 *cert, const char *cn)
{
	X509_NAME *name = X509_get_subject_name(cert);

	return X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8,
					  (const unsigned char *)"Jailhouse",
					  -1, -1, 0) &&
	       X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8,
					  (const unsigned char *)cn, -1, -1,
					  0) &&
	       X509_set_issuer_name(cert, name);
}

static X509 *make_cert(EVP_PKEY *key, const struct jh_keygen *req)
{
	X509 *cert = X509_new();

	if (cert && X509_set_version(cert, X509_VERSION_3) &&
	    set_serial(cert) && set_names(cert, req->common_name) &&
	    X509_gmtime_adj(X509_getm_notBefore(cert), 0) &&
	    X509_time_adj_ex(X509_getm_notAfter(cert), req->days, 0, NULL) &&
	    X509_set_pubkey(cert, key) && add_extensions(cert, req->rights) &&
	    X509_sign(cert, key, EVP_sha256()))
		return cert;
	X509_free(cert);
	return NULL;
}

/* Writes one object to @bio: a key or a certificate, PEM or DER. */
typedef int (*bio_writer)(BIO *bio, void *obj);

static int pem_key(BIO *bio, void *key)
{
	return PEM_write_bio_PrivateKey(bio, key, NULL, NULL, 0, NULL, NULL);
}

static int pem_cert(BIO *bio, void *cert)
{
	return PEM_write_bio_X509(bio, cert);
}

static int der_cert(BIO *bio, void *cert)
{
	return i2d_X509_bio(bio, cert);
}

/*
 * @obj to @path, whole or not at all: through a temporary file renamed
 * over @path, or linked to it if @exclusive (an existing file stays).
 */
static int write_object(const char *path, mode_t mode, bool exclusive,
			bio_writer writer, void *obj)
{
	int fd = jh_out_create_temp(path, mode), err = 0;
	BIO *bio;

	if (fd < 0)
		return fd;
	bio = BIO_new_fd(fd, BIO_NOCLOSE);
	if (!bio || !writer(bio, obj) || BIO_flush(bio) != 1)
		err = jh_fail_ossl(path, "cannot write it");
	BIO_free(bio);
	return exclusive ? jh_out_commit_temp_new(fd, path, err) :
			   jh_out_commit_temp(fd, path, err);
}

static bool has_suffix(const char *path, const char *suffix)
{
	size_t len = strlen(path), slen = strlen(suffix);

	return len > slen && strcmp(path + len - slen, suffix) == 0;
}

/* @path with its ".pem" or ".der" suffix (if any) replaced by @suffix. */
static int sibling_path(const char *path, const char *suffix, char *out,
			size_t size)
{
	size_t len = strlen(path);

	if (has_suffix(path, ".pem") || has_suffix(path, ".der"))
		len -= 4;
	if (snprintf(out, size, "%.*s%s", (int)len, path, suffix) >=
	    (int)size)
		return jh_fail(path, -ENAMETOOLONG, "path too long");
	return 0;
}

/*
 * The certificate in both forms: PEM for jh-sign, DER for `jailhouse
 * keyring add`. @path gets the form its suffix names (PEM unless
 * ".der"), its sibling with the other suffix the other form.
 */
static int write_certs(const char *path, X509 *cert)
{
	bool der = has_suffix(path, ".der");
	char other[PATH_MAX];
	int err;

	err = sibling_path(path, der ? ".pem" : ".der", other, sizeof(other));
	if (!err)
		err = write_object(path, 0644, false, der ? der_cert : pem_cert,
				   cert);
	if (!err)
		err = write_object(other, 0644, false,
				   der ? pem_cert : der_cert, cert);
	return err;
}

static int add_right(const char *name, const char *list, __u32 *rights)
{
	__u32 type = jailhouse_sig_type_from_name(name);

	if (strcmp(name, "all") == 0) {
		*rights |= JAILHOUSE_RIGHTS_ALL;
		return 0;
	}
	if (!type)
		return jh_fail(list, -EINVAL, "unknown type '%s' (all, "
			       "hypervisor, system, cell, inmate, policy)",
			       name);
	*rights |= JAILHOUSE_RIGHT(type);
	return 0;
}

int jh_parse_rights(const char *list, __u32 *rights)
{
	char copy[128], *name, *save = NULL;
	int err = 0;

	*rights = 0;
	if (snprintf(copy, sizeof(copy), "%s", list) >= (int)sizeof(copy))
		return jh_fail(list, -EINVAL, "type list too long");
	for (name = strtok_r(copy, ",", &save); name && !err;
	     name = strtok_r(NULL, ",", &save))
		err = add_right(name, list, rights);
	if (!err && !*rights)
		err = jh_fail(list, -EINVAL, "no type given");
	return err;
}

int jh_keygen(const struct jh_keygen *req)
{
	EVP_PKEY *key;
	X509 *cert;
	int err;

	if (strcmp(req->key_path, req->cert_path) == 0)
		return jh_fail(req->key_path, -EINVAL, "key and certificate "
			       "need different files");
	key = EVP_RSA_gen(req->bits);
	if (!key)
		return jh_fail_ossl(req->key_path, "RSA key generation failed");
	cert = make_cert(key, req);
	if (!cert) {
		EVP_PKEY_free(key);
		return jh_fail_ossl(req->cert_path, "cannot make the "
				    "certificate");
	}
	err = write_object(req->key_path, 0600, true, pem_key, key);
	if (!err)
		err = write_certs(req->cert_path, cert);
	X509_free(cert);
	EVP_PKEY_free(key);
	return err;
}
