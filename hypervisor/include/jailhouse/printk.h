/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Console output: to the debug UART the system config names and to the
 * console ring the loader provides (read by `jailhouse console`).
 */
#ifndef _JAILHOUSE_PRINTK_H
#define _JAILHOUSE_PRINTK_H

/** Set up the UART and the ring from the header and the system config. */
void console_init(void);

void printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * The hypervisor's own state is corrupt: print why, then stop this CPU
 * without touching anything else.
 */
void __attribute__((noreturn, format(printf, 1, 2)))
panic_stop(const char *fmt, ...);

#endif /* !_JAILHOUSE_PRINTK_H */
