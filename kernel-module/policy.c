// SPDX-License-Identifier: GPL-2.0
/*
 * JAILHOUSE_POLICY_LOAD: the policy arrives as a file descriptor, is
 * verified as a JAILHOUSE_IMAGE_POLICY image and replaces the active
 * policy only once fully accepted; a refused policy changes nothing.
 */
#include <linux/mutex.h>
#include <linux/uaccess.h>

#include <jailhouse/ioctl.h>

#include "policy.h"
#include "verify.h"

static struct jailhouse_verified active;
static DEFINE_MUTEX(active_mutex);

long jailhouse_policy_load(void __user *arg)
{
	struct jailhouse_policy_load_args args;
	struct jailhouse_verified policy, old;
	int err;

	if (copy_from_user(&args, arg, sizeof(args)))
		return -EFAULT;
	if (args.flags)
		return -EINVAL;
	err = jailhouse_verify_fd(args.policy_fd, JAILHOUSE_IMAGE_POLICY, NULL,
				  &policy);
	if (err)
		return err;
	mutex_lock(&active_mutex);
	old = active;
	active = policy;
	mutex_unlock(&active_mutex);
	jailhouse_verified_release(&old);
	pr_info("jailhouse: policy '%s' version %u active\n", policy.name,
		policy.version);
	return 0;
}

void jailhouse_policy_exit(void)
{
	jailhouse_verified_release(&active);
}
