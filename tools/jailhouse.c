// SPDX-License-Identifier: GPL-2.0
/*
 * The jailhouse command line tool. Helpers return negative errno values;
 * only main() prints usage and decides the exit status.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <jailhouse/version.h>

#include "commands.h"
#include "usage.h"

struct command {
	const char *name;
	int (*run)(int argc, char *argv[]);
	const char *help;
};

static int cmd_version(int argc, char *argv[]);
static int cmd_help(int argc, char *argv[]);

static const struct command commands[] = {
	{ "enable", cmd_enable, "SYSCONFIG: start the hypervisor" },
	{ "disable", cmd_disable, "stop the hypervisor" },
	{ "console", cmd_console, "[-f]: print (and follow) its console" },
	{ "cell", cmd_cell,
	  "create|load|start|shutdown|destroy|list|stats|linux: cells" },
	{ "config", cmd_config,
	  "create|check: jh-config create and check" },
	{ "hardware", cmd_hardware,
	  "check: can this machine run the hypervisor" },
	{ "hypervisor", cmd_hypervisor,
	  "info: memory pool use, VM exits per CPU by reason" },
	{ "keyring", cmd_keyring,
	  "add CERT.der | list | lock: the .jailhouse signing keyring" },
	{ "measurements", cmd_measurements,
	  "list every image the loader accepted, with its SHA-256" },
	{ "policy", cmd_policy, "load POLICY: activate a signed policy" },
	{ "attest", cmd_attest,
	  "--nonce HEX --out DIR | --enroll DIR: TPM quote and logs" },
	{ "--version", cmd_version, "print tool and loader versions" },
	{ "--help", cmd_help, "print this help" },
};

#define CELL_REF	"{ID | [--name] NAME}"

/* Each command's synopsis: its --help, and the man page's (tests/host). */
static const char *const usage_lines[] = {
	"attest --nonce HEX --out DIR [--ak-handle HANDLE]",
	"attest --enroll DIR [--ak-handle HANDLE]",
	"enable SYSCONFIG",
	"disable",
	"console [-f]",
	"cell create CELL.cell",
	"cell load " CELL_REF " IMAGE [-a|--address ADDRESS] "
		"[IMAGE [-a ADDRESS]]...",
	"cell start " CELL_REF,
	"cell shutdown " CELL_REF,
	"cell destroy " CELL_REF,
	"cell list [--json]",
	"cell stats " CELL_REF " [--json]",
	"cell linux CELL.cell bzImage [-i|--initrd FILE] "
		"[-c|--cmdline \"STRING\" | -C|--cmdline-file FILE] "
		"[-l|--loader FILE]",
	"config create [--sysroot DIR] [--mem-hv SIZE] [--mem-inmates SIZE] "
		"[-o OUT.conf]",
	"config check SYSTEM [CELL...]",
	"hardware check [--sysroot DIR]",
	"hypervisor info [--json]",
	"keyring add CERT.der",
	"keyring list [--json]",
	"keyring lock",
	"measurements [--json]",
	"policy load POLICY",
	NULL
};

static const struct tool_usage usage = {
	.prog = "jailhouse",
	.lines = usage_lines,
};

void jailhouse_usage(FILE *out, const char *cmd, const char *sub)
{
	size_t i;

	if (tool_usage_print(out, &usage, cmd, sub))
		return;
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(cmd, commands[i].name) == 0)
			fprintf(out, "Usage: jailhouse %s %s\n", cmd,
				commands[i].help);
}

int jailhouse_open_device(void)
{
	int fd = open(JAILHOUSE_DEVICE, O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		fd = -errno;
		fprintf(stderr, "jailhouse: %s: %s%s\n", JAILHOUSE_DEVICE,
			strerror(-fd),
			fd == -ENOENT ? " (is jailhouse.ko loaded?)" : "");
	}
	return fd;
}

/* Requests that verify signed images, and so may raise floors. */
static bool verifies(unsigned long request)
{
	return request == JAILHOUSE_ENABLE ||
	       request == JAILHOUSE_CELL_CREATE ||
	       request == JAILHOUSE_CELL_LOAD ||
	       request == JAILHOUSE_CELL_LOAD_LINUX ||
	       request == JAILHOUSE_POLICY_LOAD;
}

int jailhouse_ioctl_signed(unsigned long request, void *arg, const char *what,
			   const struct signed_input *in, unsigned int num)
{
	int fd = jailhouse_open_device();
	int ret = 0;

	if (fd < 0)
		return fd;
	if (verifies(request))
		ret = jailhouse_floors_restore(fd);
	if (!ret && ioctl(fd, request, arg) < 0) {
		ret = -errno;
		if (!num || !jailhouse_explain_refusal(in, num, -ret))
			fprintf(stderr, "jailhouse: %s: %s\n", what,
				strerror(-ret));
	} else if (!ret && verifies(request)) {
		ret = jailhouse_floors_save(fd);
		if (!ret)
			ret = jailhouse_history_save();
	}
	close(fd);
	return ret;
}

int jailhouse_ioctl(unsigned long request, void *arg, const char *what)
{
	return jailhouse_ioctl_signed(request, arg, what, NULL, 0);
}

static int cmd_version(int argc, char *argv[])
{
	struct jailhouse_version_info info;
	int err;

	(void)argc;
	(void)argv;
	printf("jailhouse %s (ioctl ABI %d)\n", JAILHOUSE_VERSION,
	       JAILHOUSE_IOCTL_ABI);
	if (access(JAILHOUSE_DEVICE, F_OK) != 0) {
		printf("loader: not loaded\n");
		return 0;
	}
	err = jailhouse_ioctl(JAILHOUSE_GET_VERSION, &info, "version");
	if (err < 0)
		return err;
	info.version[sizeof(info.version) - 1] = '\0';
	printf("loader: %s (ioctl ABI %u)\n", info.version, info.ioctl_abi);
	return 0;
}

static void print_usage(FILE *out)
{
	size_t i;

	fprintf(out, "Usage: jailhouse COMMAND [ARGS]\n"
		"       jailhouse COMMAND --help\n\nCommands:\n");
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

/* `jailhouse CMD [SUB] ... --help` (or -h): CMD's (SUB's) usage. */
static bool command_help(int argc, char *argv[])
{
	if (!tool_help_index(argc, argv, 2))
		return false;
	jailhouse_usage(stdout, argv[1], tool_is_help(argv[2]) ? NULL : argv[2]);
	return true;
}

int main(int argc, char *argv[])
{
	size_t i;

	if (argc < 2) {
		print_usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "-h") == 0)
		return cmd_help(argc - 1, argv + 1);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[1], commands[i].name) != 0)
			continue;
		if (command_help(argc, argv))
			return 0;
		return commands[i].run(argc - 1, argv + 1) ? 1 : 0;
	}
	fprintf(stderr, "jailhouse: unknown command '%s'\n", argv[1]);
	print_usage(stderr);
	return 2;
}
