/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a signature goes, so that a failed or interrupted signing leaves
 * every file as it was:
 * - appended to the unsigned input itself: everything is computed first,
 *   then the tail goes in with one write while signals are blocked, and a
 *   failed write is cut off again (no copy of the image: as fast as
 *   hashing it);
 * - or into a temporary file next to the destination, renamed over it at
 *   the end and removed on failure or on a signal (re-signing, -o,
 *   --detach).
 */
#ifndef _JH_SIGN_OUTPUT_H
#define _JH_SIGN_OUTPUT_H

#include <sys/types.h>

#include "sigfile.h"

/** Install the handlers that remove the temporary file on a signal and
 *  explain SIGBUS (the mapped input shrank). */
void jh_out_catch_signals(const char *input);
/** Back to the default handlers. */
void jh_out_release_signals(void);

/** Create the temporary file for @dest with @mode. Return: fd or -errno. */
int jh_out_create_temp(const char *dest, mode_t mode);
/** Close @fd and rename the temporary file over @dest, or remove it. */
int jh_out_commit_temp(int fd, const char *dest, int err);
/** As jh_out_commit_temp(), but refuse to replace an existing @dest. */
int jh_out_commit_temp_new(int fd, const char *dest, int err);

/** Open the input for the append; it must still be the file read. */
int jh_out_open_append(const struct jh_sigfile *in);
/** Append @len bytes at the input's end; on failure cut them off. */
int jh_out_append(const struct jh_sigfile *in, int fd, const void *tail,
		  size_t len);

/** write(2) all of @buf. Return: 0 or -errno (printed, naming @path). */
int jh_write_all(int fd, const void *buf, size_t len, const char *path);

#endif /* !_JH_SIGN_OUTPUT_H */
