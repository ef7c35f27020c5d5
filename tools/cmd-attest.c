// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse attest: runs the script jailhouse-attest (tpm2-tools do the
 * TPM work), from next to this tool in the build tree, else installed.
 * A quote first brings the measurement history up to date, for a module
 * reloaded since the last command that kept it (history.c).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"

#define ATTEST_SCRIPT		"jailhouse-attest"
#define ATTEST_INSTALLED	"/usr/lib/jailhouse/" ATTEST_SCRIPT

/* The script next to /proc/self/exe into @buf; -errno if there is none. */
static int attest_script_beside(char *buf, size_t len)
{
	char exe[PATH_MAX];
	char *slash;
	ssize_t n;
	int w;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return -ENOENT;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return -ENOENT;
	*slash = '\0';
	w = snprintf(buf, len, "%s/%s", exe, ATTEST_SCRIPT);
	if (w < 0 || (size_t)w >= len)
		return -ENAMETOOLONG;
	return access(buf, X_OK) ? -errno : 0;
}

int cmd_attest(int argc, char *argv[])
{
	char path[PATH_MAX];
	const char *script = ATTEST_INSTALLED;
	int err, i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--nonce") && jailhouse_history_save())
			fprintf(stderr, "jailhouse: attest: the quote carries "
				"the live log only\n");
	if (!attest_script_beside(path, sizeof(path)))
		script = path;
	argv[0] = (char *)script;
	execv(script, argv);
	err = -errno;
	fprintf(stderr, "jailhouse: %s: %s\n", script, strerror(-err));
	return err;
}
