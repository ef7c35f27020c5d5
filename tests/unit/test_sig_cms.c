// SPDX-License-Identifier: GPL-2.0
/* The strict shape check of CMS SignedData and the signer identifier
 * (lib/signature.c), on DER built here field by field. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <openssl/sha.h>

#include "signature.h"

/* A tiny DER writer: tlv() appends one element around what @fn writes. */
struct buf {
	unsigned char data[1024];
	size_t len;
};

static void put(struct buf *b, const void *p, size_t len)
{
	assert_true(b->len + len <= sizeof(b->data));
	if (len)
		memcpy(b->data + b->len, p, len);
	b->len += len;
}

static void tlv(struct buf *b, unsigned char tag, const struct buf *content)
{
	unsigned char head[4] = { tag };
	size_t n = 2;

	if (content->len < 0x80) {
		head[1] = content->len;
	} else {
		head[1] = 0x82;
		head[2] = content->len >> 8;
		head[3] = content->len & 0xff;
		n = 4;
	}
	put(b, head, n);
	put(b, content->data, content->len);
}

static void raw_tlv(struct buf *b, unsigned char tag, const void *p,
		    size_t len)
{
	struct buf content = { .len = 0 };

	put(&content, p, len);
	tlv(b, tag, &content);
}

static const unsigned char oid_sd[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d,
					0x01, 0x07, 0x02 };
static const unsigned char oid_data[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7,
					  0x0d, 0x01, 0x07, 0x01 };
static const unsigned char oid_sha256[] = { 0x60, 0x86, 0x48, 0x01, 0x65,
					    0x03, 0x04, 0x02, 0x01 };
static const unsigned char oid_sha1[] = { 0x2b, 0x0e, 0x03, 0x02, 0x1a };
static const unsigned char oid_content_type[] = { 0x2a, 0x86, 0x48, 0x86,
						  0xf7, 0x0d, 0x01, 0x09,
						  0x03 };
static const unsigned char oid_smime_caps[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7,
						0x0d, 0x01, 0x09, 0x0f };
static const unsigned char oid_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d,
					 0x01, 0x01, 0x01 };
static const unsigned char skid[20] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
					11, 12, 13, 14, 15, 16, 17, 18, 19 };
static const unsigned char serial[] = { 0x4a, 0x11, 0x22 };
static const unsigned char signature[64] = { 0x55, [63] = 0xaa };

/* What to build; the defaults are a valid jh-sign style message. */
struct shape {
	unsigned char sd_version, si_version;
	bool by_serial, with_certs, with_crls, with_attrs, two_signers;
	unsigned char issuer;	/* by_serial: 0 or a one-byte RDN value */
	bool with_smime_caps;
	bool rsa_params_null;
	const unsigned char *digest_oid;
	size_t digest_oid_len;
};

static void algorithm(struct buf *b, const void *oid, size_t len,
		      bool null_params)
{
	struct buf alg = { .len = 0 };

	raw_tlv(&alg, 0x06, oid, len);
	if (null_params)
		raw_tlv(&alg, 0x05, NULL, 0);
	tlv(b, 0x30, &alg);
}

/* An issuer Name's contents: empty, or one RDN holding one octet. */
static void issuer_name(struct buf *name, unsigned char value)
{
	if (value)
		raw_tlv(name, 0x31, &value, 1);
	else
		raw_tlv(name, 0x31, NULL, 0);
}

/* The identity lib/signature.c gives issuer and serial, by OpenSSL. */
static void expected_issuer_serial(unsigned char value,
				   unsigned char id[SHA256_DIGEST_LENGTH])
{
	struct buf name = { .len = 0 }, both = { .len = 0 };

	issuer_name(&name, value);
	tlv(&both, 0x30, &name);
	put(&both, serial, sizeof(serial));
	SHA256(both.data, both.len, id);
}

static void sid(struct buf *si, const struct shape *s)
{
	struct buf ias = { .len = 0 }, name = { .len = 0 };

	if (!s->by_serial) {
		raw_tlv(si, 0x80, skid, sizeof(skid));
		return;
	}
	issuer_name(&name, s->issuer);
	tlv(&ias, 0x30, &name);
	raw_tlv(&ias, 0x02, serial, sizeof(serial));
	tlv(si, 0x30, &ias);
}

/* contentType, and S/MIME capabilities if asked for. */
static void signed_attrs(struct buf *si, const struct shape *s)
{
	struct buf attrs = { .len = 0 }, attr = { .len = 0 };
	struct buf values = { .len = 0 };

	raw_tlv(&attr, 0x06, oid_content_type, sizeof(oid_content_type));
	raw_tlv(&values, 0x06, oid_data, sizeof(oid_data));
	tlv(&attr, 0x31, &values);
	tlv(&attrs, 0x30, &attr);
	if (s->with_smime_caps) {
		attr.len = 0;
		raw_tlv(&attr, 0x06, oid_smime_caps, sizeof(oid_smime_caps));
		raw_tlv(&attr, 0x31, NULL, 0);
		tlv(&attrs, 0x30, &attr);
	}
	tlv(si, 0xa0, &attrs);
}

static void signer_info(struct buf *set, const struct shape *s)
{
	struct buf si = { .len = 0 };

	raw_tlv(&si, 0x02, &s->si_version, 1);
	sid(&si, s);
	algorithm(&si, s->digest_oid, s->digest_oid_len, false);
	if (s->with_attrs)
		signed_attrs(&si, s);
	algorithm(&si, oid_rsa, sizeof(oid_rsa), s->rsa_params_null);
	raw_tlv(&si, 0x04, signature, sizeof(signature));
	tlv(set, 0x30, &si);
}

static void signed_data(struct buf *b, const struct shape *s)
{
	struct buf sd = { .len = 0 }, set = { .len = 0 }, encap = { .len = 0 };

	raw_tlv(&sd, 0x02, &s->sd_version, 1);
	algorithm(&set, oid_sha256, sizeof(oid_sha256), false);
	tlv(&sd, 0x31, &set);
	raw_tlv(&encap, 0x06, oid_data, sizeof(oid_data));
	tlv(&sd, 0x30, &encap);
	if (s->with_certs)
		raw_tlv(&sd, 0xa0, "\x30\x00", 2);
	if (s->with_crls)
		raw_tlv(&sd, 0xa1, "\x30\x00", 2);
	set.len = 0;
	signer_info(&set, s);
	if (s->two_signers)
		signer_info(&set, s);
	tlv(&sd, 0x31, &set);
	tlv(b, 0x30, &sd);
}

static void build(struct buf *b, const struct shape *s)
{
	struct buf ci = { .len = 0 }, wrap = { .len = 0 };

	raw_tlv(&ci, 0x06, oid_sd, sizeof(oid_sd));
	signed_data(&wrap, s);
	tlv(&ci, 0xa0, &wrap);
	b->len = 0;
	tlv(b, 0x30, &ci);
}

static const struct shape valid = {
	.sd_version = 3, .si_version = 3,
	.digest_oid = oid_sha256, .digest_oid_len = sizeof(oid_sha256),
};

static int parse(const struct buf *b, struct jailhouse_signer_id *signer)
{
	const char *reason;
	int err;

	err = jailhouse_sig_signer(b->data, b->len, signer, &reason);
	assert_true(err ? reason != NULL : reason == NULL);
	return err;
}

static void test_skid_signer(void **state)
{
	struct jailhouse_signer_id signer;
	struct buf b;

	(void)state;
	build(&b, &valid);
	assert_int_equal(parse(&b, &signer), 0);
	assert_int_equal(signer.type, JAILHOUSE_SIGNER_SKID);
	assert_int_equal(signer.len, sizeof(skid));
	assert_memory_equal(signer.id, skid, sizeof(skid));
}

/* As openssl cms -sign makes them: serial, certificates, attributes. */
static void test_openssl_style_signer(void **state)
{
	unsigned char expected[SHA256_DIGEST_LENGTH];
	struct shape s = valid;
	struct jailhouse_signer_id signer;
	struct buf b;

	(void)state;
	s.sd_version = s.si_version = 1;
	s.by_serial = s.with_certs = s.with_attrs = s.rsa_params_null = true;
	build(&b, &s);
	assert_int_equal(parse(&b, &signer), 0);
	assert_int_equal(signer.type, JAILHOUSE_SIGNER_ISSUER_SERIAL);
	assert_int_equal(signer.len, SHA256_DIGEST_LENGTH);
	expected_issuer_serial(0, expected);
	assert_memory_equal(signer.id, expected, sizeof(expected));
}

/* Serials are unique per issuer only: the same serial from another
 * issuer is another signer. */
static void test_issuer_names_signer(void **state)
{
	unsigned char expected[SHA256_DIGEST_LENGTH];
	struct jailhouse_signer_id a, b;
	struct shape s = valid;
	struct buf buf;

	(void)state;
	s.sd_version = s.si_version = 1;
	s.by_serial = true;
	s.issuer = 'A';
	build(&buf, &s);
	assert_int_equal(parse(&buf, &a), 0);
	s.issuer = 'B';
	build(&buf, &s);
	assert_int_equal(parse(&buf, &b), 0);
	assert_false(jailhouse_signer_equal(&a, &b));
	expected_issuer_serial('B', expected);
	assert_memory_equal(b.id, expected, sizeof(expected));
}

static void assert_shape_rejected(const struct shape *s)
{
	struct jailhouse_signer_id signer;
	struct buf b;

	build(&b, s);
	assert_int_equal(parse(&b, &signer), -EBADMSG);
}

static void test_rejected_shapes(void **state)
{
	struct shape s;

	(void)state;
	s = valid, s.two_signers = true;
	assert_shape_rejected(&s);
	s = valid, s.with_crls = true;
	assert_shape_rejected(&s);
	s = valid, s.si_version = 1;
	assert_shape_rejected(&s);
	s = valid, s.sd_version = 1;
	assert_shape_rejected(&s);
	s = valid, s.by_serial = true;	/* serial needs version 1 */
	assert_shape_rejected(&s);
	s = valid, s.with_attrs = s.with_smime_caps = true;
	assert_shape_rejected(&s);
	s = valid, s.digest_oid = oid_sha1;
	s.digest_oid_len = sizeof(oid_sha1);
	assert_shape_rejected(&s);
}

/* Changing any byte either breaks the shape or lands in the signer id or
 * the signature value, which the verifier checks. */
static void test_every_byte_change(void **state)
{
	struct jailhouse_signer_id signer;
	size_t i, sig_at, id_at;
	struct buf b, changed;
	unsigned int x;

	(void)state;
	build(&b, &valid);
	assert_int_equal(parse(&b, &signer), 0);
	id_at = (size_t)((unsigned char *)memmem(b.data, b.len, skid,
						  sizeof(skid)) - b.data);
	sig_at = b.len - sizeof(signature);
	for (i = 0; i < b.len; i++) {
		for (x = 1; x < 256; x++) {
			changed = b;
			changed.data[i] ^= x;
			if (parse(&changed, &signer) == 0)
				assert_true((i >= id_at &&
					     i < id_at + sizeof(skid)) ||
					    i >= sig_at);
		}
	}
}

static void test_every_truncation(void **state)
{
	struct jailhouse_signer_id signer;
	struct buf b;
	size_t len;

	(void)state;
	build(&b, &valid);
	for (len = 0; len < b.len; len++) {
		unsigned char *copy = malloc(len ? len : 1);
		const char *reason;

		memcpy(copy, b.data, len);
		assert_int_equal(jailhouse_sig_signer(copy, len, &signer,
						      &reason), -EBADMSG);
		free(copy);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_skid_signer),
		cmocka_unit_test(test_openssl_style_signer),
		cmocka_unit_test(test_issuer_names_signer),
		cmocka_unit_test(test_rejected_shapes),
		cmocka_unit_test(test_every_byte_change),
		cmocka_unit_test(test_every_truncation),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
