// SPDX-License-Identifier: GPL-2.0
/* Command line parameters (see cmdline.h). */
#include <cmdline.h>
#include <jailhouse/string.h>

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/*
 * Find the word "name" or "name=..." within the first CMDLINE_BUFFER_SIZE
 * bytes. Returns what follows the name ("" or "=..."), or NULL.
 */
static const char *cmdline_find(const char *cmdline, const char *name)
{
	size_t len = strnlen(cmdline, CMDLINE_BUFFER_SIZE);
	size_t name_len = strlen(name);
	size_t pos = 0;

	while (pos < len) {
		while (pos < len && is_space(cmdline[pos]))
			pos++;
		if (len - pos >= name_len &&
		    !strncmp(cmdline + pos, name, name_len) &&
		    (pos + name_len == len ||
		     cmdline[pos + name_len] == '=' ||
		     is_space(cmdline[pos + name_len])))
			return cmdline + pos + name_len;
		while (pos < len && !is_space(cmdline[pos]))
			pos++;
	}
	return NULL;
}

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

/* Parse a whole word as a number; false if it is not one. */
static bool parse_number(const char *s, const char *end, long long *value)
{
	bool negative = *s == '-';
	unsigned long long result = 0;
	unsigned int base = 10;

	if (negative)
		s++;
	if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (s >= end)
		return false;
	for (; s < end; s++) {
		if (digit_value(*s) >= (int)base)
			return false;
		result = result * base + digit_value(*s);
	}
	*value = (long long)(negative ? 0ULL - result : result);
	return true;
}

static const char *word_end(const char *s, const char *cmdline)
{
	while (s < cmdline + CMDLINE_BUFFER_SIZE && *s && !is_space(*s))
		s++;
	return s;
}

long long cmdline_parse_int(const char *cmdline, const char *name,
			    long long def)
{
	const char *arg = cmdline_find(cmdline, name);
	long long value;

	if (!arg || *arg != '=')
		return def;
	arg++;
	return parse_number(arg, word_end(arg, cmdline), &value) ? value : def;
}

bool cmdline_parse_bool(const char *cmdline, const char *name, bool def)
{
	const char *arg = cmdline_find(cmdline, name);
	long long value;

	if (!arg)
		return def;
	if (*arg != '=')
		return true;
	arg++;
	if (!parse_number(arg, word_end(arg, cmdline), &value))
		return def;
	return value != 0;
}
