// SPDX-License-Identifier: GPL-2.0
/*
 * `jailhouse config create|check ...`, as Jailhouse users type them: run
 * jh-config with the same arguments. jh-config is taken from beside this
 * program (a build tree), else from PATH (the package's /usr/bin).
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"

#define JH_CONFIG	"jh-config"

/* jh-config beside /proc/self/exe into @buf, if it is there. */
static bool beside_self(char *buf, size_t size)
{
	char self[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (len < 0)
		return false;
	self[len] = '\0';
	if (snprintf(buf, size, "%s/" JH_CONFIG, dirname(self)) >= (int)size)
		return false;
	return access(buf, X_OK) == 0;
}

int cmd_config(int argc, char *argv[])
{
	char path[PATH_MAX];

	if (argc < 2 || (strcmp(argv[1], "create") && strcmp(argv[1], "check"))) {
		jailhouse_usage(stderr, "config", NULL);
		return -EINVAL;
	}
	argv[0] = JH_CONFIG;
	if (beside_self(path, sizeof(path)))
		execv(path, argv);
	else
		execvp(JH_CONFIG, argv);
	fprintf(stderr, "jailhouse: %s: %s\n", JH_CONFIG, strerror(errno));
	return -errno;
}
