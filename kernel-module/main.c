// SPDX-License-Identifier: GPL-2.0
/*
 * Loader of the sandboxing hypervisor: owns /dev/jailhouse.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/uaccess.h>

#include <jailhouse/ioctl.h>
#include <jailhouse/version.h>

#include "cell.h"
#include "enable.h"
#include "info.h"
#include "keyring.h"
#include "policy.h"
#include "rollback.h"
#include "verify.h"

static long jailhouse_get_version(void __user *arg)
{
	struct jailhouse_version_info info = {
		.ioctl_abi = JAILHOUSE_IOCTL_ABI,
		.version = JAILHOUSE_VERSION,
	};

	return copy_to_user(arg, &info, sizeof(info)) ? -EFAULT : 0;
}

static long jailhouse_ioctl(struct file *file, unsigned int cmd,
			    unsigned long arg)
{
	switch (cmd) {
	case JAILHOUSE_GET_VERSION:
		return jailhouse_get_version((void __user *)arg);
	case JAILHOUSE_POLICY_LOAD:
		return jailhouse_policy_load((void __user *)arg);
	case JAILHOUSE_ENABLE:
		return jailhouse_cmd_enable((void __user *)arg);
	case JAILHOUSE_DISABLE:
		return jailhouse_cmd_disable();
	case JAILHOUSE_HV_INFO:
		return jailhouse_hv_info((void __user *)arg);
	case JAILHOUSE_CPU_INFO:
		return jailhouse_cpu_info((void __user *)arg);
	case JAILHOUSE_CELL_CREATE:
		return jailhouse_cmd_cell_create((void __user *)arg);
	case JAILHOUSE_CELL_LOAD:
		return jailhouse_cmd_cell_load((void __user *)arg);
	case JAILHOUSE_CELL_LOAD_LINUX:
		return jailhouse_cmd_cell_load_linux((void __user *)arg);
	case JAILHOUSE_CELL_START:
		return jailhouse_cmd_cell_start((void __user *)arg);
	case JAILHOUSE_CELL_SHUTDOWN:
		return jailhouse_cmd_cell_shutdown((void __user *)arg);
	case JAILHOUSE_CELL_DESTROY:
		return jailhouse_cmd_cell_destroy((void __user *)arg);
	case JAILHOUSE_CELL_INFO:
		return jailhouse_cmd_cell_info((void __user *)arg);
	case JAILHOUSE_FLOORS_GET:
		return jailhouse_cmd_floors_get((void __user *)arg);
	case JAILHOUSE_FLOORS_RAISE:
		return jailhouse_cmd_floors_raise((void __user *)arg);
	case JAILHOUSE_KEYRING_ADD:
		return jailhouse_keyring_add((void __user *)arg);
	default:
		return -ENOTTY;
	}
}

/* Reading the device gives the hypervisor's console. */
static ssize_t jailhouse_read(struct file *file, char __user *buf,
			      size_t count, loff_t *pos)
{
	return jailhouse_console_read(buf, count, pos);
}

static const struct file_operations jailhouse_fops = {
	.owner = THIS_MODULE,
	.read = jailhouse_read,
	.unlocked_ioctl = jailhouse_ioctl,
	.compat_ioctl = jailhouse_ioctl,
	.llseek = noop_llseek,
};

static struct miscdevice jailhouse_misc_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "jailhouse",
	.fops = &jailhouse_fops,
	/* Root only: every operation reconfigures the whole machine. */
	.mode = 0600,
};

static int __init jailhouse_init(void)
{
	int err;

	err = jailhouse_verify_init();
	if (err)
		return err;
	err = misc_register(&jailhouse_misc_dev);
	if (err) {
		jailhouse_verify_exit();
		return err;
	}
	pr_info("jailhouse: loader %s ready\n", JAILHOUSE_VERSION);
	return 0;
}

static void __exit jailhouse_exit(void)
{
	misc_deregister(&jailhouse_misc_dev);
	jailhouse_policy_exit();
	jailhouse_verify_exit();
	jailhouse_enable_exit();
}

module_init(jailhouse_init);
module_exit(jailhouse_exit);

MODULE_DESCRIPTION("Loader for the Jailhouse sandboxing hypervisor");
MODULE_LICENSE("GPL");
MODULE_VERSION(JAILHOUSE_VERSION);
MODULE_FIRMWARE(JAILHOUSE_HV_FIRMWARE);
