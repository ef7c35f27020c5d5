// SPDX-License-Identifier: GPL-2.0
/*
 * Rollback floors across module reloads and reboots. The loader keeps
 * them in memory only; after every image it accepts, the tool saves them
 * to JAILHOUSE_FLOORS_FILE, and before every command that verifies an
 * image it feeds the file back (JAILHOUSE_FLOORS_RAISE), which can only
 * raise floors. A floors file that is unreadable or malformed stops the
 * command: floors that cannot be restored must not silently read zero.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "commands.h"

static int file_error(const char *reason, int err)
{
	fprintf(stderr, "jailhouse: %s: %s\n", JAILHOUSE_FLOORS_FILE, reason);
	return err;
}

static int read_all(int fd, void *buf, size_t size)
{
	ssize_t n = read(fd, buf, size);

	return n == (ssize_t)size ? 0 : -EIO;
}

/* The header and entries of an open floors file, checked. */
static int read_floors(int fd, struct jailhouse_floors_args *args)
{
	struct jailhouse_floors_file hdr;
	struct jailhouse_floor *floors;
	struct stat st;

	if (fstat(fd, &st) || read_all(fd, &hdr, sizeof(hdr)))
		return file_error("cannot read the header", -EIO);
	if (memcmp(hdr.magic, JAILHOUSE_FLOORS_MAGIC, sizeof(hdr.magic)) ||
	    hdr.revision != JAILHOUSE_FLOORS_REVISION ||
	    hdr.num > JAILHOUSE_FLOORS_MAX ||
	    (size_t)st.st_size != sizeof(hdr) + hdr.num * sizeof(*floors))
		return file_error("not a floors file of this revision",
				  -EINVAL);
	floors = calloc(hdr.num ? hdr.num : 1, sizeof(*floors));
	if (!floors)
		return -ENOMEM;
	if (read_all(fd, floors, hdr.num * sizeof(*floors))) {
		free(floors);
		return file_error("cannot read the floors", -EIO);
	}
	args->floors = (__u64)(unsigned long)floors;
	args->num = hdr.num;
	return 0;
}

int jailhouse_floors_restore(int dev)
{
	struct jailhouse_floors_args args = { 0 };
	int fd, err;

	fd = open(JAILHOUSE_FLOORS_FILE, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 :
		       file_error(strerror(errno), -errno);
	err = read_floors(fd, &args);
	close(fd);
	if (err)
		return err;
	if (args.num && ioctl(dev, JAILHOUSE_FLOORS_RAISE, &args) < 0)
		err = file_error("the loader refused its floors", -errno);
	free((void *)(unsigned long)args.floors);
	return err;
}

/* The header and @num floors, replacing the file whole. */
static int write_floors(struct jailhouse_floor *floors, unsigned int num)
{
	struct jailhouse_floors_file hdr = {
		.revision = JAILHOUSE_FLOORS_REVISION,
		.num = num,
	};
	struct iovec parts[] = {
		{ .iov_base = &hdr, .iov_len = sizeof(hdr) },
		{ .iov_base = floors, .iov_len = num * sizeof(*floors) },
	};
	int err;

	memcpy(hdr.magic, JAILHOUSE_FLOORS_MAGIC, sizeof(hdr.magic));
	err = jailhouse_state_dir();
	if (err)
		return file_error(strerror(-err), err);
	if (jailhouse_replace_file(JAILHOUSE_FLOORS_FILE, parts, 2))
		return file_error("cannot save the floors", -EIO);
	return 0;
}

int jailhouse_floors_get(int dev, struct jailhouse_floor **floors)
{
	struct jailhouse_floors_args args = { .num = JAILHOUSE_FLOORS_MAX };
	int held;

	*floors = calloc(JAILHOUSE_FLOORS_MAX, sizeof(**floors));
	if (!*floors)
		return -ENOMEM;
	args.floors = (__u64)(unsigned long)*floors;
	held = ioctl(dev, JAILHOUSE_FLOORS_GET, &args);
	if (held < 0) {
		held = -errno;
		free(*floors);
		*floors = NULL;
	}
	return held;
}

int jailhouse_floors_save(int dev)
{
	struct jailhouse_floor *floors;
	int held, err;

	held = jailhouse_floors_get(dev, &floors);
	if (held == -ENOMEM)
		return held;
	if (held < 0)
		return file_error("the loader gave no floors", held);
	err = write_floors(floors, (unsigned int)held);
	free(floors);
	return err;
}
