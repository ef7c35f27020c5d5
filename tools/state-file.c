// SPDX-License-Identifier: GPL-2.0
/*
 * Files the tool keeps in /var/lib/jailhouse (the floors, the
 * measurement history): each replaced whole, by a temporary file renamed
 * over it, so that a crash leaves the old file or the new one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "commands.h"

/* JAILHOUSE_STATE_DIR and its parents, outermost first. */
static const char *const state_dirs[] = {
	"/var", "/var/lib", JAILHOUSE_STATE_DIR,
};

int jailhouse_state_dir(void)
{
	size_t i;

	for (i = 0; i < sizeof(state_dirs) / sizeof(state_dirs[0]); i++)
		if (mkdir(state_dirs[i], 0755) && errno != EEXIST)
			return -errno;
	return 0;
}

/* Whether all @num parts of @iov went to @fd. */
static int write_parts(int fd, const struct iovec *iov, int num)
{
	ssize_t total = 0;
	int i;

	for (i = 0; i < num; i++)
		total += iov[i].iov_len;
	return writev(fd, iov, num) == total && !fsync(fd) ? 0 : -EIO;
}

int jailhouse_replace_file(const char *path, const struct iovec *iov,
			   int num)
{
	char tmp[4096];
	int fd, err;

	if (snprintf(tmp, sizeof(tmp), "%s.new", path) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	err = write_parts(fd, iov, num);
	if (close(fd) && !err)
		err = -EIO;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
}
