// SPDX-License-Identifier: GPL-2.0
/*
 * The measurement history (docs/attestation.md): the loader's log lives
 * only as long as the module, but PCR 13 keeps every load's extends until
 * reboot. After every command that verifies an image, and before a
 * quote, the tool keeps the logs of this boot's loads in
 * JAILHOUSE_HISTORY_FILE, one segment per load, each as the loader gave
 * it (its pcr-base line 0, per-segment indexes): the history's segments
 * before the one of the running load (the first whose pcr-base line is
 * the live log's), then the live log. A boot's first load has a zero
 * base and so starts the history afresh. A verifier replays the segments
 * from zero; a deleted history makes it refuse, never hide an image.
 * $JAILHOUSE_MEASUREMENTS and $JAILHOUSE_HISTORY replace both paths
 * (tests/host/attest).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "commands.h"

#define LIVE_LOG	"/sys/module/jailhouse/measurements"
#define BASE_PREFIX	"0 pcr-base "

static const char *path_of(const char *env, const char *fallback)
{
	const char *path = getenv(env);

	return path && *path ? path : fallback;
}

static int history_error(const char *path, const char *reason, int err)
{
	fprintf(stderr, "jailhouse: %s: %s\n", path, reason);
	return err;
}

/* Sysfs files say no size: read on until the end. */
int jailhouse_read_fd(int fd, struct text *t)
{
	size_t size = 0;
	ssize_t n;
	char *buf;

	t->buf = NULL;
	t->len = 0;
	do {
		if (t->len == size) {
			size = size ? 2 * size : 65536;
			buf = realloc(t->buf, size);
			if (!buf) {
				errno = ENOMEM;
				n = -1;
				break;
			}
			t->buf = buf;
		}
		n = read(fd, t->buf + t->len, size - t->len);
		if (n > 0)
			t->len += n;
	} while (n > 0);
	if (n == 0)
		return 0;
	n = -errno;
	free(t->buf);
	t->buf = NULL;
	t->len = 0;
	return n;
}

/* The file at @path into @t; a missing one is empty. */
static int read_text(const char *path, struct text *t)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int err;

	t->buf = NULL;
	t->len = 0;
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	err = jailhouse_read_fd(fd, t);
	close(fd);
	return err;
}

/*
 * How much of @history precedes the segment whose pcr-base line is the
 * first line of @live: whole lines only, all of them if none is.
 */
static size_t history_before(const struct text *history,
			     const struct text *live)
{
	const char *base = live->buf;
	size_t base_len = (char *)memchr(base, '\n', live->len) + 1 - base;
	const char *at = history->buf, *end = history->buf + history->len;
	const char *nl;

	while (at < end) {
		nl = memchr(at, '\n', end - at);
		if (!nl)
			break;
		if ((size_t)(nl + 1 - at) == base_len &&
		    !memcmp(at, base, base_len))
			break;
		at = nl + 1;
	}
	return at - history->buf;
}

/* Live log with a pcr-base line (a TPM at load): the history replaced. */
static int write_history(const char *path, const struct text *live)
{
	struct text history;
	struct iovec parts[2];
	int err;

	err = read_text(path, &history);
	if (err)
		return history_error(path, strerror(-err), err);
	parts[0].iov_base = history.buf;
	parts[0].iov_len = history.len ? history_before(&history, live) : 0;
	parts[1].iov_base = live->buf;
	parts[1].iov_len = live->len;
	err = jailhouse_replace_file(path, parts, 2);
	free(history.buf);
	if (err)
		return history_error(path, "cannot save the history", err);
	return 0;
}

const char *jailhouse_live_log(void)
{
	return path_of("JAILHOUSE_MEASUREMENTS", LIVE_LOG);
}

int jailhouse_history_save(void)
{
	const char *history = path_of("JAILHOUSE_HISTORY",
				      JAILHOUSE_HISTORY_FILE);
	const char *live_path = jailhouse_live_log();
	struct text live;
	int err;

	err = read_text(live_path, &live);
	if (err)
		return history_error(live_path, strerror(-err), err);
	/* No TPM at load (no base line) or no module: nothing to keep. */
	if (live.len < strlen(BASE_PREFIX) || live.buf[live.len - 1] != '\n' ||
	    memcmp(live.buf, BASE_PREFIX, strlen(BASE_PREFIX))) {
		free(live.buf);
		return 0;
	}
	if (!strcmp(history, JAILHOUSE_HISTORY_FILE))
		err = jailhouse_state_dir();
	if (err)
		err = history_error(JAILHOUSE_STATE_DIR, strerror(-err), err);
	else
		err = write_history(history, &live);
	free(live.buf);
	return err;
}
