/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A file that may carry a signature, seen from its end: jh-sign never
 * reads more than the trailer, the header and the CMS blob into memory.
 */
#ifndef _JH_SIGN_SIGFILE_H
#define _JH_SIGN_SIGFILE_H

#include <stdbool.h>
#include <sys/types.h>

#include <openssl/bio.h>
#include <openssl/cms.h>

#include "signature.h"

struct jh_sigfile {
	const char *path;
	int fd;
	mode_t mode;
	dev_t dev;
	ino_t ino;
	__u64 size;
	/** The file ends in a well-formed trailer and signed header. */
	bool is_signed;
	struct jailhouse_sig_layout layout;
	struct jailhouse_sig_header header;
};

/**
 * Open a regular file and read its signature trailer and header. An
 * unsigned file is fine (is_signed false); a trailer or header that is
 * present but malformed is an error.
 * Return: 0 or -errno (message printed).
 */
int jh_sigfile_open(const char *path, struct jh_sigfile *f);
void jh_sigfile_close(struct jh_sigfile *f);

/** Bytes of payload: everything before the signature, if any. */
__u64 jh_sigfile_payload_size(const struct jh_sigfile *f);

/** Read exactly @len bytes at @offset. Return: 0 or -errno (printed). */
int jh_sigfile_read(const struct jh_sigfile *f, void *buf, size_t len,
		    __u64 offset);

/**
 * Map @len bytes at @offset read-only (prefaulted). A file that shrinks
 * meanwhile raises SIGBUS, which jh-sign reports and dies of, leaving the
 * input as it was. Return: 0 or -errno (printed).
 */
int jh_sigfile_map(const struct jh_sigfile *f, __u64 offset, size_t len,
		   const void **p);
void jh_sigfile_unmap(const void *p, size_t len);

/** Read the CMS blob of a signed file into @buf (malloc'ed), and check
 *  that it has one SHA-256 signer. Return: 0 or -errno (printed). */
int jh_sigfile_read_cms(const struct jh_sigfile *f, unsigned char **buf);

/** A BIO reading bytes [0, @len) of the file, for streaming verifiers. */
BIO *jh_sigfile_bio(const struct jh_sigfile *f, __u64 len);

#endif /* !_JH_SIGN_SIGFILE_H */
