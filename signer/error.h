/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Error reporting of jh-sign: every failure is one line on stderr,
 * "jh-sign: FILE: reason", printed where the reason is known; the helper
 * returns the negative errno that travels up to main().
 */
#ifndef _JH_SIGN_ERROR_H
#define _JH_SIGN_ERROR_H

/** Print "jh-sign: FILE: MESSAGE" and return @err (negative errno). */
int jh_fail(const char *file, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/**
 * Like jh_fail() with -EPROTO, appending what OpenSSL's error queue says
 * (drained, oldest first), so that one line carries the whole story.
 */
int jh_fail_ossl(const char *file, const char *what);

#endif /* !_JH_SIGN_ERROR_H */
