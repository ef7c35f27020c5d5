// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse keyring add CERT.der | list | lock.
 *
 * Certificates are added through the loader (JAILHOUSE_KEYRING_ADD),
 * which reads what each key may sign; the keyring is listed through its
 * serial number in /sys/module/jailhouse/parameters/keyring with the
 * plain keyctl system calls. Locking is a module parameter.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/keyctl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "commands.h"

#define MODULE_DIR		"/sys/module/jailhouse"
#define KEYRING_SERIAL		MODULE_DIR "/parameters/keyring"
#define KEYRING_LOCKED		MODULE_DIR "/parameters/keyring_locked"
#define MAX_CERT_SIZE		(64 * 1024)

static int fail(const char *what, int err)
{
	fprintf(stderr, "jailhouse: %s: %s%s\n", what, strerror(-err),
		err == -ENOENT ? " (is jailhouse.ko loaded?)" : "");
	return err;
}

/* Read up to @size bytes of a file; return the length or -errno. */
static ssize_t read_file(const char *path, void *buf, size_t size)
{
	ssize_t len;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail(path, -errno);
	len = read(fd, buf, size);
	if (len < 0)
		len = fail(path, -errno);
	close(fd);
	return len;
}

static int write_file(const char *path, const char *text)
{
	ssize_t len = strlen(text);
	int fd, err = 0;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return fail(path, -errno);
	if (write(fd, text, len) != len)
		err = fail(path, -errno);
	close(fd);
	return err;
}

static int keyring_serial(void)
{
	char text[32];
	ssize_t len;
	long serial;

	len = read_file(KEYRING_SERIAL, text, sizeof(text) - 1);
	if (len < 0)
		return len;
	text[len] = '\0';
	serial = strtol(text, NULL, 10);
	if (serial <= 0 || serial > INT32_MAX)
		return fail(KEYRING_SERIAL, -EINVAL);
	return serial;
}

static int add_failed(const char *cert_path, int err)
{
	const char *why = "";

	if (err == -EKEYREJECTED)
		why = " (no signing rights in it, or not signed by its own "
		      "key; see dmesg)";
	else if (err == -EACCES)
		why = " (keyring locked)";
	else if (err == -EEXIST)
		why = " (a key of that identity is trusted already)";
	fprintf(stderr, "jailhouse: %s: adding to .jailhouse: %s%s\n",
		cert_path, strerror(-err), why);
	return err;
}

/*
 * The loader adds the certificate itself, once it has read what its key
 * may sign: the keyring takes no key from user space directly.
 */
static int keyring_add(const char *cert_path)
{
	static char cert[MAX_CERT_SIZE + 1];
	struct jailhouse_keyring_add_args args = { 0 };
	ssize_t len;
	int dev, key;

	len = read_file(cert_path, cert, sizeof(cert));
	if (len < 0)
		return len;
	if (len > MAX_CERT_SIZE || len == 0 ||
	    strncmp(cert, "-----BEGIN", 10) == 0) {
		fprintf(stderr, "jailhouse: %s: not a DER certificate of at "
			"most %d bytes\n", cert_path, MAX_CERT_SIZE);
		return -EINVAL;
	}
	dev = jailhouse_open_device();
	if (dev < 0)
		return dev;
	args.cert = (uintptr_t)cert;
	args.size = len;
	key = ioctl(dev, JAILHOUSE_KEYRING_ADD, &args);
	if (key < 0)
		key = add_failed(cert_path, -errno);
	else
		printf("%d\n", key);
	close(dev);
	return key < 0 ? key : 0;
}

const char *jailhouse_key_description(__s32 key, char *desc, size_t size)
{
	long len;

	len = syscall(SYS_keyctl, KEYCTL_DESCRIBE, key, desc, size);
	if (len < 0 || len > (long)size)
		snprintf(desc, size, "?;;;;(%s)", strerror(errno));
	desc[size - 1] = '\0';
	/* "type;uid;gid;perm;description": the description. */
	return strrchr(desc, ';') ? strrchr(desc, ';') + 1 : desc;
}

/* "SERIAL DESCRIPTION", or with @json {"serial": N, "description": ".."} */
static void print_key(__s32 key, bool json, bool first)
{
	char desc[512];
	const char *text = jailhouse_key_description(key, desc, sizeof(desc));

	if (!json) {
		printf("%d %s\n", key, text);
		return;
	}
	printf("%s\n  {\"serial\": %d, \"description\": ", first ? "" : ",",
	       key);
	jailhouse_json_string(text, sizeof(desc));
	printf("}");
}

int jailhouse_keyring_keys(__s32 *keys)
{
	long len;
	int ring;

	ring = keyring_serial();
	if (ring < 0)
		return ring;
	len = syscall(SYS_keyctl, KEYCTL_READ, ring, keys,
		      JAILHOUSE_MAX_KEYS * sizeof(*keys));
	if (len < 0)
		return fail(".jailhouse keyring", -errno);
	if (len > (long)(JAILHOUSE_MAX_KEYS * sizeof(*keys)))
		len = JAILHOUSE_MAX_KEYS * sizeof(*keys);
	return len / sizeof(*keys);
}

static int keyring_list(bool json)
{
	static __s32 keys[JAILHOUSE_MAX_KEYS];
	int num, i;

	num = jailhouse_keyring_keys(keys);
	if (num < 0)
		return num;
	if (json)
		printf("[");
	for (i = 0; i < num; i++)
		print_key(keys[i], json, i == 0);
	if (json)
		printf("\n]\n");
	return 0;
}

int cmd_keyring(int argc, char *argv[])
{
	if (argc == 3 && strcmp(argv[1], "add") == 0)
		return keyring_add(argv[2]);
	if (argc == 2 && strcmp(argv[1], "list") == 0)
		return keyring_list(false);
	if (argc == 3 && strcmp(argv[1], "list") == 0 &&
	    strcmp(argv[2], "--json") == 0)
		return keyring_list(true);
	if (argc == 2 && strcmp(argv[1], "lock") == 0)
		return write_file(KEYRING_LOCKED, "1");
	jailhouse_usage(stderr, "keyring", NULL);
	return -EINVAL;
}
