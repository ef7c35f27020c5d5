// SPDX-License-Identifier: GPL-2.0
/*
 * The jailhouse command line tool. Helpers return negative errno values;
 * only main() prints usage and decides the exit status.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <jailhouse/ioctl.h>
#include <jailhouse/version.h>

struct command {
	const char *name;
	int (*run)(int argc, char *argv[]);
	const char *help;
};

static int cmd_version(int argc, char *argv[]);
static int cmd_help(int argc, char *argv[]);

static const struct command commands[] = {
	{ "--version", cmd_version, "print tool and loader versions" },
	{ "--help", cmd_help, "print this help" },
};

static int query_loader(struct jailhouse_version_info *info)
{
	int fd = open(JAILHOUSE_DEVICE, O_RDONLY | O_CLOEXEC);
	int err = 0;

	if (fd < 0)
		return -errno;
	if (ioctl(fd, JAILHOUSE_GET_VERSION, info) < 0)
		err = -errno;
	close(fd);
	info->version[sizeof(info->version) - 1] = '\0';
	return err;
}

static int cmd_version(int argc, char *argv[])
{
	struct jailhouse_version_info info;
	int err;

	(void)argc;
	(void)argv;
	printf("jailhouse %s (ioctl ABI %d)\n", JAILHOUSE_VERSION,
	       JAILHOUSE_IOCTL_ABI);
	err = query_loader(&info);
	if (err == -ENOENT) {
		printf("loader: not loaded\n");
		return 0;
	}
	if (err) {
		fprintf(stderr, "jailhouse: %s: %s\n", JAILHOUSE_DEVICE,
			strerror(-err));
		return err;
	}
	printf("loader: %s (ioctl ABI %u)\n", info.version, info.ioctl_abi);
	return 0;
}

static void print_usage(FILE *out)
{
	size_t i;

	fprintf(out, "Usage: jailhouse COMMAND [ARGS]\n\nCommands:\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(out, "  %-12s %s\n", commands[i].name,
			commands[i].help);
}

static int cmd_help(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	print_usage(stdout);
	return 0;
}

int main(int argc, char *argv[])
{
	size_t i;

	if (argc < 2) {
		print_usage(stderr);
		return 2;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1) ? 1 : 0;
	fprintf(stderr, "jailhouse: unknown command '%s'\n", argv[1]);
	print_usage(stderr);
	return 2;
}
