/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading signed images (include/jailhouse/signature.h), shared by the
 * loader and the host tools. Nothing here checks the signature itself: it
 * finds and bounds-checks the parts, so that the caller can hand exactly
 * payload+header and the CMS blob to a verifier (the kernel's
 * verify_pkcs7_signature() or OpenSSL).
 */
#ifndef _JAILHOUSE_LIB_SIGNATURE_H
#define _JAILHOUSE_LIB_SIGNATURE_H

#include "env.h"

#include <jailhouse/signature.h>

/* Where the parts of a signed file of a given size lie, from its trailer. */
struct jailhouse_sig_layout {
	/** Bytes of payload; the header starts here. */
	__u64 payload_size;
	/** Offset of the CMS SignedData. */
	__u64 cms_offset;
	/** Bytes of the CMS SignedData. */
	__u32 cms_size;
};

/* A signed file in memory, split into its parts. */
struct jailhouse_sig_parts {
	const void *payload;
	size_t payload_size;
	const struct jailhouse_sig_header *header;
	/** Bytes covered by the signature: payload and header. */
	size_t signed_size;
	const void *cms;
	size_t cms_size;
};

/* Longest signer identifier accepted (SHA-1 SKIDs and serials fit). */
#define JAILHOUSE_SIG_SIGNER_ID_MAX	32

/* Who signed, typed: never compare the bytes without the type. */
struct jailhouse_signer_id {
	/** JAILHOUSE_SIGNER_SKID or _SERIAL; 0: no signer (unverified). */
	__u32 type;
	__u32 len;
	__u8 id[JAILHOUSE_SIG_SIGNER_ID_MAX];
};

/** Whether @a and @b name the same signer: same type, same bytes. */
static inline bool jailhouse_signer_equal(const struct jailhouse_signer_id *a,
					  const struct jailhouse_signer_id *b)
{
	return a->type == b->type && a->len == b->len &&
	       a->len <= JAILHOUSE_SIG_SIGNER_ID_MAX &&
	       memcmp(a->id, b->id, a->len) == 0;
}

/**
 * Locate the parts of a signed file from its trailer.
 * @trailer:	the last sizeof(struct jailhouse_sig_trailer) bytes
 * @file_size:	size of the whole file
 * @layout:	filled on success
 * @reason:	set to a human-readable reason on failure
 *
 * Return: 0; -ENODATA when the file carries no trailer (unsigned);
 * -EBADMSG when the trailer is present but inconsistent.
 */
int jailhouse_sig_parse_trailer(const void *trailer, __u64 file_size,
				struct jailhouse_sig_layout *layout,
				const char **reason);

/**
 * Check a signed header against the payload size the trailer implies:
 * magic, revision, hash algorithm, type, flags, name.
 *
 * Return: 0 or -EBADMSG with *reason set.
 */
int jailhouse_sig_check_header(const struct jailhouse_sig_header *hdr,
			       __u64 payload_size, const char **reason);

/**
 * Split a signed file held in memory into its parts (trailer and header
 * checked as above).
 *
 * Return: 0, -ENODATA (unsigned) or -EBADMSG, with *reason set on error.
 */
int jailhouse_sig_parse(const void *data, size_t size,
			struct jailhouse_sig_parts *parts, const char **reason);

/**
 * In an unsigned file (@size bytes at @data), find the last signed header
 * that sits where its own payload size puts it: what is left of a
 * signature block whose trailer is gone (truncated) or no longer at the
 * end (appended to). JAILHOUSE_SIG_DAMAGED says so.
 *
 * Return: whether there is one; its offset in *@at.
 */
bool jailhouse_sig_orphan_header(const void *data, __u64 size, __u64 *at);

#define JAILHOUSE_SIG_DAMAGED	"signature block damaged: signed header " \
	"at offset %llu, but no signature trailer at the end of the file " \
	"(truncated, or appended to)"

/**
 * Check the shape of a CMS SignedData (DER) strictly and find its signer's
 * identifier: exactly one SignerInfo (so the identified signer is the one
 * that verified), SHA-256 (as the signed header says), RSA, detached
 * id-data content, no CRLs or unsigned attributes, versions as RFC 5652
 * requires them.
 *
 * Return: 0 or -EBADMSG with *reason set.
 */
int jailhouse_sig_signer(const void *cms, size_t size,
			 struct jailhouse_signer_id *signer,
			 const char **reason);

/* What the loader reads from a certificate it is asked to trust. */
struct jailhouse_cert_info {
	/** subjectKeyIdentifier; type 0 when the certificate has none. */
	struct jailhouse_signer_id skid;
	/** SHA-256 of issuer and serial, as a SignerInfo names it. */
	struct jailhouse_signer_id issuer_serial;
	/** JAILHOUSE_RIGHT() bits; 0: no rights extension. */
	__u32 rights;
};

/**
 * Read a DER X.509 certificate's identities (as CMS signers name it:
 * subjectKeyIdentifier, issuer and serial) and its signing rights
 * (JAILHOUSE_RIGHTS_OID). Its signature is not checked here: the kernel
 * does that when the key is added.
 *
 * Return: 0 or -EBADMSG with *reason set.
 */
int jailhouse_cert_parse(const void *der, size_t size,
			 struct jailhouse_cert_info *info, const char **reason);

/** Short name of a JAILHOUSE_IMAGE_* type ("?" when unknown). */
const char *jailhouse_sig_type_name(__u32 type);

/** JAILHOUSE_IMAGE_* of a short name, or 0 when unknown. */
__u32 jailhouse_sig_type_from_name(const char *name);

#endif /* !_JAILHOUSE_LIB_SIGNATURE_H */
