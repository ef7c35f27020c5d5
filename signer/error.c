// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <openssl/err.h>

#include "error.h"

int jh_fail(const char *file, int err, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "jh-sign: %s: ", file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return err;
}

/* Reasons of the queued errors, oldest first, joined by "; ". */
static void drain_ossl_errors(char *buf, size_t size)
{
	const char *reason;
	unsigned long e;
	size_t used = 0;

	buf[0] = '\0';
	while ((e = ERR_get_error()) != 0) {
		reason = ERR_reason_error_string(e);
		if (!reason)
			reason = "unknown error";
		if (used + 1 >= size || strstr(buf, reason))
			continue;
		used += snprintf(buf + used, size - used, "%s%s",
				 used ? "; " : "", reason);
	}
}

int jh_fail_ossl(const char *file, const char *what)
{
	char reasons[512];

	drain_ossl_errors(reasons, sizeof(reasons));
	if (reasons[0])
		return jh_fail(file, -EPROTO, "%s (%s)", what, reasons);
	return jh_fail(file, -EPROTO, "%s", what);
}
