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
#include <sys/utsname.h>

#include <jailhouse/header.h>

#include "commands.h"

#define FOLLOW_INTERVAL_US	200000

/*
 * The file request_firmware() takes the hypervisor image from: the
 * directory in firmware_class.path, then the kernel's own list. Return:
 * whether one exists.
 */
static bool hypervisor_image(char *path, size_t size)
{
	struct utsname uts;
	char custom[256] = "";
	const char *dirs[5];
	unsigned int n = 0, i;
	FILE *f;

	f = fopen("/sys/module/firmware_class/parameters/path", "r");
	if (f) {
		if (fgets(custom, sizeof(custom), f))
			custom[strcspn(custom, "\n")] = '\0';
		fclose(f);
	}
	if (uname(&uts))
		uts.release[0] = '\0';
	if (custom[0])
		dirs[n++] = custom;
	dirs[n++] = "/lib/firmware/updates/%s";
	dirs[n++] = "/lib/firmware/updates";
	dirs[n++] = "/lib/firmware/%s";
	dirs[n++] = "/lib/firmware";
	for (i = 0; i < n; i++) {
		int at = snprintf(path, size, dirs[i], uts.release);

		snprintf(path + at, size - at, "/%s", JAILHOUSE_HV_FIRMWARE);
		if (!access(path, R_OK))
			return true;
	}
	return false;
}

int cmd_enable(int argc, char *argv[])
{
	struct jailhouse_enable_args args = { 0 };
	char image[512];
	struct signed_input in[2] = {
		{ argv[1], JAILHOUSE_IMAGE_SYSTEM_CONFIG, NULL },
		{ image, JAILHOUSE_IMAGE_HYPERVISOR, NULL },
	};
	int err;

	if (argc != 2) {
		jailhouse_usage(stderr, "enable", NULL);
		return -EINVAL;
	}
	args.config_fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (args.config_fd < 0) {
		err = -errno;
		fprintf(stderr, "jailhouse: %s: %s\n", argv[1], strerror(-err));
		return err;
	}
	err = jailhouse_ioctl_signed(JAILHOUSE_ENABLE, &args, "enable", in,
				     hypervisor_image(image, sizeof(image)) ?
				     2 : 1);
	close(args.config_fd);
	return err < 0 ? err : 0;
}

int cmd_disable(int argc, char *argv[])
{
	int err;

	(void)argv;
	if (argc != 1) {
		jailhouse_usage(stderr, "disable", NULL);
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
		jailhouse_usage(stderr, "console", NULL);
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
