// SPDX-License-Identifier: GPL-2.0
/*
 * What the loader reads from a certificate it is asked to trust
 * (lib/signature.c, jailhouse_cert_parse()): the identities a CMS signer
 * names it by and the signing rights of JAILHOUSE_RIGHTS_OID. The
 * certificates are made by OpenSSL, so the identities are compared with
 * what OpenSSL reads.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <openssl/evp.h>
#include <openssl/x509v3.h>

#include "signature.h"

static EVP_PKEY *key;

struct der_cert {
	unsigned char *der;
	int len;
};

static void add_raw(X509 *cert, const char *oid, const unsigned char *value,
		    size_t len)
{
	ASN1_OCTET_STRING *octets = ASN1_OCTET_STRING_new();
	ASN1_OBJECT *obj = OBJ_txt2obj(oid, 1);
	X509_EXTENSION *ext;

	assert_true(ASN1_OCTET_STRING_set(octets, value, len));
	ext = X509_EXTENSION_create_by_OBJ(NULL, obj, 0, octets);
	assert_non_null(ext);
	assert_true(X509_add_ext(cert, ext, -1));
	X509_EXTENSION_free(ext);
	ASN1_OBJECT_free(obj);
	ASN1_OCTET_STRING_free(octets);
}

static void add_rights(X509 *cert, unsigned char rights)
{
	const unsigned char value[] = { 0x02, 0x01, rights };

	add_raw(cert, JAILHOUSE_RIGHTS_OID, value, sizeof(value));
}

static void add_skid(X509 *cert)
{
	const unsigned char value[] = { 0x04, 0x04, 0xde, 0xad, 0xbe, 0xef };

	add_raw(cert, "2.5.29.14", value, sizeof(value));
}

static X509 *new_cert(void)
{
	X509 *cert = X509_new();
	X509_NAME *name = X509_get_subject_name(cert);

	assert_true(X509_set_version(cert, X509_VERSION_3));
	assert_true(ASN1_INTEGER_set(X509_get_serialNumber(cert), 0x1234567));
	assert_true(X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8,
					       (const unsigned char *)"t",
					       -1, -1, 0));
	assert_true(X509_set_issuer_name(cert, name));
	assert_non_null(X509_gmtime_adj(X509_getm_notBefore(cert), 0));
	assert_non_null(X509_gmtime_adj(X509_getm_notAfter(cert), 3600));
	assert_true(X509_set_pubkey(cert, key));
	return cert;
}

static struct der_cert finish(X509 *cert)
{
	struct der_cert d = { NULL, 0 };

	assert_true(X509_sign(cert, key, EVP_sha256()));
	d.len = i2d_X509(cert, &d.der);
	assert_true(d.len > 0);
	X509_free(cert);
	return d;
}

static int parse(const struct der_cert *d, struct jailhouse_cert_info *info)
{
	const char *reason = NULL;
	int err = jailhouse_cert_parse(d->der, d->len, info, &reason);

	assert_true(err ? reason != NULL : reason == NULL);
	return err;
}

/* SHA-256 of the issuer Name's DER element and the serial's contents. */
static void expected_issuer_serial(X509 *cert, unsigned char *digest)
{
	unsigned char *issuer = NULL, *serial = NULL;
	int issuer_len = i2d_X509_NAME(X509_get_issuer_name(cert), &issuer);
	int serial_len = i2d_ASN1_INTEGER(X509_get_serialNumber(cert),
					  &serial);
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();

	assert_true(EVP_DigestInit_ex(ctx, EVP_sha256(), NULL));
	assert_true(EVP_DigestUpdate(ctx, issuer, issuer_len));
	assert_true(EVP_DigestUpdate(ctx, serial + 2, serial_len - 2));
	assert_true(EVP_DigestFinal_ex(ctx, digest, NULL));
	EVP_MD_CTX_free(ctx);
	OPENSSL_free(issuer);
	OPENSSL_free(serial);
}

static void test_rights_and_identities(void **state)
{
	X509 *cert = new_cert();
	unsigned char digest[32];
	struct jailhouse_cert_info info;
	struct der_cert d;

	(void)state;
	add_skid(cert);
	add_rights(cert, JAILHOUSE_RIGHTS_ALL);
	expected_issuer_serial(cert, digest);
	d = finish(cert);
	assert_int_equal(parse(&d, &info), 0);
	assert_int_equal(info.rights, JAILHOUSE_RIGHTS_ALL);
	assert_int_equal(info.skid.type, JAILHOUSE_SIGNER_SKID);
	assert_int_equal(info.skid.len, 4);
	assert_memory_equal(info.skid.id, "\xde\xad\xbe\xef", 4);
	assert_int_equal(info.issuer_serial.type,
			 JAILHOUSE_SIGNER_ISSUER_SERIAL);
	assert_int_equal(info.issuer_serial.len, 32);
	assert_memory_equal(info.issuer_serial.id, digest, 32);
	OPENSSL_free(d.der);
}

/* Deny by default: without the extension, no rights; without a SKID,
 * the issuer-serial identity only. */
static void test_no_rights_no_skid(void **state)
{
	struct jailhouse_cert_info info;
	struct der_cert d = finish(new_cert());

	(void)state;
	assert_int_equal(parse(&d, &info), 0);
	assert_int_equal(info.rights, 0);
	assert_int_equal(info.skid.type, 0);
	assert_int_equal(info.issuer_serial.type,
			 JAILHOUSE_SIGNER_ISSUER_SERIAL);
	OPENSSL_free(d.der);
}

static void test_cell_only_rights(void **state)
{
	const __u32 cells = JAILHOUSE_RIGHT(JAILHOUSE_IMAGE_CELL_CONFIG) |
			    JAILHOUSE_RIGHT(JAILHOUSE_IMAGE_INMATE);
	struct jailhouse_cert_info info;
	X509 *cert = new_cert();
	struct der_cert d;

	(void)state;
	add_rights(cert, cells);
	d = finish(cert);
	assert_int_equal(parse(&d, &info), 0);
	assert_int_equal(info.rights, cells);
	assert_false(info.rights & JAILHOUSE_RIGHTS_PLATFORM);
	OPENSSL_free(d.der);
}

static void assert_rights_refused(const unsigned char *value, size_t len)
{
	struct jailhouse_cert_info info;
	X509 *cert = new_cert();
	struct der_cert d;

	add_raw(cert, JAILHOUSE_RIGHTS_OID, value, len);
	d = finish(cert);
	assert_int_equal(parse(&d, &info), -EBADMSG);
	OPENSSL_free(d.der);
}

/* Only 02 01 NN with NN a non-empty set of known types. */
static void test_bad_rights_refused(void **state)
{
	static const unsigned char values[][4] = {
		{ 0x02, 0x01, 0x00 },		/* no type */
		{ 0x02, 0x01, 0x01 },		/* bit 0: no type 0 */
		{ 0x02, 0x01, 0x40 },		/* type 6 */
		{ 0x02, 0x01, 0xbe },		/* negative */
		{ 0x04, 0x01, 0x3e },		/* not an INTEGER */
		{ 0x02, 0x02, 0x00, 0x3e },	/* two bytes */
	};
	static const unsigned char trailing[] = { 0x02, 0x01, 0x3e, 0x00 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++)
		assert_rights_refused(values[i], values[i][1] + 2);
	assert_rights_refused(trailing, sizeof(trailing));
}

/* The kernel keeps the last of two; the loader must not see another. */
static void test_twice_refused(void **state)
{
	struct jailhouse_cert_info info;
	X509 *rights = new_cert(), *skid = new_cert();
	struct der_cert d;

	(void)state;
	add_rights(rights, 0x18);
	add_rights(rights, JAILHOUSE_RIGHTS_ALL);
	d = finish(rights);
	assert_int_equal(parse(&d, &info), -EBADMSG);
	OPENSSL_free(d.der);
	add_skid(skid);
	add_skid(skid);
	d = finish(skid);
	assert_int_equal(parse(&d, &info), -EBADMSG);
	OPENSSL_free(d.der);
}

static void test_every_truncation(void **state)
{
	struct jailhouse_cert_info info;
	const char *reason;
	X509 *cert = new_cert();
	unsigned char *longer;
	struct der_cert d;
	int len;

	(void)state;
	add_skid(cert);
	add_rights(cert, JAILHOUSE_RIGHTS_ALL);
	d = finish(cert);
	for (len = 0; len < d.len; len++)
		assert_int_equal(jailhouse_cert_parse(d.der, len, &info,
						      &reason), -EBADMSG);
	longer = malloc(d.len + 1);
	memcpy(longer, d.der, d.len);
	longer[d.len] = 0;
	assert_int_equal(jailhouse_cert_parse(longer, d.len + 1, &info,
					      &reason), -EBADMSG);
	free(longer);
	OPENSSL_free(d.der);
}

static int make_key(void **state)
{
	(void)state;
	key = EVP_EC_gen("P-256");
	return key ? 0 : -1;
}

static int free_key(void **state)
{
	(void)state;
	EVP_PKEY_free(key);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rights_and_identities),
		cmocka_unit_test(test_no_rights_no_skid),
		cmocka_unit_test(test_cell_only_rights),
		cmocka_unit_test(test_bad_rights_refused),
		cmocka_unit_test(test_twice_refused),
		cmocka_unit_test(test_every_truncation),
	};

	return cmocka_run_group_tests(tests, make_key, free_key);
}
