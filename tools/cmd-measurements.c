// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse measurements [--json]: the loader's measurement log
 * (kernel-module/measure.c), as it is or as a JSON array for scripts.
 * Each line is "INDEX TYPE NAME VERSION sha256:HEX SIGNER STATUS", the
 * pcr-base line too; NAME and SIGNER are "-" when there is none, which
 * JSON says as "" and null.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"

enum { F_INDEX, F_TYPE, F_NAME, F_VERSION, F_DIGEST, F_SIGNER, F_STATUS,
       NUM_FIELDS };

#define DIGEST_PREFIX	"sha256:"

static int log_error(const char *path, unsigned int line, const char *reason)
{
	fprintf(stderr, "jailhouse: %s: line %u: %s\n", path, line, reason);
	return -EBADMSG;
}

/* A %u as the loader prints it, and so a JSON number: no leading 0. */
static bool is_number(const char *s)
{
	size_t len = strlen(s);

	return len && len <= 10 && strspn(s, "0123456789") == len &&
	       (s[0] != '0' || len == 1);
}

/* Split @line (no newline) at its blanks into exactly NUM_FIELDS words. */
static bool split_fields(char *line, char *field[NUM_FIELDS])
{
	char *save = NULL, *word;
	int n = 0;

	for (word = strtok_r(line, " ", &save); word;
	     word = strtok_r(NULL, " ", &save)) {
		if (n == NUM_FIELDS)
			return false;
		field[n++] = word;
	}
	return n == NUM_FIELDS && is_number(field[F_INDEX]) &&
	       is_number(field[F_VERSION]) &&
	       !strncmp(field[F_DIGEST], DIGEST_PREFIX, strlen(DIGEST_PREFIX));
}

static void print_entry_json(char *const field[NUM_FIELDS], bool first)
{
	bool no_name = !strcmp(field[F_NAME], "-");

	printf("%s\n  {\"index\": %s, \"type\": ", first ? "" : ",",
	       field[F_INDEX]);
	jailhouse_json_string(field[F_TYPE], strlen(field[F_TYPE]));
	printf(", \"name\": ");
	jailhouse_json_string(no_name ? "" : field[F_NAME],
			      strlen(field[F_NAME]));
	printf(", \"version\": %s, \"sha256\": ", field[F_VERSION]);
	jailhouse_json_string(field[F_DIGEST] + strlen(DIGEST_PREFIX),
			      strlen(field[F_DIGEST]));
	printf(", \"signer\": ");
	if (strcmp(field[F_SIGNER], "-"))
		jailhouse_json_string(field[F_SIGNER],
				      strlen(field[F_SIGNER]));
	else
		printf("null");
	printf(", \"status\": ");
	jailhouse_json_string(field[F_STATUS], strlen(field[F_STATUS]));
	printf("}");
}

/*
 * The log in @t (changed: split into words) as a JSON array. Every line
 * is checked first: a script gets valid JSON or nothing.
 */
static int print_json(const char *path, struct text *t)
{
	char *line, *nl, *end = t->buf + t->len;
	unsigned int n, lines = 0;
	char *(*entry)[NUM_FIELDS];
	int err = 0;

	/* A line has at least 14 bytes: room for all of them. */
	entry = calloc(t->len / 2 + 1, sizeof(*entry));
	if (!entry)
		return -ENOMEM;
	for (line = t->buf; line < end && !err; line = nl + 1) {
		nl = memchr(line, '\n', end - line);
		if (!nl) {
			err = log_error(path, lines + 1, "no newline at end");
			break;
		}
		*nl = '\0';
		if (!split_fields(line, entry[lines++]))
			err = log_error(path, lines, "not INDEX TYPE NAME "
					"VERSION sha256:HEX SIGNER STATUS");
	}
	if (!err) {
		printf("[");
		for (n = 0; n < lines; n++)
			print_entry_json(entry[n], n == 0);
		printf("%s]\n", lines ? "\n" : "");
	}
	free(entry);
	return err;
}

int cmd_measurements(int argc, char *argv[])
{
	bool json = argc == 2 && !strcmp(argv[1], "--json");
	const char *path = jailhouse_live_log();
	struct text t = { NULL, 0 };
	int fd, err;

	if (argc != 1 && !json) {
		jailhouse_usage(stderr, "measurements", NULL);
		return -EINVAL;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	err = fd < 0 ? -errno : jailhouse_read_fd(fd, &t);
	if (fd >= 0)
		close(fd);
	if (!err && json)
		err = print_json(path, &t);
	else if (!err)
		fwrite(t.buf, 1, t.len, stdout);
	if (err && err != -EBADMSG)
		fprintf(stderr, "jailhouse: %s: %s%s\n", path, strerror(-err),
			err == -ENOENT ? " (is jailhouse.ko loaded?)" : "");
	free(t.buf);
	return err;
}
