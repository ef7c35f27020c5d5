// SPDX-License-Identifier: GPL-2.0
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
		*reason = "signed header: name unterminated, blank or unprintable";
	return *reason ? -EBADMSG : 0;
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
 * Just enough DER to find the SignerInfo's identifier:
 *   ContentInfo ::= SEQUENCE { contentType OID, [0] EXPLICIT SignedData }
 *   SignedData ::= SEQUENCE { version, digestAlgorithms SET,
 *	encapContentInfo SEQUENCE, [0] certificates OPTIONAL,
 *	[1] crls OPTIONAL, signerInfos SET OF SignerInfo }
 *   SignerInfo ::= SEQUENCE { version, sid, ... }
 *   sid ::= issuerAndSerialNumber SEQUENCE { issuer, serial INTEGER }
 *	   | [0] IMPLICIT subjectKeyIdentifier
 * The verifier checks everything else; this only has to stay in bounds.
 */
#define DER_INTEGER		0x02
#define DER_OID			0x06
#define DER_SEQUENCE		0x30
#define DER_SET			0x31
#define DER_CONTEXT_0		0xa0
#define DER_CONTEXT_1		0xa1
#define DER_IMPLICIT_0		0x80

struct der {
	const __u8 *p;
	size_t len;
};

static const __u8 oid_signed_data[] = {
	0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02
};

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

/* Take the next element, which must carry @tag, off @in into @out. */
static int der_take(struct der *in, __u8 tag, struct der *out)
{
	size_t len;

	if (in->len < 1 || in->p[0] != tag)
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

static int der_skip_optional(struct der *in, __u8 tag)
{
	struct der unused;

	if (in->len < 1 || in->p[0] != tag)
		return 0;
	return der_take(in, tag, &unused);
}

static int der_signer_infos(const void *cms, size_t size, struct der *infos)
{
	struct der in = { cms, size }, ci, sd, any;

	if (der_take(&in, DER_SEQUENCE, &ci) || in.len != 0 ||
	    der_take(&ci, DER_OID, &any) ||
	    any.len != sizeof(oid_signed_data) ||
	    memcmp(any.p, oid_signed_data, any.len) != 0 ||
	    der_take(&ci, DER_CONTEXT_0, &any) || ci.len != 0 ||
	    der_take(&any, DER_SEQUENCE, &sd) || any.len != 0)
		return -EBADMSG;
	if (der_take(&sd, DER_INTEGER, &any) ||
	    der_take(&sd, DER_SET, &any) ||
	    der_take(&sd, DER_SEQUENCE, &any) ||
	    der_skip_optional(&sd, DER_CONTEXT_0) ||
	    der_skip_optional(&sd, DER_CONTEXT_1) ||
	    der_take(&sd, DER_SET, infos) || sd.len != 0)
		return -EBADMSG;
	return 0;
}

static int der_signer_id(struct der *si, struct jailhouse_sig_signer *signer)
{
	struct der any, ias;

	if (der_take(si, DER_INTEGER, &any))
		return -EBADMSG;
	if (si->len >= 1 && si->p[0] == DER_IMPLICIT_0) {
		if (der_take(si, DER_IMPLICIT_0, &any) || any.len == 0)
			return -EBADMSG;
		signer->is_skid = true;
	} else {
		if (der_take(si, DER_SEQUENCE, &ias) ||
		    der_take(&ias, DER_SEQUENCE, &any) ||
		    der_take(&ias, DER_INTEGER, &any) || any.len == 0 ||
		    ias.len != 0)
			return -EBADMSG;
		signer->is_skid = false;
	}
	signer->id = any.p;
	signer->id_len = any.len;
	return 0;
}

int jailhouse_sig_signer(const void *cms, size_t size,
			 struct jailhouse_sig_signer *signer,
			 const char **reason)
{
	struct der infos, si;

	*reason = "signature is not a CMS SignedData in DER";
	if (der_signer_infos(cms, size, &infos))
		return -EBADMSG;
	*reason = "signature must have exactly one signer";
	if (der_take(&infos, DER_SEQUENCE, &si) || infos.len != 0)
		return -EBADMSG;
	*reason = "signature: malformed signer identifier";
	if (der_signer_id(&si, signer))
		return -EBADMSG;
	*reason = NULL;
	return 0;
}
