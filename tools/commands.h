/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Command groups of the jailhouse CLI. Each group lives in its own
 * tools/cmd-<group>.c and is listed once in the table in jailhouse.c.
 * A command returns 0 or a negative errno after printing its own error;
 * only main() turns that into an exit status.
 */
#ifndef _JAILHOUSE_TOOLS_COMMANDS_H
#define _JAILHOUSE_TOOLS_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jailhouse/ioctl.h>
#include <jailhouse/signature.h>

/**
 * Print the usage of command @cmd (subcommand @sub, NULL: all of them)
 * to @out: stdout for --help, stderr after a malformed command line.
 */
void jailhouse_usage(FILE *out, const char *cmd, const char *sub);

/** Open /dev/jailhouse; on failure print why and return -errno. */
int jailhouse_open_device(void);

/**
 * Issue one ioctl on /dev/jailhouse, printing "jailhouse: WHAT: reason"
 * on failure. Requests that verify signed images run between a restore
 * of the saved rollback floors and, once accepted, a save of the new
 * ones. Return: the ioctl's non-negative result or -errno.
 */
int jailhouse_ioctl(unsigned long request, void *arg, const char *what);

/* A file a request hands the loader to verify (refusal.c). */
struct signed_input {
	const char *path;
	__u32 type;		/* JAILHOUSE_IMAGE_* it is verified as */
	const char *name;	/* name it must be signed for, or NULL */
};

/**
 * As jailhouse_ioctl(), but a refusal of one of the @num files in @in is
 * said with the file's name and the reason in words (refusal.c).
 */
int jailhouse_ioctl_signed(unsigned long request, void *arg, const char *what,
			   const struct signed_input *in, unsigned int num);

/**
 * Say on stderr why the loader refused @err (a positive errno), naming
 * the file of @in that earned it. Return: whether it could.
 */
bool jailhouse_explain_refusal(const struct signed_input *in,
			       unsigned int num, int err);

/**
 * Rollback floors kept in JAILHOUSE_FLOORS_FILE (floors.c): raise the
 * loader's floors on device @dev to the file's (none: nothing to do), and
 * save the loader's floors to the file. Return: 0 or -errno, printed.
 */
int jailhouse_floors_restore(int dev);
int jailhouse_floors_save(int dev);

/* Where the tool keeps what outlives the module (floors, history). */
#define JAILHOUSE_STATE_DIR	"/var/lib/jailhouse"
#define JAILHOUSE_HISTORY_FILE	JAILHOUSE_STATE_DIR "/measurements"

/** Create JAILHOUSE_STATE_DIR if missing. Return: 0 or -errno. */
int jailhouse_state_dir(void);

/**
 * Replace the file at @path whole by the @num parts of @iov (state-file.c):
 * written to PATH.new, synced, renamed. Return: 0 or -errno.
 */
struct iovec;
int jailhouse_replace_file(const char *path, const struct iovec *iov,
			   int num);

/* A whole file in memory. */
struct text {
	char *buf;	/* malloc'ed */
	size_t len;
};

/** All of @fd into @t (history.c). Return: 0 or -errno, @t empty. */
int jailhouse_read_fd(int fd, struct text *t);

/**
 * The loader's measurement log, /sys/module/jailhouse/measurements, or
 * $JAILHOUSE_MEASUREMENTS (tests/host) (history.c).
 */
const char *jailhouse_live_log(void);

/**
 * Keep the logs of this boot's loads in JAILHOUSE_HISTORY_FILE
 * (history.c). Return: 0 or -errno, printed.
 */
int jailhouse_history_save(void);

/**
 * The loader's floors on device @dev into *@floors (malloc'ed; free it).
 * Return: how many, or -errno (*@floors then NULL).
 */
int jailhouse_floors_get(int dev, struct jailhouse_floor **floors);

/**
 * The kernel log from now on (kmsg.c): a mark (-1 if unreadable) that
 * jailhouse_kmsg_show() consumes, printing the loader's lines written
 * since to stderr. Return: the mark; how many lines it printed.
 */
int jailhouse_kmsg_mark(void);
int jailhouse_kmsg_show(int mark);

/** Print at most @max bytes of @s to stdout as a JSON string (json.c). */
void jailhouse_json_string(const char *s, size_t max);

/* `jailhouse enable|disable|console` (cmd-enable.c). */
int cmd_enable(int argc, char *argv[]);
int cmd_disable(int argc, char *argv[]);
int cmd_console(int argc, char *argv[]);

/* `jailhouse config create|check`: jh-config's (cmd-config.c). */
int cmd_config(int argc, char *argv[]);

/* `jailhouse hardware check`: can this machine run it (cmd-hardware.c). */
int cmd_hardware(int argc, char *argv[]);

/* `jailhouse hypervisor info` (cmd-hypervisor.c). */
int cmd_hypervisor(int argc, char *argv[]);

/**
 * Print the VM-exit table of `hypervisor info` for the CPUs of @cpus
 * (bit n = CPU n, @bytes long), or of every CPU if @cpus is NULL; with
 * @json a "cpus" key and array instead (cmd-hypervisor.c).
 */
int jailhouse_print_vmexits(const __u8 *cpus, size_t bytes, bool json);

/**
 * Of the CPUs in @cpus (@bytes long), the ones the hypervisor reports
 * failed, into @failed (as long). Return: 0 or -errno (printed).
 */
int jailhouse_failed_cpus(const __u8 *cpus, size_t bytes, __u8 *failed);

/* `jailhouse cell create|load|start|shutdown|destroy|list|stats`. */
int cmd_cell(int argc, char *argv[]);

/* `jailhouse keyring add CERT.der|list|lock` (cmd-keyring.c). */
int cmd_keyring(int argc, char *argv[]);

/* Keys of the .jailhouse keyring read at most (cmd-keyring.c). */
#define JAILHOUSE_MAX_KEYS	1024

/**
 * The serial numbers of the keys in the .jailhouse keyring into @keys
 * (room for JAILHOUSE_MAX_KEYS). Return: how many, or -errno (printed).
 */
int jailhouse_keyring_keys(__s32 *keys);

/**
 * Key @key's description (the loader's keys: "CN: SKID-HEX"), read into
 * @desc (@size bytes). Return: where in @desc the description starts.
 */
const char *jailhouse_key_description(__s32 key, char *desc, size_t size);

/* `jailhouse measurements [--json]`: the loader's log of accepted
 * images (cmd-measurements.c). */
int cmd_measurements(int argc, char *argv[]);

/* `jailhouse policy load POLICY` (cmd-policy.c). */
int cmd_policy(int argc, char *argv[]);

/* `jailhouse attest`: execs the script jailhouse-attest (cmd-attest.c). */
int cmd_attest(int argc, char *argv[]);

#endif /* !_JAILHOUSE_TOOLS_COMMANDS_H */
