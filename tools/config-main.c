// SPDX-License-Identifier: GPL-2.0
/*
 * The main() jh-config and jh-policy share: the conventions every tool
 * keeps (--help, -h, --version) and one line per error.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <jailhouse/version.h>

#include "config-tool.h"

/* --help, CMD ... --help, --version: the answer's exit status, or -1. */
static int conventions(int argc, char **argv, const struct tool_usage *u)
{
	if (argc < 2) {
		tool_usage_print(stderr, u, NULL, NULL);
		return 2;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("%s %s\n", u->prog, JAILHOUSE_VERSION);
		return 0;
	}
	if (tool_is_help(argv[1])) {
		tool_usage_print(stdout, u, NULL, NULL);
		return 0;
	}
	if (tool_help_index(argc, argv, 2)) {
		tool_usage_print(stdout, u, argv[1], NULL);
		return 0;
	}
	return -1;
}

int config_tool_main(int argc, char **argv,
		     int (*run)(int argc, char **argv, char *error),
		     const struct tool_usage *usage)
{
	char error[CONFIG_ERROR_LEN] = "";
	int ret;

	ret = conventions(argc, argv, usage);
	if (ret >= 0)
		return ret;
	ret = run(argc, argv, error);
	if (ret == -EINVAL && !error[0]) {
		tool_usage_print(stderr, usage, argv[1], NULL);
		return 2;
	}
	if (ret) {
		fprintf(stderr, "%s: %s\n", usage->prog,
			error[0] ? error : strerror(-ret));
		return 1;
	}
	return 0;
}
