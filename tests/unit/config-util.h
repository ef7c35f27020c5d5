/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers of the config unit tests: text configs built in memory. */
#ifndef _JAILHOUSE_TESTS_CONFIG_UTIL_H
#define _JAILHOUSE_TESTS_CONFIG_UTIL_H

#include "config-tool.h"

/* Build @text (named "t.conf"); fail the test if it does not build. */
void build_ok(const char *text, struct config_blob *blob);

/* Build @text expecting an error; return the message (static buffer). */
const char *build_fail(const char *text);

/* Read a whole file; fail the test if it cannot be read. */
void read_ok(const char *path, struct config_blob *blob);

/* show, then build: the same bytes again; fail the test if not. */
void round_trip(const struct config_blob *blob, const char *name);

#endif /* !_JAILHOUSE_TESTS_CONFIG_UTIL_H */
