/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signed images: the one definition of the format jh-sign writes and the
 * loader verifies. Every hypervisor image, system config, cell descriptor,
 * inmate image and policy is a signed file laid out as
 *
 *	payload			the image itself, unchanged
 *	jailhouse_sig_header	what the image is (signed metadata)
 *	CMS SignedData, DER	detached signature over payload+header
 *	jailhouse_sig_trailer	sizes and a magic, fixed length, last
 *
 * as Linux appends module signatures. The signature covers the payload and
 * the header in one detached CMS/PKCS#7 SignedData: SHA-256, RSA PKCS#1
 * v1.5, exactly one SignerInfo (what the kernel's verify_pkcs7_signature()
 * checks on Debian 12). A reader finds the trailer at the end of the file,
 * then the header and the signature before it; docs/signing.md has the
 * details. All fields are little-endian.
 */
#ifndef _JAILHOUSE_SIGNATURE_H
#define _JAILHOUSE_SIGNATURE_H

#include <jailhouse/types.h>

/* Kinds of signed image, recorded in the header's type field. */
#define JAILHOUSE_IMAGE_HYPERVISOR	1	/* jailhouse.bin */
#define JAILHOUSE_IMAGE_SYSTEM_CONFIG	2	/* JHSYS */
#define JAILHOUSE_IMAGE_CELL_CONFIG	3	/* JHCLL */
#define JAILHOUSE_IMAGE_INMATE		4	/* loaded into a cell */
#define JAILHOUSE_IMAGE_POLICY		5	/* JHPOL */
#define JAILHOUSE_IMAGE_TYPE_MAX	JAILHOUSE_IMAGE_POLICY

/* Digest algorithm of the signature, recorded in hash_algo. */
#define JAILHOUSE_SIG_HASH_SHA256	1

#define JAILHOUSE_SIG_HEADER_MAGIC	"JHSIGHDR"
#define JAILHOUSE_SIG_HEADER_REVISION	1
#define JAILHOUSE_SIG_NAME_LEN		32

/*
 * Kinds of signer identity, as a CMS SignerInfo names its signer. An
 * identity is a kind and bytes, compared together: a certificate serial
 * that happens to equal another key's subjectKeyIdentifier names another
 * signer.
 *
 * JAILHOUSE_SIGNER_ISSUER_SERIAL is the SHA-256 of the issuer Name (its
 * whole DER element) followed by the serial INTEGER's contents: serials
 * are unique per issuer only, and two issuers may hand out the same one.
 * Kind 2 (the serial alone) named a signer by bytes another issuer can
 * reuse; it is no longer produced nor accepted.
 */
#define JAILHOUSE_SIGNER_SKID		1	/* subjectKeyIdentifier */
#define JAILHOUSE_SIGNER_ISSUER_SERIAL	3	/* SHA-256(issuer || serial) */

/*
 * Signing rights: the image types a key may sign, bound to the key by its
 * X.509 certificate (signed by the key itself or by a CA the kernel
 * trusts), in a non-critical extension of ours. Its value is a DER
 * INTEGER of one byte, 02 01 NN, with bit JAILHOUSE_IMAGE_* set for each
 * type. The loader learns it when the certificate is added to the
 * .jailhouse keyring and refuses a certificate without it: a key may
 * sign nothing it was not given (`jh-sign keygen --types`).
 * OID 2.25.141044815915617239227780582209331706131 (a UUID OID, X.667).
 */
#define JAILHOUSE_RIGHTS_OID		"2.25.141044815915617239227780582209331706131"
#define JAILHOUSE_RIGHTS_OID_DER	0x69, 0x81, 0xd4, 0x9c, 0x9f, 0x94, \
	0xd1, 0xf0, 0xea, 0xad, 0xfd, 0x9c, 0x95, 0x97, 0xa3, 0xe7, 0xfa, \
	0x82, 0xf2, 0x13
#define JAILHOUSE_RIGHT(type)		(1U << (type))
#define JAILHOUSE_RIGHTS_ALL		0x3e	/* types 1 to 5 */
/* The types whose images run the platform, not one cell. */
#define JAILHOUSE_RIGHTS_PLATFORM \
	(JAILHOUSE_RIGHT(JAILHOUSE_IMAGE_HYPERVISOR) | \
	 JAILHOUSE_RIGHT(JAILHOUSE_IMAGE_SYSTEM_CONFIG) | \
	 JAILHOUSE_RIGHT(JAILHOUSE_IMAGE_POLICY))

/*
 * Signed metadata. What it says is covered by the signature, so a cell
 * descriptor can never pass as a hypervisor image, nor an image signed for
 * cell A as one for cell B, nor an old version as a new one.
 */
struct jailhouse_sig_header {
	/** JAILHOUSE_SIG_HEADER_MAGIC. */
	char magic[8];
	/** JAILHOUSE_SIG_HEADER_REVISION. */
	__u16 revision;
	/** JAILHOUSE_SIG_HASH_*. */
	__u16 hash_algo;
	/** JAILHOUSE_IMAGE_*. */
	__u32 type;
	/** Bytes of payload before this header. */
	__u64 payload_size;
	/** Security version for rollback protection (jh-sign --security-version). */
	__u32 security_version;
	/** Must be 0. */
	__u32 flags;
	/**
	 * NUL-terminated, NUL-padded, printable ASCII without blanks. The
	 * cell's name for cell descriptors, the target cell for inmate
	 * images, the root cell for system configs, free (often empty) for
	 * hypervisor images and policies.
	 */
	char name[JAILHOUSE_SIG_NAME_LEN];
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_sig_header, 64);

#define JAILHOUSE_SIG_TRAILER_MAGIC	"~Jailhouse sig~\n"
#define JAILHOUSE_SIG_TRAILER_REVISION	1

/* Largest signed file the loader reads (jh-sign writes no larger). */
#define JAILHOUSE_SIG_MAX_FILE		(64 << 20)

/* Shortest RSA key jh-sign signs with or makes. */
#define JAILHOUSE_SIG_MIN_RSA_BITS	2048

/* Largest signature block a reader accepts (certificates included). */
#define JAILHOUSE_SIG_MAX_CMS_SIZE	(64 * 1024)

/* The last bytes of every signed file. */
struct jailhouse_sig_trailer {
	/** Bytes of struct jailhouse_sig_header before the signature. */
	__u32 header_size;
	/** Bytes of the CMS SignedData (DER) before this trailer. */
	__u32 cms_size;
	/** JAILHOUSE_SIG_TRAILER_REVISION. */
	__u16 revision;
	/** Must be 0. */
	__u16 reserved0;
	/** Must be 0. */
	__u32 reserved1;
	/** JAILHOUSE_SIG_TRAILER_MAGIC, without its NUL. */
	char magic[16];
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_sig_trailer, 32);

/*
 * Errors of verification, the same in the loader (negative, from the
 * ioctls) and in jh-sign --verify; docs/signing.md lists them.
 */
/* No trailer. */
#define JAILHOUSE_SIG_ERR_UNSIGNED	ENODATA
/* Trailer, header or CMS shape malformed. */
#define JAILHOUSE_SIG_ERR_MALFORMED	EBADMSG
/* Signature does not match the signed bytes, or is no valid PKCS#7. */
#define JAILHOUSE_SIG_ERR_REJECTED	EKEYREJECTED
/* The signer's certificate is not in the keyring that decides trust. */
#define JAILHOUSE_SIG_ERR_UNTRUSTED	ENOKEY
/* Signed as another image type. */
#define JAILHOUSE_SIG_ERR_TYPE		EMEDIUMTYPE
/* The signer's certificate does not grant signing this type. */
#define JAILHOUSE_SIG_ERR_RIGHTS	EACCES
/* Signed for another name (cell). */
#define JAILHOUSE_SIG_ERR_NAME		EXDEV
/* Security version below one accepted before. */
#define JAILHOUSE_SIG_ERR_ROLLBACK	ESTALE
/* File larger than the reader accepts. */
#define JAILHOUSE_SIG_ERR_TOO_BIG	EFBIG

#endif /* !_JAILHOUSE_SIGNATURE_H */
