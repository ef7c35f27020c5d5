/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Command groups of the jailhouse CLI. Each group lives in its own
 * tools/cmd-<group>.c and is listed once in the table in jailhouse.c.
 * A command returns 0 or a negative errno after printing its own error;
 * only main() turns that into an exit status.
 */
#ifndef _JAILHOUSE_TOOLS_COMMANDS_H
#define _JAILHOUSE_TOOLS_COMMANDS_H

#include <stddef.h>

#include <jailhouse/ioctl.h>

/** Open /dev/jailhouse; on failure print why and return -errno. */
int jailhouse_open_device(void);

/**
 * Issue one ioctl on /dev/jailhouse, printing "jailhouse: WHAT: reason"
 * on failure. Requests that verify signed images run between a restore
 * of the saved rollback floors and, once accepted, a save of the new
 * ones. Return: the ioctl's non-negative result or -errno.
 */
int jailhouse_ioctl(unsigned long request, void *arg, const char *what);

/**
 * Rollback floors kept in JAILHOUSE_FLOORS_FILE (floors.c): raise the
 * loader's floors on device @dev to the file's (none: nothing to do), and
 * save the loader's floors to the file. Return: 0 or -errno, printed.
 */
int jailhouse_floors_restore(int dev);
int jailhouse_floors_save(int dev);

/* `jailhouse enable|disable|console` (cmd-enable.c). */
int cmd_enable(int argc, char *argv[]);
int cmd_disable(int argc, char *argv[]);
int cmd_console(int argc, char *argv[]);

/* `jailhouse hypervisor info` (cmd-hypervisor.c). */
int cmd_hypervisor(int argc, char *argv[]);

/**
 * Print the VM-exit table of `hypervisor info` for the CPUs of @cpus
 * (bit n = CPU n, @bytes long), or of every CPU if @cpus is NULL.
 */
int jailhouse_print_vmexits(const __u8 *cpus, size_t bytes);

/* `jailhouse cell create|load|start|shutdown|destroy|list|stats`. */
int cmd_cell(int argc, char *argv[]);

/* `jailhouse keyring add CERT.der|list|lock` (cmd-keyring.c). */
int cmd_keyring(int argc, char *argv[]);

/* `jailhouse measurements`: the loader's log of accepted images. */
int cmd_measurements(int argc, char *argv[]);

/* `jailhouse policy load POLICY` (cmd-policy.c). */
int cmd_policy(int argc, char *argv[]);

#endif /* !_JAILHOUSE_TOOLS_COMMANDS_H */
