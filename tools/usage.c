// SPDX-License-Identifier: GPL-2.0
/*
 * Usage texts of the host tools (usage.h): a command's own lines for
 * `TOOL CMD [SUB] --help`, every line for `TOOL --help`.
 */
#include <string.h>

#include "usage.h"

/* Whether @line ("cell start ID") starts with the word @word at @at. */
static bool word_at(const char *line, unsigned int at, const char *word)
{
	const char *p = line;
	size_t len = strlen(word);

	while (at--) {
		p = strchr(p, ' ');
		if (!p)
			return false;
		p++;
	}
	return strncmp(p, word, len) == 0 && (p[len] == ' ' || !p[len]);
}

static bool line_is_about(const char *line, const char *cmd, const char *sub)
{
	return (!cmd || word_at(line, 0, cmd)) &&
	       (!sub || word_at(line, 1, sub));
}

static int count_about(const struct tool_usage *u, const char *cmd,
		       const char *sub)
{
	int i, n = 0;

	for (i = 0; u->lines[i]; i++)
		n += line_is_about(u->lines[i], cmd, sub);
	return n;
}

int tool_usage_print(FILE *out, const struct tool_usage *u, const char *cmd,
		     const char *sub)
{
	int i, n = 0;

	if (sub && !count_about(u, cmd, sub))
		sub = NULL;
	if (cmd && !count_about(u, cmd, NULL))
		cmd = NULL;
	for (i = 0; u->lines[i]; i++) {
		if (!line_is_about(u->lines[i], cmd, sub))
			continue;
		fprintf(out, "%s %s %s\n", n++ ? "      " : "Usage:", u->prog,
			u->lines[i]);
	}
	if (u->notes)
		fprintf(out, "%s", u->notes);
	return n;
}

bool tool_is_help(const char *arg)
{
	return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

int tool_help_index(int argc, char *const *argv, int from)
{
	int i;

	for (i = from; i < argc; i++)
		if (tool_is_help(argv[i]))
			return i;
	return 0;
}
