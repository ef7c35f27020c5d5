// SPDX-License-Identifier: GPL-2.0
/*
 * A certificate's signer identity, typed as a signature by it names its
 * signer: the subjectKeyIdentifier if the certificate has one (jh-sign
 * and the kernel's sign-file then sign by it), else a digest of its
 * issuer and serial number (jailhouse/signature.h).
 */
#include <errno.h>
#include <string.h>

#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <jailhouse/policy.h>

#include "policy-tool.h"
#include "../lib/sha256.h"

static X509 *load_cert(const char *path)
{
	X509 *cert = NULL;
	BIO *bio = BIO_new_file(path, "rb");

	if (!bio)
		return NULL;
	cert = PEM_read_bio_X509(bio, NULL, NULL, NULL);
	if (!cert && BIO_reset(bio) == 0)
		cert = d2i_X509_bio(bio, NULL);
	BIO_free(bio);
	return cert;
}

/*
 * Issuer and serial as a CMS issuerAndSerialNumber has them, hashed the
 * way lib/signature.c names such a signer: the issuer Name's DER element,
 * then the serial INTEGER's contents.
 */
static int issuer_serial_id(X509 *cert, struct jailhouse_signer_id *id)
{
	const ASN1_INTEGER *serial = X509_get0_serialNumber(cert);
	unsigned char *issuer = NULL, *serial_der = NULL;
	const int header = 2;	/* tag and a short length */
	int issuer_len, serial_len;
	struct jailhouse_sha256 ctx;

	issuer_len = i2d_X509_NAME(X509_get_issuer_name(cert), &issuer);
	serial_len = i2d_ASN1_INTEGER(serial, &serial_der);
	/* A serial of at most 127 bytes (RFC 5280 allows 20). */
	if (issuer_len <= 0 || serial_len <= header ||
	    serial_der[1] != serial_len - header) {
		OPENSSL_free(issuer);
		OPENSSL_free(serial_der);
		return -EINVAL;
	}
	jailhouse_sha256_init(&ctx);
	jailhouse_sha256_update(&ctx, issuer, (size_t)issuer_len);
	jailhouse_sha256_update(&ctx, serial_der + header,
				(size_t)(serial_len - header));
	jailhouse_sha256_final(&ctx, id->id);
	id->type = JAILHOUSE_SIGNER_ISSUER_SERIAL;
	id->len = JAILHOUSE_SHA256_SIZE;
	OPENSSL_free(issuer);
	OPENSSL_free(serial_der);
	return 0;
}

int policy_cert_signer_id(X509 *cert, struct jailhouse_signer_id *id)
{
	const ASN1_OCTET_STRING *skid = X509_get0_subject_key_id(cert);

	memset(id, 0, sizeof(*id));
	if (!skid)
		return issuer_serial_id(cert, id);
	if (ASN1_STRING_length(skid) < 1 ||
	    ASN1_STRING_length(skid) > JAILHOUSE_POLICY_KEY_ID_LEN)
		return -EINVAL;
	id->type = JAILHOUSE_SIGNER_SKID;
	id->len = (__u32)ASN1_STRING_length(skid);
	memcpy(id->id, ASN1_STRING_get0_data(skid), id->len);
	return 0;
}

int policy_cert_key_id(const char *path, struct jailhouse_signer_id *id,
		       char *error)
{
	X509 *cert = load_cert(path);
	int ret;

	if (!cert) {
		snprintf(error, CONFIG_ERROR_LEN, "%s: not a readable X.509 "
			 "certificate (PEM or DER)", path);
		return -EINVAL;
	}
	ret = policy_cert_signer_id(cert, id);
	if (ret)
		snprintf(error, CONFIG_ERROR_LEN, "%s: subjectKeyIdentifier "
			 "not of 1 to 32 bytes, or serial not of 1 to 127",
			 path);
	X509_free(cert);
	return ret;
}
