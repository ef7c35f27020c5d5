// SPDX-License-Identifier: GPL-2.0
/*
 * What the loader wrote to the kernel log during one request: marked
 * before, shown after a refusal, so that the tool prints the loader's
 * reason itself instead of pointing at dmesg, and points nowhere when
 * the log says nothing.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"

#define LOADER_PREFIX	"jailhouse"

int jailhouse_kmsg_mark(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0 && lseek(fd, 0, SEEK_END) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* One record "PRI,SEQ,TIME,FLAGS;TEXT\n[continuation lines]": its TEXT. */
static const char *record_text(char *record, ssize_t len)
{
	char *text = memchr(record, ';', len);

	if (!text)
		return NULL;
	record[len] = '\0';
	text[strcspn(text, "\n")] = '\0';
	return text + 1;
}

int jailhouse_kmsg_show(int mark)
{
	char record[8192];
	const char *text;
	int shown = 0;
	ssize_t len;

	if (mark < 0)
		return 0;
	while ((len = read(mark, record, sizeof(record) - 1)) > 0) {
		text = record_text(record, len);
		if (text && !strncmp(text, LOADER_PREFIX, strlen(LOADER_PREFIX))) {
			fprintf(stderr, "jailhouse: kernel log: %s\n", text);
			shown++;
		}
	}
	close(mark);
	return shown;
}
