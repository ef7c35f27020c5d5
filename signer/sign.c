// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "sign.h"

/*
 * The payload is hashed and copied straight from the page cache through
 * windows of this size mapped one after the other: one copy less than
 * read() into a buffer, and the resident set stays at one window. Hashing
 * and copying a window run on two threads, so that in-place signing goes
 * about as fast as SHA-256 alone.
 */
#define WINDOW_SIZE	(4 << 20)

/*
 * Durability: the temporary file is not fsync'ed before the rename. That
 * keeps in-place signing from writing the whole image to disk twice per
 * run; a crash right after signing is covered by the file system's own
 * ordering of replace-by-rename (ext4 flushes such a file's data before
 * committing the rename, auto_da_alloc), not by jh-sign.
 */

/* The temporary file and the input, for the signal handler. */
static char temp_path[PATH_MAX];
static const char *input_path;

/* Async-signal-safe: unlink, write, raise. SIGBUS means that the mapped
 * input shrank under us. */
static void remove_temp_and_die(int sig)
{
	static const char bus[] = ": file shrank while being signed\n";

	if (temp_path[0])
		unlink(temp_path);
	if (sig == SIGBUS && input_path) {
		write(STDERR_FILENO, "jh-sign: ", 9);
		write(STDERR_FILENO, input_path, strlen(input_path));
		write(STDERR_FILENO, bus, sizeof(bus) - 1);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_signals(void (*handler)(int))
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGBUS };
	size_t i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], handler);
}

static void drop_temp(void)
{
	if (temp_path[0])
		unlink(temp_path);
	temp_path[0] = '\0';
	catch_signals(SIG_DFL);
}

static int create_temp(const char *dest, mode_t mode)
{
	char dir[PATH_MAX];
	int fd, err;

	if (snprintf(dir, sizeof(dir), "%s", dest) >= (int)sizeof(dir) ||
	    snprintf(temp_path, sizeof(temp_path), "%s/.jh-sign.XXXXXX",
		     dirname(dir)) >= (int)sizeof(temp_path))
		return jh_fail(dest, -ENAMETOOLONG, "path too long");
	catch_signals(remove_temp_and_die);
	fd = mkstemp(temp_path);
	if (fd < 0) {
		fd = jh_fail(dest, -errno, "cannot create a temporary file "
			     "in its directory: %s", strerror(errno));
		temp_path[0] = '\0';
		catch_signals(SIG_DFL);
		return fd;
	}
	if (fchmod(fd, mode) != 0) {
		err = -errno;
		close(fd);
		drop_temp();
		return jh_fail(dest, err, "chmod: %s", strerror(-err));
	}
	return fd;
}

static int write_all(int fd, const void *buf, size_t len, const char *dest)
{
	const char *p = buf;
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return jh_fail(dest, -errno, "write: %s",
				       strerror(errno));
		p += n;
		len -= n;
	}
	return 0;
}

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

	copy->err = write_all(copy->out, copy->window, copy->len, copy->dest);
	return NULL;
}

static int hash_window(const struct jh_sign_job *job, BIO *bio,
		       const void *window, size_t len)
{
	if (BIO_write(bio, window, len) != (int)len)
		return jh_fail_ossl(job->in->path, "hashing failed");
	return 0;
}

/* Hash and copy one window, in parallel on two CPUs where there are. */
static int stream_window(const struct jh_sign_job *job, BIO *bio, int out,
			 __u64 offset, size_t len)
{
	struct copy_job copy = { out, NULL, len, job->dest, 0 };
	pthread_t copier;
	int err;

	err = jh_sigfile_map(job->in, offset, len, &copy.window);
	if (err)
		return err;
	if (job->detach) {
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

/* Hash (and, unless detached, copy) payload and header. */
static int stream_signed_part(const struct jh_sign_job *job, BIO *bio,
			      int out)
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
	if (BIO_write(bio, &job->header, sizeof(job->header)) !=
	    sizeof(job->header))
		return jh_fail_ossl(job->in->path, "hashing failed");
	return write_all(out, &job->header, sizeof(job->header), job->dest);
}

static int write_signature(const struct jh_sign_job *job,
			   CMS_ContentInfo *cms, int out)
{
	struct jailhouse_sig_trailer trailer = {
		.header_size = sizeof(struct jailhouse_sig_header),
		.revision = JAILHOUSE_SIG_TRAILER_REVISION,
	};
	unsigned char *der = NULL;
	int len, err;

	len = i2d_CMS_ContentInfo(cms, &der);
	if (len <= 0)
		return jh_fail_ossl(job->in->path, "cannot encode the CMS");
	if (len > JAILHOUSE_SIG_MAX_CMS_SIZE) {
		OPENSSL_free(der);
		return jh_fail(job->in->path, -E2BIG, "signature of %d bytes "
			       "exceeds the limit (certificate too large?)",
			       len);
	}
	trailer.cms_size = len;
	memcpy(trailer.magic, JAILHOUSE_SIG_TRAILER_MAGIC,
	       sizeof(trailer.magic));
	err = write_all(out, der, len, job->dest);
	OPENSSL_free(der);
	if (err)
		return err;
	return write_all(out, &trailer, sizeof(trailer), job->dest);
}

static int sign_into(const struct jh_sign_job *job, int out)
{
	CMS_ContentInfo *cms;
	BIO *bio;
	int err;

	err = cms_start(job, &cms, &bio);
	if (err)
		return err;
	err = stream_signed_part(job, bio, out);
	if (!err && !CMS_dataFinal(cms, bio))
		err = jh_fail_ossl(job->in->path, "signing failed");
	if (!err)
		err = write_signature(job, cms, out);
	BIO_free_all(bio);
	CMS_ContentInfo_free(cms);
	return err;
}

int jh_sign(const struct jh_sign_job *job)
{
	int out, err;

	input_path = job->in->path;
	out = create_temp(job->dest, job->in->mode);
	if (out < 0)
		return out;
	err = sign_into(job, out);
	if (!err && close(out) != 0)
		err = jh_fail(job->dest, -errno, "close: %s", strerror(errno));
	else if (err)
		close(out);
	if (!err && rename(temp_path, job->dest) != 0)
		err = jh_fail(job->dest, -errno, "rename: %s",
			      strerror(errno));
	if (!err)
		temp_path[0] = '\0';
	drop_temp();
	return err;
}
