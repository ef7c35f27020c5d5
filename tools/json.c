// SPDX-License-Identifier: GPL-2.0
/* JSON output of the jailhouse tool's --json options (commands.h). */
#include <stdio.h>

#include "commands.h"

/* A JSON string: quotes, backslashes and control bytes escaped. */
void jailhouse_json_string(const char *s, size_t max)
{
	size_t i;

	putchar('"');
	for (i = 0; i < max && s[i]; i++) {
		if (s[i] == '"' || s[i] == '\\')
			printf("\\%c", s[i]);
		else if ((unsigned char)s[i] < 0x20)
			printf("\\u%04x", s[i]);
		else
			putchar(s[i]);
	}
	putchar('"');
}
