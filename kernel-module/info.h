/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JAILHOUSE_HV_INFO and JAILHOUSE_CPU_INFO: the hypervisor's memory use
 * and per-CPU VM-exit counters, read with hypercalls.
 *
 * Both take the enable lock and answer -ENODEV unless the hypervisor
 * runs: a hypercall without it would raise #UD.
 */
#ifndef _JAILHOUSE_MODULE_INFO_H
#define _JAILHOUSE_MODULE_INFO_H

long jailhouse_hv_info(void __user *arg);
long jailhouse_cpu_info(void __user *arg);

#endif /* !_JAILHOUSE_MODULE_INFO_H */
