// SPDX-License-Identifier: GPL-2.0
/*
 * Hypervisor and CPU information for `jailhouse hypervisor info`.
 *
 * CPU_GET_INFO names the CPU in its first argument, so one CPU can read
 * every CPU's counters: no cross-CPU call is needed.
 */
#include <linux/cpumask.h>
#include <linux/uaccess.h>

#include <jailhouse/ioctl.h>

#include "enable.h"
#include "hypercall.h"
#include "info.h"

static long hv_info_item(unsigned long item, __u64 *value)
{
	long ret = jailhouse_call(JAILHOUSE_HC_HYPERVISOR_GET_INFO, item, 0);

	if (ret < 0)
		return ret;
	*value = ret;
	return 0;
}

static long fill_hv_info(void __user *arg)
{
	struct jailhouse_hv_info info = {};
	__u64 cells;
	long err;

	err = hv_info_item(JAILHOUSE_INFO_MEM_POOL_SIZE, &info.mem_pool_size);
	if (!err)
		err = hv_info_item(JAILHOUSE_INFO_MEM_POOL_USED,
				   &info.mem_pool_used);
	if (!err)
		err = hv_info_item(JAILHOUSE_INFO_REMAP_POOL_SIZE,
				   &info.remap_pool_size);
	if (!err)
		err = hv_info_item(JAILHOUSE_INFO_REMAP_POOL_USED,
				   &info.remap_pool_used);
	if (!err)
		err = hv_info_item(JAILHOUSE_INFO_NUM_CELLS, &cells);
	if (err)
		return err;
	info.num_cells = cells;
	return copy_to_user(arg, &info, sizeof(info)) ? -EFAULT : 0;
}

static long cpu_info_item(unsigned int cpu, unsigned long item, __u64 *value)
{
	long ret = jailhouse_call(JAILHOUSE_HC_CPU_GET_INFO, cpu, item);

	if (ret < 0)
		return ret;
	*value = ret;
	return 0;
}

static long read_cpu_info(struct jailhouse_cpu_info *info)
{
	unsigned int n;
	__u64 state;
	long err;

	err = cpu_info_item(info->cpu, JAILHOUSE_CPU_INFO_STATE, &state);
	if (err)
		return err;
	info->state = state;
	for (n = 0; n < JAILHOUSE_NUM_CPU_STATS; n++) {
		err = cpu_info_item(info->cpu, JAILHOUSE_CPU_INFO_STAT_BASE + n,
				    &info->stats[n]);
		if (err)
			return err;
	}
	info->num_stats = JAILHOUSE_NUM_CPU_STATS;
	return 0;
}

static long fill_cpu_info(void __user *arg)
{
	struct jailhouse_cpu_info info;
	unsigned int cpu;
	long err;

	BUILD_BUG_ON(JAILHOUSE_NUM_CPU_STATS > JAILHOUSE_CPU_INFO_MAX_STATS);
	if (copy_from_user(&info, arg, sizeof(info)))
		return -EFAULT;
	if (info.flags)
		return -EINVAL;
	cpu = info.cpu;
	if (cpu >= nr_cpu_ids || !cpu_possible(cpu))
		return -ENODEV;
	memset(&info, 0, sizeof(info));
	info.cpu = cpu;
	err = read_cpu_info(&info);
	if (err)
		return err;
	return copy_to_user(arg, &info, sizeof(info)) ? -EFAULT : 0;
}

/* Run @fn under the enable lock if the hypervisor runs, else -ENODEV. */
static long with_hypervisor(long (*fn)(void __user *arg), void __user *arg)
{
	long err = -ENODEV;

	mutex_lock(&jailhouse_lock);
	if (jailhouse_is_enabled())
		err = fn(arg);
	mutex_unlock(&jailhouse_lock);
	return err;
}

long jailhouse_hv_info(void __user *arg)
{
	return with_hypervisor(fill_hv_info, arg);
}

long jailhouse_cpu_info(void __user *arg)
{
	return with_hypervisor(fill_cpu_info, arg);
}
