/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Starting and stopping the hypervisor beneath the running Linux
 * (docs/design.md, "Enable path").
 */
#ifndef _JAILHOUSE_MODULE_ENABLE_H
#define _JAILHOUSE_MODULE_ENABLE_H

#include <linux/mutex.h>
#include <linux/types.h>

#include <jailhouse/ioctl.h>

/* Held by every operation that needs the hypervisor or changes whether
 * it runs. */
extern struct mutex jailhouse_lock;

/** Whether the hypervisor runs beneath Linux; under jailhouse_lock. */
bool jailhouse_is_enabled(void);

struct jailhouse_system;

/**
 * The running hypervisor's system config, verified and validated; NULL
 * when disabled. Under jailhouse_lock; valid until disable.
 */
const struct jailhouse_system *jailhouse_system_config(void);

/** JAILHOUSE_ENABLE. Return: 0 or -errno, Linux unchanged on failure. */
long jailhouse_cmd_enable(struct jailhouse_enable_args __user *uargs);

/**
 * JAILHOUSE_DISABLE: every CPU back to native, memory released. Refused
 * with -EBUSY while cells exist.
 */
long jailhouse_cmd_disable(void);

/**
 * read() of /dev/jailhouse: the hypervisor's console ring from offset
 * *pos (bytes ever written); older bytes the ring lost are skipped.
 */
ssize_t jailhouse_console_read(char __user *buf, size_t count, loff_t *pos);

/** Module unload: free the console ring. */
void jailhouse_enable_exit(void);

#endif /* !_JAILHOUSE_MODULE_ENABLE_H */
