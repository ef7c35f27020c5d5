// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "output.h"
#include "sign.h"

/*
 * The payload is hashed (and copied, when the result is a new file)
 * straight from the page cache through windows of this size mapped one
 * after the other: one copy less than read() into a buffer, and the
 * resident set stays at one window. Hashing and copying a window run on
 * two threads.
 */
#define WINDOW_SIZE	(4 << 20)

/*
 * Detached SignedData, SHA-256, RSA PKCS#1 v1.5, as the kernel's own
 * sign-file makes them: no signed attributes, no certificates (the
 * verifier has them; every byte of the blob is then either signed or
 * checked by lib/signature.c). The signer is named by subjectKeyIdentifier
 * when the certificate has one.
 */
static int cms_start(const struct jh_sign_job *job, CMS_ContentInfo **cms,
		     BIO **bio)
{
	unsigned int flags = CMS_BINARY | CMS_NOATTR | CMS_NOCERTS;
	const char *path = job->in->path;

	if (X509_get0_subject_key_id(job->cert))
		flags |= CMS_USE_KEYID;
	*cms = CMS_sign(NULL, NULL, NULL, NULL,
			CMS_PARTIAL | CMS_DETACHED | CMS_BINARY);
	if (!*cms)
		return jh_fail_ossl(path, "cannot create CMS");
	if (!CMS_add1_signer(*cms, job->cert, job->key, EVP_sha256(), flags)) {
		CMS_ContentInfo_free(*cms);
		return jh_fail_ossl(path, "cannot add the signer");
	}
	*bio = CMS_dataInit(*cms, NULL);
	if (!*bio) {
		CMS_ContentInfo_free(*cms);
		return jh_fail_ossl(path, "cannot start signing");
	}
	return 0;
}

/* Copying a window, done by a second thread while the first hashes it. */
struct copy_job {
	int out;
	const void *window;
	size_t len;
	const char *dest;
	int err;
};

static void *copy_window(void *arg)
{
	struct copy_job *copy = arg;

	copy->err = jh_write_all(copy->out, copy->window, copy->len,
				 copy->dest);
	return NULL;
}

static int hash_window(const struct jh_sign_job *job, BIO *bio,
		       const void *window, size_t len)
{
	if (BIO_write(bio, window, len) != (int)len)
		return jh_fail_ossl(job->in->path, "hashing failed");
	return 0;
}

/* Hash one window and copy it to @out (unless -1), in parallel. */
static int stream_window(const struct jh_sign_job *job, BIO *bio, int out,
			 __u64 offset, size_t len)
{
	struct copy_job copy = { out, NULL, len, job->dest, 0 };
	pthread_t copier;
	int err;

	err = jh_sigfile_map(job->in, offset, len, &copy.window);
	if (err)
		return err;
	if (out < 0) {
		err = hash_window(job, bio, copy.window, len);
	} else if (pthread_create(&copier, NULL, copy_window, &copy) != 0) {
		err = hash_window(job, bio, copy.window, len);
		copy_window(&copy);
	} else {
		err = hash_window(job, bio, copy.window, len);
		pthread_join(copier, NULL);
	}
	jh_sigfile_unmap(copy.window, len);
	return err ? err : copy.err;
}

/* Hash the payload (copying it to @out unless that is -1) and header. */
static int hash_signed_part(const struct jh_sign_job *job, BIO *bio, int out)
{
	__u64 size = jh_sigfile_payload_size(job->in), offset;
	size_t len;
	int err;

	for (offset = 0; offset < size; offset += len) {
		len = size - offset < WINDOW_SIZE ? size - offset : WINDOW_SIZE;
		err = stream_window(job, bio, out, offset, len);
		if (err)
			return err;
	}
	return hash_window(job, bio, &job->header, sizeof(job->header));
}

/* What follows the payload: header, CMS, trailer, in one buffer. */
struct tail {
	unsigned char *buf;
	size_t len;
};

static int build_tail(const struct jh_sign_job *job, CMS_ContentInfo *cms,
		      struct tail *tail)
{
	struct jailhouse_sig_trailer trailer = {
		.header_size = sizeof(struct jailhouse_sig_header),
		.revision = JAILHOUSE_SIG_TRAILER_REVISION,
	};
	unsigned char *p;
	int len;

	len = i2d_CMS_ContentInfo(cms, NULL);
	if (len <= 0)
		return jh_fail_ossl(job->in->path, "cannot encode the CMS");
	if (len > JAILHOUSE_SIG_MAX_CMS_SIZE)
		return jh_fail(job->in->path, -E2BIG, "signature of %d bytes "
			       "exceeds the limit", len);
	trailer.cms_size = len;
	memcpy(trailer.magic, JAILHOUSE_SIG_TRAILER_MAGIC,
	       sizeof(trailer.magic));
	tail->len = sizeof(job->header) + len + sizeof(trailer);
	tail->buf = malloc(tail->len);
	if (!tail->buf)
		return jh_fail(job->in->path, -ENOMEM, "out of memory");
	memcpy(tail->buf, &job->header, sizeof(job->header));
	p = tail->buf + sizeof(job->header);
	i2d_CMS_ContentInfo(cms, &p);
	memcpy(p, &trailer, sizeof(trailer));
	return 0;
}

/* Sign, copying the payload to @out unless that is -1. */
static int sign_tail(const struct jh_sign_job *job, int out,
		     struct tail *tail)
{
	CMS_ContentInfo *cms;
	BIO *bio;
	int err;

	err = cms_start(job, &cms, &bio);
	if (err)
		return err;
	err = hash_signed_part(job, bio, out);
	if (!err && !CMS_dataFinal(cms, bio))
		err = jh_fail_ossl(job->in->path, "signing failed");
	if (!err)
		err = build_tail(job, cms, tail);
	BIO_free_all(bio);
	CMS_ContentInfo_free(cms);
	return err;
}

static int sign_appending(const struct jh_sign_job *job)
{
	struct tail tail = { NULL, 0 };
	int fd, err;

	fd = jh_out_open_append(job->in);
	if (fd < 0)
		return fd;
	err = sign_tail(job, -1, &tail);
	if (err)
		close(fd);
	else
		err = jh_out_append(job->in, fd, tail.buf, tail.len);
	free(tail.buf);
	return err;
}

static int sign_replacing(const struct jh_sign_job *job)
{
	struct tail tail = { NULL, 0 };
	int out, err;

	out = jh_out_create_temp(job->dest, job->in->mode);
	if (out < 0)
		return out;
	err = sign_tail(job, job->detach ? -1 : out, &tail);
	if (!err)
		err = jh_write_all(out, tail.buf, tail.len, job->dest);
	free(tail.buf);
	return jh_out_commit_temp(out, job->dest, err);
}

int jh_sign(const struct jh_sign_job *job)
{
	int err;

	jh_out_catch_signals(job->in->path);
	if (job->append)
		err = sign_appending(job);
	else
		err = sign_replacing(job);
	jh_out_release_signals();
	return err;
}
