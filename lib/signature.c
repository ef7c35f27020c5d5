// SPDX-License-Identifier: GPL-2.0
#include "sha256.h"
#include "signature.h"

static const char *const type_names[] = {
	[JAILHOUSE_IMAGE_HYPERVISOR] = "hypervisor",
	[JAILHOUSE_IMAGE_SYSTEM_CONFIG] = "system",
	[JAILHOUSE_IMAGE_CELL_CONFIG] = "cell",
	[JAILHOUSE_IMAGE_INMATE] = "inmate",
	[JAILHOUSE_IMAGE_POLICY] = "policy",
};

const char *jailhouse_sig_type_name(__u32 type)
{
	if (type == 0 || type > JAILHOUSE_IMAGE_TYPE_MAX)
		return "?";
	return type_names[type];
}

__u32 jailhouse_sig_type_from_name(const char *name)
{
	__u32 type;

	for (type = 1; type <= JAILHOUSE_IMAGE_TYPE_MAX; type++)
		if (strcmp(name, type_names[type]) == 0)
			return type;
	return 0;
}

static const char *trailer_problem(const struct jailhouse_sig_trailer *t,
				   __u64 file_size)
{
	__u64 overhead;

	if (t->revision != JAILHOUSE_SIG_TRAILER_REVISION)
		return "unsupported signature trailer revision";
	if (t->reserved0 || t->reserved1)
		return "reserved fields of the signature trailer are not zero";
	if (t->header_size != sizeof(struct jailhouse_sig_header))
		return "signed header size does not match this revision";
	if (t->cms_size == 0 || t->cms_size > JAILHOUSE_SIG_MAX_CMS_SIZE)
		return "signature size is zero or over the limit";
	overhead = (__u64)t->header_size + t->cms_size + sizeof(*t);
	if (overhead > file_size)
		return "signature sizes exceed the file (truncated?)";
	return NULL;
}

int jailhouse_sig_parse_trailer(const void *trailer, __u64 file_size,
				struct jailhouse_sig_layout *layout,
				const char **reason)
{
	const struct jailhouse_sig_trailer *t = trailer;

	if (file_size < sizeof(*t) ||
	    memcmp(t->magic, JAILHOUSE_SIG_TRAILER_MAGIC,
		   sizeof(t->magic)) != 0) {
		*reason = "not signed (no signature trailer)";
		return -ENODATA;
	}
	*reason = trailer_problem(t, file_size);
	if (*reason)
		return -EBADMSG;
	layout->cms_size = t->cms_size;
	layout->cms_offset = file_size - sizeof(*t) - t->cms_size;
	layout->payload_size = layout->cms_offset - t->header_size;
	return 0;
}

/* NUL-terminated, printable without spaces (it is one word of the
 * measurement log), and NUL-padded to the end of the field. */
static bool name_is_canonical(const char *name)
{
	size_t i = 0;

	while (i < JAILHOUSE_SIG_NAME_LEN && name[i] != '\0') {
		if (name[i] <= 0x20 || name[i] > 0x7e)
			return false;
		i++;
	}
	if (i == JAILHOUSE_SIG_NAME_LEN)
		return false;
	for (; i < JAILHOUSE_SIG_NAME_LEN; i++)
		if (name[i] != '\0')
			return false;
	return true;
}

int jailhouse_sig_check_header(const struct jailhouse_sig_header *hdr,
			       __u64 payload_size, const char **reason)
{
	*reason = NULL;
	if (memcmp(hdr->magic, JAILHOUSE_SIG_HEADER_MAGIC,
		   sizeof(hdr->magic)) != 0)
		*reason = "signed header: bad magic";
	else if (hdr->revision != JAILHOUSE_SIG_HEADER_REVISION)
		*reason = "signed header: unsupported revision";
	else if (hdr->hash_algo != JAILHOUSE_SIG_HASH_SHA256)
		*reason = "signed header: unsupported hash algorithm";
	else if (hdr->type == 0 || hdr->type > JAILHOUSE_IMAGE_TYPE_MAX)
		*reason = "signed header: unknown image type";
	else if (hdr->payload_size != payload_size)
		*reason = "signed header: payload size does not match the file";
	else if (hdr->flags != 0)
		*reason = "signed header: unknown flags";
	else if (!name_is_canonical(hdr->name))
		*reason = "signed header: name unterminated, blank or "
			  "unprintable";
	return *reason ? -EBADMSG : 0;
}

bool jailhouse_sig_orphan_header(const void *data, __u64 size, __u64 *at)
{
	static const char magic[] = JAILHOUSE_SIG_HEADER_MAGIC;
	struct jailhouse_sig_header hdr;
	const __u8 *bytes = data;
	const char *reason;
	bool found = false;
	__u64 pos;

	for (pos = 0; size >= sizeof(hdr) && pos <= size - sizeof(hdr);
	     pos++) {
		if (bytes[pos] != magic[0] ||
		    memcmp(bytes + pos, magic, sizeof(magic) - 1))
			continue;
		memcpy(&hdr, bytes + pos, sizeof(hdr));
		if (!jailhouse_sig_check_header(&hdr, pos, &reason)) {
			*at = pos;
			found = true;
		}
	}
	return found;
}

int jailhouse_sig_parse(const void *data, size_t size,
			struct jailhouse_sig_parts *parts, const char **reason)
{
	const struct jailhouse_sig_trailer *trailer;
	struct jailhouse_sig_layout layout;
	const __u8 *bytes = data;
	int err;

	trailer = data;
	if (size >= sizeof(*trailer))
		trailer = (const void *)(bytes + size - sizeof(*trailer));
	err = jailhouse_sig_parse_trailer(trailer, size, &layout, reason);
	if (err)
		return err;
	parts->payload = data;
	parts->payload_size = layout.payload_size;
	parts->header = (const void *)(bytes + layout.payload_size);
	parts->signed_size = layout.cms_offset;
	parts->cms = bytes + layout.cms_offset;
	parts->cms_size = layout.cms_size;
	return jailhouse_sig_check_header(parts->header, layout.payload_size,
					  reason);
}

/*
 * The shape of the CMS SignedData, checked strictly so that no byte of it
 * escapes both the signature and this check (the verifiers ignore some):
 *   ContentInfo ::= SEQUENCE { id-signedData, [0] EXPLICIT SignedData }
 *   SignedData ::= SEQUENCE { version 1|3, digestAlgorithms SET { sha256 },
 *	encapContentInfo SEQUENCE { id-data } (detached),
 *	[0] certificates OPTIONAL, signerInfos SET { one SignerInfo } }
 *   SignerInfo ::= SEQUENCE { version, sid, digestAlgorithm sha256,
 *	[0] signedAttrs OPTIONAL (no smimeCapabilities),
 *	signatureAlgorithm rsaEncryption, signature }
 *   sid ::= issuerAndSerialNumber SEQUENCE { issuer, serial } (version 1)
 *	   | [0] IMPLICIT subjectKeyIdentifier (version 3)
 * No CRLs, no unsigned attributes; sha256WithRSAEncryption, which
 * verifies alike, is refused so that no byte can change unnoticed. The
 * verifier checks what the signature covers; this only has to stay in
 * bounds and reject the unexpected.
 */
#define DER_INTEGER		0x02
#define DER_OCTET_STRING	0x04
#define DER_NULL		0x05
#define DER_OID			0x06
#define DER_SEQUENCE		0x30
#define DER_SET			0x31
#define DER_CONTEXT_0		0xa0
#define DER_IMPLICIT_0		0x80

struct der {
	const __u8 *p;
	size_t len;
};

#define OID(...)	{ .len = sizeof((const __u8[]){ __VA_ARGS__ }), \
			  .p = (const __u8[]){ __VA_ARGS__ } }

static const struct der oid_signed_data =
	OID(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02);
static const struct der oid_data =
	OID(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01);
static const struct der oid_sha256 =
	OID(0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01);
static const struct der oid_smime_caps =
	OID(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x0f);
static const struct der oid_rsa =
	OID(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01);

/* Definite length of at most four bytes, within what is left. */
static int der_length(struct der *in, size_t *len)
{
	size_t n, i;

	if (in->len < 1)
		return -EBADMSG;
	n = *in->p++;
	in->len--;
	if (n < 0x80) {
		*len = n;
		return n <= in->len ? 0 : -EBADMSG;
	}
	n &= 0x7f;
	if (n == 0 || n > 4 || n > in->len)
		return -EBADMSG;
	for (*len = 0, i = 0; i < n; i++)
		*len = (*len << 8) | *in->p++;
	in->len -= n;
	return *len <= in->len ? 0 : -EBADMSG;
}

static bool der_peek(const struct der *in, __u8 tag)
{
	return in->len >= 1 && in->p[0] == tag;
}

/* Take the next element, which must carry @tag, off @in into @out. */
static int der_take(struct der *in, __u8 tag, struct der *out)
{
	size_t len;

	if (!der_peek(in, tag))
		return -EBADMSG;
	in->p++;
	in->len--;
	if (der_length(in, &len))
		return -EBADMSG;
	out->p = in->p;
	out->len = len;
	in->p += len;
	in->len -= len;
	return 0;
}

static bool der_equal(const struct der *a, const struct der *b)
{
	return a->len == b->len && memcmp(a->p, b->p, a->len) == 0;
}

static int der_expect_oid(struct der *in, const struct der *oid)
{
	struct der value;

	if (der_take(in, DER_OID, &value) || !der_equal(&value, oid))
		return -EBADMSG;
	return 0;
}

/* A one-byte INTEGER, as CMS versions are. */
static int der_small_int(struct der *in, unsigned int *value)
{
	struct der v;

	if (der_take(in, DER_INTEGER, &v) || v.len != 1)
		return -EBADMSG;
	*value = v.p[0];
	return 0;
}

/* AlgorithmIdentifier @oid, parameters absent or NULL. */
static int der_algorithm(struct der *in, const struct der *oid)
{
	struct der alg, null;

	if (der_take(in, DER_SEQUENCE, &alg) || der_expect_oid(&alg, oid))
		return -EBADMSG;
	if (der_peek(&alg, DER_NULL) &&
	    (der_take(&alg, DER_NULL, &null) || null.len != 0))
		return -EBADMSG;
	return alg.len == 0 ? 0 : -EBADMSG;
}

static int der_skip_optional(struct der *in, __u8 tag)
{
	struct der unused;

	if (!der_peek(in, tag))
		return 0;
	return der_take(in, tag, &unused);
}

/*
 * Optional signed attributes: each a SEQUENCE { type OID, values SET }.
 * S/MIME capabilities are refused, as the kernel refuses them outside
 * Authenticode; the verifiers check the rest.
 */
static int der_signed_attrs(struct der *si)
{
	struct der attrs, attr, type;

	if (!der_peek(si, DER_CONTEXT_0))
		return 0;
	if (der_take(si, DER_CONTEXT_0, &attrs))
		return -EBADMSG;
	while (attrs.len) {
		if (der_take(&attrs, DER_SEQUENCE, &attr) ||
		    der_take(&attr, DER_OID, &type) ||
		    der_equal(&type, &oid_smime_caps))
			return -EBADMSG;
	}
	return 0;
}

/* ContentInfo down to the SignedData's content. */
static int der_signed_data(const void *cms, size_t size, struct der *sd)
{
	struct der in = { cms, size }, ci, wrap;

	if (der_take(&in, DER_SEQUENCE, &ci) || in.len != 0 ||
	    der_expect_oid(&ci, &oid_signed_data) ||
	    der_take(&ci, DER_CONTEXT_0, &wrap) || ci.len != 0 ||
	    der_take(&wrap, DER_SEQUENCE, sd) || wrap.len != 0)
		return -EBADMSG;
	return 0;
}

/* SignedData up to its one SignerInfo. */
static int der_signer_info(struct der *sd, unsigned int *version,
			   struct der *si)
{
	struct der set, encap;

	if (der_small_int(sd, version) ||
	    der_take(sd, DER_SET, &set) ||
	    der_algorithm(&set, &oid_sha256) || set.len != 0 ||
	    der_take(sd, DER_SEQUENCE, &encap) ||
	    der_expect_oid(&encap, &oid_data) || encap.len != 0 ||
	    der_skip_optional(sd, DER_CONTEXT_0) ||
	    der_take(sd, DER_SET, &set) || sd->len != 0 ||
	    der_take(&set, DER_SEQUENCE, si) || set.len != 0)
		return -EBADMSG;
	return 0;
}

/*
 * An issuerAndSerialNumber's identity: SHA-256 of the issuer's whole
 * element (tag, length, contents) and the serial's contents.
 */
static void issuer_serial_id(const struct der *issuer_element,
			     const struct der *serial,
			     struct jailhouse_signer_id *signer)
{
	struct jailhouse_sha256 ctx;

	jailhouse_sha256_init(&ctx);
	jailhouse_sha256_update(&ctx, issuer_element->p, issuer_element->len);
	jailhouse_sha256_update(&ctx, serial->p, serial->len);
	jailhouse_sha256_final(&ctx, signer->id);
	signer->type = JAILHOUSE_SIGNER_ISSUER_SERIAL;
	signer->len = JAILHOUSE_SHA256_SIZE;
}

/* Take the next element, which must carry @tag, whole (tag and length
 * included) into @element. */
static int der_take_element(struct der *in, __u8 tag, struct der *element)
{
	struct der contents;

	element->p = in->p;
	if (der_take(in, tag, &contents))
		return -EBADMSG;
	element->len = contents.p + contents.len - element->p;
	return 0;
}

static int der_issuer_serial(struct der *si, struct jailhouse_signer_id *signer)
{
	struct der ias, issuer, serial;

	if (der_take(si, DER_SEQUENCE, &ias) ||
	    der_take_element(&ias, DER_SEQUENCE, &issuer) ||
	    der_take(&ias, DER_INTEGER, &serial) || serial.len == 0 ||
	    ias.len != 0)
		return -EBADMSG;
	issuer_serial_id(&issuer, &serial, signer);
	return 0;
}

/* sid, with the SignerInfo version it implies. */
static int der_sid(struct der *si, struct jailhouse_signer_id *signer,
		   unsigned int *version)
{
	struct der id;

	if (!der_peek(si, DER_IMPLICIT_0)) {
		*version = 1;
		return der_issuer_serial(si, signer);
	}
	if (der_take(si, DER_IMPLICIT_0, &id) || id.len == 0 ||
	    id.len > JAILHOUSE_SIG_SIGNER_ID_MAX)
		return -EBADMSG;
	signer->type = JAILHOUSE_SIGNER_SKID;
	signer->len = id.len;
	memcpy(signer->id, id.p, id.len);
	*version = 3;
	return 0;
}

static int der_signer_fields(struct der *si, unsigned int sd_version,
			     struct jailhouse_signer_id *signer)
{
	unsigned int version, sid_version;
	struct der sig;

	if (der_small_int(si, &version) ||
	    der_sid(si, signer, &sid_version) || version != sid_version ||
	    sd_version != (version == 3 ? 3 : 1) ||
	    der_algorithm(si, &oid_sha256) ||
	    der_signed_attrs(si) ||
	    der_algorithm(si, &oid_rsa) ||
	    der_take(si, DER_OCTET_STRING, &sig) || sig.len == 0 ||
	    si->len != 0)
		return -EBADMSG;
	return 0;
}

int jailhouse_sig_signer(const void *cms, size_t size,
			 struct jailhouse_signer_id *signer,
			 const char **reason)
{
	unsigned int sd_version;
	struct der sd, si;

	memset(signer, 0, sizeof(*signer));
	*reason = "signature is not a CMS SignedData in DER";
	if (der_signed_data(cms, size, &sd))
		return -EBADMSG;
	*reason = "signature: not one detached SHA-256 signer";
	if (der_signer_info(&sd, &sd_version, &si))
		return -EBADMSG;
	*reason = "signature: unexpected signer info (need RSA, SHA-256, no "
		  "S/MIME capabilities)";
	if (der_signer_fields(&si, sd_version, signer))
		return -EBADMSG;
	*reason = NULL;
	return 0;
}

/*
 * Certificates, as far as the loader needs them to know what a key may
 * sign (the kernel parses and checks the rest when the key is added):
 *   Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, sig }
 *   TBSCertificate ::= SEQUENCE { [0] version OPTIONAL, serialNumber,
 *	signature, issuer, validity, subject, subjectPublicKeyInfo,
 *	[1] issuerUID OPTIONAL, [2] subjectUID OPTIONAL,
 *	[3] extensions SEQUENCE OF Extension OPTIONAL }
 *   Extension ::= SEQUENCE { extnID, critical BOOLEAN OPTIONAL,
 *	extnValue OCTET STRING }
 * A subjectKeyIdentifier or rights extension given twice is refused:
 * the kernel keeps the last, and both readers must see one value.
 */
#define DER_BOOLEAN		0x01
#define DER_IMPLICIT_1		0x81
#define DER_IMPLICIT_2		0x82
#define DER_CONTEXT_3		0xa3

static const struct der oid_skid = OID(0x55, 0x1d, 0x0e);
static const struct der oid_rights = OID(JAILHOUSE_RIGHTS_OID_DER);

/* subjectKeyIdentifier: an OCTET STRING of 1 to 32 bytes. */
static int cert_skid(struct der value, struct jailhouse_signer_id *skid)
{
	struct der id;

	if (skid->type || der_take(&value, DER_OCTET_STRING, &id) ||
	    value.len || id.len == 0 || id.len > JAILHOUSE_SIG_SIGNER_ID_MAX)
		return -EBADMSG;
	skid->type = JAILHOUSE_SIGNER_SKID;
	skid->len = id.len;
	memcpy(skid->id, id.p, id.len);
	return 0;
}

/* Rights: exactly 02 01 NN, NN a non-empty set of known types. */
static int cert_rights(struct der value, __u32 *rights)
{
	struct der bits;

	if (*rights || der_take(&value, DER_INTEGER, &bits) || value.len ||
	    bits.len != 1 || bits.p[0] == 0 ||
	    (bits.p[0] & ~JAILHOUSE_RIGHTS_ALL))
		return -EBADMSG;
	*rights = bits.p[0];
	return 0;
}

static int cert_extension(struct der *exts, struct jailhouse_cert_info *info)
{
	struct der ext, oid, value, critical;

	if (der_take(exts, DER_SEQUENCE, &ext) ||
	    der_take(&ext, DER_OID, &oid) ||
	    (der_peek(&ext, DER_BOOLEAN) &&
	     der_take(&ext, DER_BOOLEAN, &critical)) ||
	    der_take(&ext, DER_OCTET_STRING, &value) || ext.len)
		return -EBADMSG;
	if (der_equal(&oid, &oid_skid))
		return cert_skid(value, &info->skid);
	if (der_equal(&oid, &oid_rights))
		return cert_rights(value, &info->rights);
	return 0;
}

static int cert_extensions(struct der *tbs, struct jailhouse_cert_info *info)
{
	struct der wrap, exts;

	if (!der_peek(tbs, DER_CONTEXT_3))
		return 0;
	if (der_take(tbs, DER_CONTEXT_3, &wrap) ||
	    der_take(&wrap, DER_SEQUENCE, &exts) || wrap.len)
		return -EBADMSG;
	while (exts.len)
		if (cert_extension(&exts, info))
			return -EBADMSG;
	return 0;
}

static int cert_tbs(const void *der, size_t size, struct der *tbs)
{
	struct der in = { der, size }, cert;

	if (der_take(&in, DER_SEQUENCE, &cert) || in.len ||
	    der_take(&cert, DER_SEQUENCE, tbs))
		return -EBADMSG;
	return 0;
}

int jailhouse_cert_parse(const void *der, size_t size,
			 struct jailhouse_cert_info *info, const char **reason)
{
	struct der tbs, serial, issuer, unused;

	memset(info, 0, sizeof(*info));
	*reason = "not an X.509 certificate in DER";
	if (cert_tbs(der, size, &tbs) ||
	    der_skip_optional(&tbs, DER_CONTEXT_0) ||
	    der_take(&tbs, DER_INTEGER, &serial) || serial.len == 0 ||
	    der_take(&tbs, DER_SEQUENCE, &unused) ||
	    der_take_element(&tbs, DER_SEQUENCE, &issuer) ||
	    der_take(&tbs, DER_SEQUENCE, &unused) ||
	    der_take(&tbs, DER_SEQUENCE, &unused) ||
	    der_take(&tbs, DER_SEQUENCE, &unused) ||
	    der_skip_optional(&tbs, DER_IMPLICIT_1) ||
	    der_skip_optional(&tbs, DER_IMPLICIT_2))
		return -EBADMSG;
	issuer_serial_id(&issuer, &serial, &info->issuer_serial);
	*reason = "certificate extensions malformed, or the subject key "
		  "identifier or the signing rights given twice or badly";
	if (cert_extensions(&tbs, info) || tbs.len)
		return -EBADMSG;
	*reason = NULL;
	return 0;
}
