// SPDX-License-Identifier: GPL-2.0
/*
 * `jailhouse enable SYSCONFIG`, `jailhouse disable` and
 * `jailhouse console [-f]`: start and stop the hypervisor, print its
 * console (reading /dev/jailhouse gives the console ring).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <jailhouse/header.h>

#include "commands.h"

#define FOLLOW_INTERVAL_US	200000

int cmd_enable(int argc, char *argv[])
{
	struct jailhouse_enable_args args = { 0 };
	int err;

	if (argc != 2) {
		fprintf(stderr, "Usage: jailhouse enable SYSCONFIG\n");
		return -EINVAL;
	}
	args.config_fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (args.config_fd < 0) {
		err = -errno;
		fprintf(stderr, "jailhouse: %s: %s\n", argv[1], strerror(-err));
		return err;
	}
	err = jailhouse_ioctl(JAILHOUSE_ENABLE, &args, "enable");
	close(args.config_fd);
	return err < 0 ? err : 0;
}

int cmd_disable(int argc, char *argv[])
{
	int err;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "Usage: jailhouse disable\n");
		return -EINVAL;
	}
	err = jailhouse_ioctl(JAILHOUSE_DISABLE, NULL, "disable");
	return err < 0 ? err : 0;
}

/* The ring's bytes as the terminal may see them (jailhouse/header.h). */
static void console_sanitize(char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		buf[i] = jailhouse_console_char(buf[i]);
}

/* Copy what the ring holds from the file position on to stdout. */
static int drain_console(int fd)
{
	char buf[4096];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		console_sanitize(buf, n);
		if (fwrite(buf, 1, n, stdout) != (size_t)n)
			return -EIO;
	}
	fflush(stdout);
	if (n < 0) {
		fprintf(stderr, "jailhouse: console: %s\n", strerror(errno));
		return -errno;
	}
	return 0;
}

int cmd_console(int argc, char *argv[])
{
	int follow = argc == 2 && strcmp(argv[1], "-f") == 0;
	int fd, err;

	if (argc > 2 || (argc == 2 && !follow)) {
		fprintf(stderr, "Usage: jailhouse console [-f]\n");
		return -EINVAL;
	}
	fd = jailhouse_open_device();
	if (fd < 0)
		return fd;
	do {
		err = drain_console(fd);
		if (follow && !err)
			usleep(FOLLOW_INTERVAL_US);
	} while (follow && !err);
	close(fd);
	return err;
}
