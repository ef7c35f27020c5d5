// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "sigfile.h"

int jh_sigfile_read(const struct jh_sigfile *f, void *buf, size_t len,
		    __u64 offset)
{
	char *p = buf;
	ssize_t n;

	while (len > 0) {
		n = pread(f->fd, p, len, offset);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return jh_fail(f->path, -errno, "read: %s",
				       strerror(errno));
		if (n == 0)
			return jh_fail(f->path, -EIO, "file shrank while "
				       "being read");
		p += n;
		len -= n;
		offset += n;
	}
	return 0;
}

int jh_sigfile_map(const struct jh_sigfile *f, __u64 offset, size_t len,
		   const void **p)
{
	void *map;

	map = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, f->fd,
		   offset);
	if (map == MAP_FAILED)
		return jh_fail(f->path, -errno, "mmap: %s", strerror(errno));
	*p = map;
	return 0;
}

void jh_sigfile_unmap(const void *p, size_t len)
{
	munmap((void *)p, len);
}

/* An unsigned file: refused if it is a signed one damaged. */
static int check_not_damaged(const struct jh_sigfile *f)
{
	const void *map;
	__u64 at;
	bool damaged;
	int err;

	if (f->size < sizeof(struct jailhouse_sig_header))
		return 0;
	err = jh_sigfile_map(f, 0, f->size, &map);
	if (err)
		return err;
	damaged = jailhouse_sig_orphan_header(map, f->size, &at);
	jh_sigfile_unmap(map, f->size);
	if (!damaged)
		return 0;
	return jh_fail(f->path, -JAILHOUSE_SIG_ERR_MALFORMED,
		       JAILHOUSE_SIG_DAMAGED, (unsigned long long)at);
}

static int read_signature(struct jh_sigfile *f)
{
	struct jailhouse_sig_trailer trailer;
	const char *reason;
	int err;

	if (f->size < sizeof(trailer))
		return check_not_damaged(f);
	err = jh_sigfile_read(f, &trailer, sizeof(trailer),
			      f->size - sizeof(trailer));
	if (err)
		return err;
	err = jailhouse_sig_parse_trailer(&trailer, f->size, &f->layout,
					  &reason);
	if (err == -ENODATA)
		return check_not_damaged(f);
	if (err)
		return jh_fail(f->path, err, "%s", reason);
	err = jh_sigfile_read(f, &f->header, sizeof(f->header),
			      f->layout.payload_size);
	if (err)
		return err;
	err = jailhouse_sig_check_header(&f->header, f->layout.payload_size,
					 &reason);
	if (err)
		return jh_fail(f->path, err, "%s", reason);
	f->is_signed = true;
	return 0;
}

int jh_sigfile_open(const char *path, struct jh_sigfile *f)
{
	struct stat st;
	int err;

	memset(f, 0, sizeof(*f));
	f->path = path;
	f->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (f->fd < 0)
		return jh_fail(path, -errno, "cannot open: %s",
			       strerror(errno));
	if (fstat(f->fd, &st) != 0) {
		err = jh_fail(path, -errno, "stat: %s", strerror(errno));
	} else if (S_ISDIR(st.st_mode)) {
		err = jh_fail(path, -EISDIR, "is a directory");
	} else if (!S_ISREG(st.st_mode)) {
		err = jh_fail(path, -EINVAL, "not a regular file");
	} else {
		f->size = st.st_size;
		f->mode = st.st_mode & 07777;
		f->dev = st.st_dev;
		f->ino = st.st_ino;
		err = read_signature(f);
	}
	if (err)
		jh_sigfile_close(f);
	return err;
}

void jh_sigfile_close(struct jh_sigfile *f)
{
	if (f->fd >= 0)
		close(f->fd);
	f->fd = -1;
}

__u64 jh_sigfile_payload_size(const struct jh_sigfile *f)
{
	return f->is_signed ? f->layout.payload_size : f->size;
}

int jh_sigfile_read_cms(const struct jh_sigfile *f, unsigned char **buf)
{
	struct jailhouse_signer_id signer;
	const char *reason;
	int err;

	*buf = malloc(f->layout.cms_size);
	if (!*buf)
		return jh_fail(f->path, -ENOMEM, "out of memory");
	err = jh_sigfile_read(f, *buf, f->layout.cms_size,
			      f->layout.cms_offset);
	if (!err) {
		err = jailhouse_sig_signer(*buf, f->layout.cms_size, &signer,
					   &reason);
		if (err)
			jh_fail(f->path, err, "%s", reason);
	}
	if (err) {
		free(*buf);
		*buf = NULL;
	}
	return err;
}

/* The range BIO: reads [0, limit) of a file descriptor with pread. */
struct range {
	int fd;
	__u64 offset;
	__u64 limit;
};

static int range_read(BIO *bio, char *buf, int len)
{
	struct range *r = BIO_get_data(bio);
	ssize_t n;

	if ((__u64)len > r->limit - r->offset)
		len = r->limit - r->offset;
	if (len == 0)
		return 0;
	do
		n = pread(r->fd, buf, len, r->offset);
	while (n < 0 && errno == EINTR);
	if (n <= 0)
		return -1;
	r->offset += n;
	return n;
}

static long range_ctrl(BIO *bio, int cmd, long num, void *ptr)
{
	struct range *r = BIO_get_data(bio);

	(void)num;
	(void)ptr;
	switch (cmd) {
	case BIO_CTRL_EOF:
		return r->offset >= r->limit;
	case BIO_CTRL_FLUSH:
		return 1;
	default:
		return 0;
	}
}

static int range_destroy(BIO *bio)
{
	free(BIO_get_data(bio));
	BIO_set_data(bio, NULL);
	return 1;
}

static BIO_METHOD *range_method(void)
{
	static BIO_METHOD *method;

	if (method)
		return method;
	method = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK,
			      "jh-sign file range");
	if (method &&
	    (!BIO_meth_set_read(method, range_read) ||
	     !BIO_meth_set_ctrl(method, range_ctrl) ||
	     !BIO_meth_set_destroy(method, range_destroy))) {
		BIO_meth_free(method);
		method = NULL;
	}
	return method;
}

BIO *jh_sigfile_bio(const struct jh_sigfile *f, __u64 len)
{
	BIO_METHOD *method = range_method();
	struct range *r;
	BIO *bio;

	if (!method)
		return NULL;
	r = calloc(1, sizeof(*r));
	bio = r ? BIO_new(method) : NULL;
	if (!bio) {
		free(r);
		return NULL;
	}
	r->fd = f->fd;
	r->limit = len;
	BIO_set_data(bio, r);
	BIO_set_init(bio, 1);
	return bio;
}
