/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Command line parameters: "name=value" or "name" words separated by
 * spaces, as Jailhouse's `cell load -s STRING -a 0x1000` leaves them at
 * guest address 0x1000. Values are decimal or 0x-prefixed hex, optionally
 * negative. The parsers read at most CMDLINE_BUFFER_SIZE bytes.
 */
#ifndef _INMATE_CMDLINE_H
#define _INMATE_CMDLINE_H

#include <stdbool.h>

#define CMDLINE_BUFFER_SIZE	256

/* Value of name=..., or def if absent or not a number. */
long long cmdline_parse_int(const char *cmdline, const char *name,
			    long long def);

/* True if the word name or name=1 is present, false for name=0. */
bool cmdline_parse_bool(const char *cmdline, const char *name, bool def);

#endif /* !_INMATE_CMDLINE_H */
