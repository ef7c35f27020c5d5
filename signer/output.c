// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "output.h"

/*
 * Durability: the temporary file is not fsync'ed before the rename, nor
 * the input after an append. That keeps signing from writing the whole
 * image to disk; a crash right after signing is covered by the file
 * system's own ordering (ext4 flushes a file replaced by rename before
 * committing the rename, auto_da_alloc), not by jh-sign.
 */

/* The temporary file and the input, for the signal handler. */
static char temp_path[PATH_MAX];
static const char *input_path;

/* Async-signal-safe: unlink, write, raise. */
static void remove_temp_and_die(int sig)
{
	static const char bus[] = ": file shrank while being signed\n";
	ssize_t unused;

	if (temp_path[0])
		unlink(temp_path);
	if (sig == SIGBUS && input_path) {
		unused = write(STDERR_FILENO, "jh-sign: ", 9);
		unused = write(STDERR_FILENO, input_path, strlen(input_path));
		unused = write(STDERR_FILENO, bus, sizeof(bus) - 1);
		(void)unused;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void set_handlers(void (*handler)(int))
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGBUS };
	size_t i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], handler);
}

void jh_out_catch_signals(const char *input)
{
	input_path = input;
	set_handlers(remove_temp_and_die);
}

void jh_out_release_signals(void)
{
	set_handlers(SIG_DFL);
	input_path = NULL;
}

int jh_write_all(int fd, const void *buf, size_t len, const char *path)
{
	const char *p = buf;
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return jh_fail(path, -errno, "write: %s",
				       strerror(errno));
		p += n;
		len -= n;
	}
	return 0;
}

static void drop_temp(void)
{
	if (temp_path[0])
		unlink(temp_path);
	temp_path[0] = '\0';
}

int jh_out_create_temp(const char *dest, mode_t mode)
{
	char dir[PATH_MAX];
	int fd, err;

	if (snprintf(dir, sizeof(dir), "%s", dest) >= (int)sizeof(dir) ||
	    snprintf(temp_path, sizeof(temp_path), "%s/.jh-sign.XXXXXX",
		     dirname(dir)) >= (int)sizeof(temp_path)) {
		temp_path[0] = '\0';
		return jh_fail(dest, -ENAMETOOLONG, "path too long");
	}
	fd = mkstemp(temp_path);
	if (fd < 0) {
		err = -errno;
		temp_path[0] = '\0';
		return jh_fail(dest, err, "cannot create a temporary file in "
			       "its directory: %s", strerror(-err));
	}
	if (fchmod(fd, mode) != 0) {
		err = -errno;
		close(fd);
		drop_temp();
		return jh_fail(dest, err, "chmod: %s", strerror(-err));
	}
	return fd;
}

int jh_out_commit_temp(int fd, const char *dest, int err)
{
	if (close(fd) != 0 && !err)
		err = jh_fail(dest, -errno, "close: %s", strerror(errno));
	if (!err && rename(temp_path, dest) != 0)
		err = jh_fail(dest, -errno, "rename: %s", strerror(errno));
	if (!err)
		temp_path[0] = '\0';
	drop_temp();
	return err;
}

int jh_out_commit_temp_new(int fd, const char *dest, int err)
{
	if (close(fd) != 0 && !err)
		err = jh_fail(dest, -errno, "close: %s", strerror(errno));
	if (!err && link(temp_path, dest) != 0)
		err = jh_fail(dest, -errno, "cannot create: %s",
			      strerror(errno));
	drop_temp();
	return err;
}

int jh_out_open_append(const struct jh_sigfile *in)
{
	struct stat st;
	int fd;

	fd = open(in->path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return jh_fail(in->path, -errno, "cannot open for writing: %s",
			       strerror(errno));
	if (fstat(fd, &st) != 0 || st.st_dev != in->dev ||
	    st.st_ino != in->ino) {
		close(fd);
		return jh_fail(in->path, -EBUSY, "replaced while being signed");
	}
	return fd;
}

/* Undo a failed append; the failure was reported as @err. */
static int cut_off(const struct jh_sigfile *in, int err)
{
	if (truncate(in->path, in->size) != 0)
		jh_fail(in->path, err, "and cannot cut the signature off "
			"again: %s", strerror(errno));
	return err;
}

/* Signals are blocked around the one write and its undoing. */
int jh_out_append(const struct jh_sigfile *in, int fd, const void *tail,
		  size_t len)
{
	sigset_t all, old;
	struct stat st;
	ssize_t n;
	int err = 0;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (fstat(fd, &st) != 0 || (__u64)st.st_size != in->size) {
		close(fd);
		err = jh_fail(in->path, -EBUSY, "changed while being signed");
		goto out;
	}
	n = pwrite(fd, tail, len, in->size);
	if (n != (ssize_t)len)
		err = jh_fail(in->path, n < 0 ? -errno : -EIO, "write: %s",
			      n < 0 ? strerror(errno) : "short write");
	if (close(fd) != 0 && !err)
		err = jh_fail(in->path, -errno, "close: %s", strerror(errno));
	if (err)
		cut_off(in, err);
out:
	sigprocmask(SIG_SETMASK, &old, NULL);
	return err;
}
