// SPDX-License-Identifier: GPL-2.0
/* The subjectKeyIdentifier of a certificate: a signer's typed identity. */
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

int policy_cert_key_id(const char *path, struct jailhouse_signer_id *id,
		       char *error)
{
	const ASN1_OCTET_STRING *skid;
	X509 *cert = load_cert(path);
	int ret = 0;

	if (!cert) {
		snprintf(error, CONFIG_ERROR_LEN, "%s: not a readable X.509 "
			 "certificate (PEM or DER)", path);
		return -EINVAL;
	}
	skid = X509_get0_subject_key_id(cert);
	if (!skid || ASN1_STRING_length(skid) < 1 ||
	    ASN1_STRING_length(skid) > JAILHOUSE_POLICY_KEY_ID_LEN) {
		snprintf(error, CONFIG_ERROR_LEN, "%s: no subjectKeyIdentifier "
			 "of 1 to 32 bytes", path);
		ret = -EINVAL;
	} else {
		memset(id, 0, sizeof(*id));
		id->type = JAILHOUSE_SIGNER_SKID;
		id->len = (__u32)ASN1_STRING_length(skid);
		memcpy(id->id, ASN1_STRING_get0_data(skid), id->len);
	}
	X509_free(cert);
	return ret;
}
