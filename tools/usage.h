/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Usage texts of the host tools, kept as one synopsis line per command
 * so that `TOOL CMD --help` can print the lines of CMD alone and a test
 * can compare them with the man pages (tests/host/usage).
 */
#ifndef _JAILHOUSE_TOOLS_USAGE_H
#define _JAILHOUSE_TOOLS_USAGE_H

#include <stdbool.h>
#include <stdio.h>

struct tool_usage {
	const char *prog;		/* "jh-config" */
	const char *const *lines;	/* "CMD ARGS...", NULL-terminated */
	const char *notes;		/* after the lines; NULL: none */
};

/**
 * Print "Usage: PROG LINE" for each line of @u about command @cmd and,
 * if some are about it, subcommand @sub (NULL: any), then the notes.
 * A @cmd no line is about prints every line. Return: how many lines.
 */
int tool_usage_print(FILE *out, const struct tool_usage *u, const char *cmd,
		     const char *sub);

/** Whether @arg asks for help: "--help" or "-h". */
bool tool_is_help(const char *arg);

/** The index of the first of @argv[@from..@argc) asking for help, or 0. */
int tool_help_index(int argc, char *const *argv, int from);

#endif /* !_JAILHOUSE_TOOLS_USAGE_H */
