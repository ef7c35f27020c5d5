// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse policy load POLICY: hand a signed policy to the loader, which
 * verifies it (type policy) and makes it the active one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"

static int policy_load(const char *path)
{
	struct jailhouse_policy_load_args args = { 0 };
	const struct signed_input in = { path, JAILHOUSE_IMAGE_POLICY, NULL };
	int err;

	args.policy_fd = open(path, O_RDONLY | O_CLOEXEC);
	if (args.policy_fd < 0) {
		fprintf(stderr, "jailhouse: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	err = jailhouse_ioctl_signed(JAILHOUSE_POLICY_LOAD, &args, path, &in,
				     1);
	close(args.policy_fd);
	return err;
}

int cmd_policy(int argc, char *argv[])
{
	if (argc == 3 && strcmp(argv[1], "load") == 0)
		return policy_load(argv[2]);
	jailhouse_usage(stderr, "policy", NULL);
	return -EINVAL;
}
