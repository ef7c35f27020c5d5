/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Verification of signed images (include/jailhouse/signature.h) at every
 * entry point of the loader. docs/signing.md describes the checks and the
 * error numbers.
 */
#ifndef _JAILHOUSE_MODULE_VERIFY_H
#define _JAILHOUSE_MODULE_VERIFY_H

#include <linux/types.h>

#include "../lib/signature.h"

/* Largest signed file the loader reads. */
#define JAILHOUSE_VERIFY_MAX_FILE	JAILHOUSE_SIG_MAX_FILE

/* An accepted image. Owns the memory behind payload for _fd results. */
struct jailhouse_verified {
	/** The image without header, signature and trailer. */
	const void *payload;
	size_t payload_size;
	/** JAILHOUSE_IMAGE_* from the signed header. */
	u32 type;
	/** Security version from the signed header. */
	u32 version;
	/** Name from the signed header, NUL-terminated. */
	char name[JAILHOUSE_SIG_NAME_LEN];
	/** false only when sig_enforce=0 let a failed check pass. */
	bool verified;
	/**
	 * Who signed, typed (subjectKeyIdentifier or certificate serial),
	 * as the policy's signer rules name keys; type 0 when not verified.
	 */
	struct jailhouse_signer_id signer;
	/** The file it came from, for the log (unsigned: a label). */
	char image[32];
	/* private: the file read by jailhouse_verify_fd(), or NULL */
	void *file;
};

/*
 * Check now, accept later: the caller checks the payload further and
 * calls jailhouse_verified_measure() just before the image is used, so
 * that an image its checks refuse neither raises a floor nor appears in
 * the measurement log. Without it the image is accepted on return.
 */
#define JAILHOUSE_VERIFY_DEFER		BIT(0)

/**
 * Read a signed image from a file descriptor with kernel_read_file_from_fd()
 * (so IMA and LSMs see it) and verify it like jailhouse_verify_buffer().
 *
 * @fd:			descriptor passed by user space
 * @type:		JAILHOUSE_IMAGE_* the caller expects
 * @expected_name:	name the header must carry, or NULL when the caller
 *			checks out->name against the payload itself (a cell
 *			descriptor names its cell inside)
 * @out:		the accepted image; release with
 *			jailhouse_verified_release()
 *
 * Return: 0 or a negative errno: -ENODATA unsigned, -EBADMSG malformed,
 * -ENOKEY untrusted signer, -EKEYREJECTED bad signature, -EACCES a type
 * the signer's certificate does not grant, -EMEDIUMTYPE wrong type,
 * -EXDEV wrong name, -ESTALE security version below one accepted before
 * (or below the policy's minimum), -EFBIG file too large, or the errors of
 * reading the file. Every refusal logs one line naming the failed check.
 */
int jailhouse_verify_fd(int fd, u32 type, const char *expected_name,
			unsigned int flags, struct jailhouse_verified *out);

/**
 * Verify a signed image held in memory, e.g. the hypervisor image from
 * request_firmware(). On success out->payload points into @data, which
 * must stay alive while it is used. Checks, in order: trailer and header
 * (lib/signature.c), the CMS signature against the .jailhouse keyring,
 * type, name, rollback. An accepted image raises the rollback floor of
 * its (type, name) and is appended to the measurement log. @source names
 * where the bytes came from (a file name) in the log lines.
 *
 * Return: as jailhouse_verify_fd().
 */
int jailhouse_verify_buffer(const void *data, size_t size, u32 type,
			    const char *expected_name, const char *source,
			    unsigned int flags, struct jailhouse_verified *out);

/**
 * Accept an image verified with JAILHOUSE_VERIFY_DEFER: check its floor
 * again, raise it and measure the image.
 * Return: 0, or the refusal (-ESTALE, a TPM error...): do not use it.
 */
int jailhouse_verified_measure(struct jailhouse_verified *v);

/** Free what jailhouse_verify_fd() read; safe on a zeroed struct. */
void jailhouse_verified_release(struct jailhouse_verified *v);

/** Module parameter setup and teardown, called from main.c. */
int jailhouse_verify_init(void);
void jailhouse_verify_exit(void);

#endif /* !_JAILHOUSE_MODULE_VERIFY_H */
