// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "certdir.h"
#include "check.h"
#include "creds.h"
#include "error.h"
#include "rights.h"

#define HASH_CHUNK	(1 << 20)

static int require_signed(const struct jh_sigfile *f)
{
	if (f->is_signed)
		return 0;
	return jh_fail(f->path, -JAILHOUSE_SIG_ERR_UNSIGNED,
		       "not signed (no signature trailer)");
}

static int load_cms(const struct jh_sigfile *f, CMS_ContentInfo **cms)
{
	const unsigned char *p;
	unsigned char *der;
	int err;

	err = jh_sigfile_read_cms(f, &der);
	if (err)
		return err;
	p = der;
	*cms = d2i_CMS_ContentInfo(NULL, &p, f->layout.cms_size);
	free(der);
	if (!*cms) {
		jh_fail_ossl(f->path, "signature is not a CMS message");
		return -JAILHOUSE_SIG_ERR_MALFORMED;
	}
	return 0;
}

static int check_expect(const struct jh_sigfile *f,
			const struct jh_expect *expect)
{
	const struct jailhouse_sig_header *hdr = &f->header;

	if (expect->type && hdr->type != expect->type)
		return jh_fail(f->path, -JAILHOUSE_SIG_ERR_TYPE,
			       "signed as a %s image, not %s",
			       jailhouse_sig_type_name(hdr->type),
			       jailhouse_sig_type_name(expect->type));
	if (expect->name && strncmp(hdr->name, expect->name,
				    sizeof(hdr->name)) != 0)
		return jh_fail(f->path, -JAILHOUSE_SIG_ERR_NAME,
			       "signed for name '%s', not '%s'", hdr->name,
			       expect->name);
	if (hdr->security_version < expect->min_version)
		return jh_fail(f->path, -JAILHOUSE_SIG_ERR_ROLLBACK,
			       "security version %u is below %u",
			       hdr->security_version, expect->min_version);
	return 0;
}

/* How many of @len bytes differ between @a and @b. */
static size_t bytes_differing(const unsigned char *a, const unsigned char *b,
			      size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		n += a[i] != b[i];
	return n;
}

/*
 * The CMS signer @si names @cert but for a few bytes: the signer
 * identifier (subjectKeyIdentifier or issuer and serial) is damaged, no
 * other key's. Return: how many bytes differ, or 0 if it is no near miss.
 */
static size_t signer_near_miss(CMS_SignerInfo *si, X509 *cert)
{
	ASN1_OCTET_STRING *keyid = NULL;
	const ASN1_OCTET_STRING *skid = X509_get0_subject_key_id(cert);
	const ASN1_INTEGER *serial = X509_get0_serialNumber(cert);
	X509_NAME *issuer = NULL;
	ASN1_INTEGER *sno = NULL;
	size_t n = 0;

	if (!CMS_SignerInfo_get0_signer_id(si, &keyid, &issuer, &sno))
		return 0;
	if (keyid && skid && keyid->length == skid->length)
		n = bytes_differing(keyid->data, skid->data, keyid->length);
	else if (sno && ASN1_INTEGER_cmp(sno, serial) == 0)
		n = X509_NAME_cmp(issuer, X509_get_issuer_name(cert)) != 0;
	else if (sno && sno->length == serial->length &&
		 !X509_NAME_cmp(issuer, X509_get_issuer_name(cert)))
		n = bytes_differing(sno->data, serial->data, sno->length);
	return n <= 2 ? n : 0;
}

/* Whether the signer is @cert; if not, say why on stderr. */
static int check_signer(const struct jh_sigfile *f, CMS_ContentInfo *cms,
			X509 *cert)
{
	CMS_SignerInfo *si = sk_CMS_SignerInfo_value(CMS_get0_SignerInfos(cms),
						     0);
	size_t damaged;

	if (!si || CMS_SignerInfo_cert_cmp(si, cert) == 0)
		return 0;
	damaged = signer_near_miss(si, cert);
	if (damaged)
		return jh_fail(f->path, -JAILHOUSE_SIG_ERR_MALFORMED,
			       "signature malformed: its signer identifier "
			       "differs from the certificate's in %zu byte%s "
			       "(damaged)", damaged, damaged == 1 ? "" : "s");
	return jh_fail(f->path, -JAILHOUSE_SIG_ERR_UNTRUSTED, "signed by "
		       "another key than the certificate's (jh-sign --info "
		       "names the signer)");
}

/* The certificate is trusted as is, like a key in the .jailhouse keyring:
 * the signer must be it (CMS_NOINTERN), no chain is built. */
static int verify_cms(const struct jh_sigfile *f, CMS_ContentInfo *cms,
		      X509 *cert)
{
	unsigned int flags = CMS_BINARY | CMS_NOINTERN |
			     CMS_NO_SIGNER_CERT_VERIFY;
	STACK_OF(X509) *certs = sk_X509_new_null();
	X509_STORE *store = X509_STORE_new();
	BIO *content = jh_sigfile_bio(f, f->layout.cms_offset);
	int err = 0;

	if (!certs || !store || !content || !sk_X509_push(certs, cert))
		err = jh_fail_ossl(f->path, "out of memory");
	if (!err)
		err = check_signer(f, cms, cert);
	if (!err &&
	    CMS_verify(cms, certs, store, content, NULL, flags) != 1) {
		jh_fail_ossl(f->path, "signature check failed");
		err = -JAILHOUSE_SIG_ERR_REJECTED;
	}
	BIO_free(content);
	X509_STORE_free(store);
	sk_X509_free(certs);
	return err;
}

int jh_verify(const struct jh_sigfile *f, const char *cert_path,
	      const struct jh_expect *expect)
{
	CMS_ContentInfo *cms;
	X509 *cert;
	int err;

	err = require_signed(f);
	if (!err)
		err = load_cms(f, &cms);
	if (err)
		return err;
	err = jh_signer_cert(cert_path, cms, &cert);
	if (!err) {
		err = verify_cms(f, cms, cert);
		if (!err)
			err = jh_check_rights(cert, f->header.type, f->path,
					      false);
		X509_free(cert);
	}
	CMS_ContentInfo_free(cms);
	if (!err)
		err = check_expect(f, expect);
	if (!err)
		printf("%s: OK: %s '%s' version %u\n", f->path,
		       jailhouse_sig_type_name(f->header.type), f->header.name,
		       f->header.security_version);
	return err;
}

static int payload_digest(const struct jh_sigfile *f,
			  unsigned char md[EVP_MAX_MD_SIZE])
{
	__u64 size = jh_sigfile_payload_size(f), offset;
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	void *buf = malloc(HASH_CHUNK);
	size_t len;
	int err = 0;

	if (!ctx || !buf || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL))
		err = jh_fail_ossl(f->path, "cannot start SHA-256");
	for (offset = 0; !err && offset < size; offset += len) {
		len = size - offset < HASH_CHUNK ? size - offset : HASH_CHUNK;
		err = jh_sigfile_read(f, buf, len, offset);
		if (!err && !EVP_DigestUpdate(ctx, buf, len))
			err = jh_fail_ossl(f->path, "SHA-256 failed");
	}
	if (!err && !EVP_DigestFinal_ex(ctx, md, NULL))
		err = jh_fail_ossl(f->path, "SHA-256 failed");
	free(buf);
	EVP_MD_CTX_free(ctx);
	return err;
}

static void print_hex(const char *label, const unsigned char *p, size_t len)
{
	size_t i;

	printf("%s", label);
	for (i = 0; i < len; i++)
		printf("%02x", p[i]);
}

static int print_signer(const struct jh_sigfile *f)
{
	struct jailhouse_signer_id signer;
	unsigned char *der;
	const char *reason;
	int err;

	err = jh_sigfile_read_cms(f, &der);
	if (err)
		return err;
	jailhouse_sig_signer(der, f->layout.cms_size, &signer, &reason);
	print_hex(signer.type == JAILHOUSE_SIGNER_SKID ? "signer:    skid:" :
		  "signer:    issuer-serial:", signer.id, signer.len);
	printf("\n");
	free(der);
	return 0;
}

static void print_name(const char *label, const X509_NAME *name)
{
	printf("%s", label);
	X509_NAME_print_ex_fp(stdout, name, 0, XN_FLAG_RFC2253);
	printf("\n");
}

/*
 * Who signed, by name: the issuer and serial the signature carries, or
 * the subject and issuer of the certificate in @certs (a file or a
 * directory) that names the signer, if one does.
 */
static void print_signer_names(const struct jh_sigfile *f, const char *certs)
{
	CMS_SignerInfo *si;
	CMS_ContentInfo *cms;
	X509_NAME *issuer = NULL;
	ASN1_INTEGER *serial = NULL;
	ASN1_OCTET_STRING *keyid = NULL;
	X509 *cert;

	if (load_cms(f, &cms))
		return;
	si = sk_CMS_SignerInfo_value(CMS_get0_SignerInfos(cms), 0);
	cert = certs ? jh_signer_cert_quiet(certs, cms) : NULL;
	if (cert) {
		print_name("subject:   ", X509_get_subject_name(cert));
		print_name("issuer:    ", X509_get_issuer_name(cert));
		X509_free(cert);
	} else if (si && CMS_SignerInfo_get0_signer_id(si, &keyid, &issuer,
							&serial) && issuer) {
		print_name("issuer:    ", issuer);
	} else {
		printf("subject:   unknown (no certificate in %s names the "
		       "signer)\n", certs ? certs : "--cert");
	}
	CMS_ContentInfo_free(cms);
}

int jh_info(const struct jh_sigfile *f, const char *certs)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	int err;

	err = require_signed(f);
	if (!err)
		err = payload_digest(f, md);
	if (err)
		return err;
	printf("file:      %s\n", f->path);
	printf("type:      %s\n", jailhouse_sig_type_name(f->header.type));
	printf("name:      %s\n", f->header.name);
	printf("version:   %u\n", f->header.security_version);
	printf("payload:   %llu bytes\n",
	       (unsigned long long)f->layout.payload_size);
	print_hex("sha256:    ", md, 32);
	printf("\nsignature: %u bytes CMS, SHA-256\n", f->layout.cms_size);
	err = print_signer(f);
	if (!err)
		print_signer_names(f, certs);
	return err;
}
