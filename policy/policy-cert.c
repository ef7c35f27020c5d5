// SPDX-License-Identifier: GPL-2.0
/*
 * A certificate's signer identity, typed as a signature by it names its
 * signer: the subjectKeyIdentifier if the certificate has one (jh-sign
 * and the kernel's sign-file then sign by it), else the serial number
 * (issuer and serial).
 */
#include <errno.h>
#include <string.h>

#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <jailhouse/policy.h>

#include "policy-tool.h"

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

/* The serial's INTEGER contents, as a CMS issuerAndSerialNumber has it. */
static int serial_id(X509 *cert, struct jailhouse_signer_id *id)
{
	unsigned char der[2 + JAILHOUSE_SIG_SIGNER_ID_MAX], *p = der;
	const ASN1_INTEGER *serial = X509_get0_serialNumber(cert);
	int len = i2d_ASN1_INTEGER(serial, NULL);

	/* Tag and one length byte: contents of at most 32 bytes. */
	if (len < 3 || len > (int)sizeof(der))
		return -EINVAL;
	i2d_ASN1_INTEGER(serial, &p);
	id->type = JAILHOUSE_SIGNER_SERIAL;
	id->len = (__u32)len - 2;
	memcpy(id->id, der + 2, id->len);
	return 0;
}

int policy_cert_signer_id(X509 *cert, struct jailhouse_signer_id *id)
{
	const ASN1_OCTET_STRING *skid = X509_get0_subject_key_id(cert);

	memset(id, 0, sizeof(*id));
	if (!skid)
		return serial_id(cert, id);
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
		snprintf(error, CONFIG_ERROR_LEN, "%s: subjectKeyIdentifier or "
			 "serial not of 1 to 32 bytes", path);
	X509_free(cert);
	return ret;
}
