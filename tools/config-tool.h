/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parts of jh-config: text to binary (config-build.c), binary to text
 * (config-show.c), the checker's report (config-check.c), Jailhouse
 * import (config-import.c) and file helpers (config-file.c). Each returns
 * 0 or a negative errno and leaves a one-line message in an error buffer;
 * only main() prints and exits.
 */
#ifndef _JAILHOUSE_TOOLS_CONFIG_TOOL_H
#define _JAILHOUSE_TOOLS_CONFIG_TOOL_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../lib/config.h"
#include "usage.h"

#define CONFIG_ERROR_LEN	512

/* A binary config built or read; data is malloc'ed. */
struct config_blob {
	uint8_t *data;
	size_t size;
};

void config_blob_free(struct config_blob *blob);

/* Read a whole file (at most 16 MiB) into @blob. */
int config_read_file(const char *path, struct config_blob *blob,
		     char *error);
/* Read a file; of a signed one (jh-sign), its payload, unverified. */
int config_read_payload(const char *path, struct config_blob *blob,
			char *error);
/* Read a config file, signed or not; compile it first if it is text. */
int config_load(const char *path, struct config_blob *blob, char *error);
/*
 * The default output name for input @in: @in with @from_suffix replaced by
 * @to_suffix, or @in with @to_suffix appended. Malloc'ed; NULL if out of
 * memory.
 */
char *config_output_name(const char *in, const char *from_suffix,
			 const char *to_suffix);
/* Write @size bytes to @path, replacing it. */
int config_write_file(const char *path, const void *data, size_t size,
		      char *error);

/*
 * main() of jh-config and jh-policy: "PROG CMD ARG...", PROG being
 * @usage's. --help, -h (anywhere: CMD's usage) and --version are
 * answered here; @run does the command (-EINVAL with no message: bad
 * arguments). Return: the exit status; 0 after help or version, 2 after
 * printing the usage for bad arguments, 1 after printing the error.
 */
int config_tool_main(int argc, char **argv,
		     int (*run)(int argc, char **argv, char *error),
		     const struct tool_usage *usage);

/*
 * Compile text config @text (@len bytes, named @file in messages) into a
 * system config or a cell descriptor, whichever the text describes. The
 * result has passed the lib/config.c validation.
 */
int config_build(const char *file, const void *text, size_t len,
		 struct config_blob *out, char *error);

/* Whether @blob starts like one of our binary configs. */
bool config_is_binary(const struct config_blob *blob);

/*
 * "@what: item [index]: reason" into @error; returns -EINVAL. Inline, as
 * jh-sign links policy-check.c without the rest of jh-config.
 */
static inline int config_invalid(char *error, const char *what,
				 const struct jailhouse_config_error *err)
{
	if (err->indexed)
		snprintf(error, CONFIG_ERROR_LEN, "%s: %s %u: %s", what,
			 err->item, err->index, err->reason);
	else
		snprintf(error, CONFIG_ERROR_LEN, "%s: %s: %s", what,
			 err->item, err->reason);
	return -EINVAL;
}

/*
 * Validate a binary system config or cell descriptor (told apart by its
 * signature; *system says which) with lib/config.c.
 */
int config_validate(const char *file, const struct config_blob *blob,
		    bool *system, char *error);

/*
 * Validate a binary system config or cell descriptor and write it as text
 * that config_build() turns back into the same bytes.
 */
int config_show(FILE *out, const char *file, const struct config_blob *blob,
		char *error);

/*
 * @v as config_build() and policy_build() read sizes back: "16M", "4K",
 * else decimal below 1 KiB and hex above. Returns @buf.
 */
const char *config_size_text(char *buf, size_t len, unsigned long long v);

/* "@key: "BB:DD.F"" for PCI requester id @bdf, as `build` reads it back. */
void config_show_bdf(FILE *out, const char *key, unsigned int bdf);

struct text_name;
/* "@lead: [a, b]": the names in @table of the bits set in @v. */
void config_show_flags(FILE *out, const char *lead,
		       const struct text_name *table, unsigned long long v);

/*
 * Convert a Jailhouse revision-14 system or cell config into ours, ready
 * for config_show(). Fields we drop are named, one line each, on
 * @warnings (NULL: not at all); what would change the config's meaning is
 * refused.
 */
int config_import(const char *file, const struct config_blob *in,
		  struct config_blob *out, FILE *warnings, char *error);

/*
 * Validate a system config and cell descriptors (the loaded files, named
 * by @names) and apply every rule of lib/config_rules.c, the machine's
 * included (a note on stderr for each fact the system config lacks),
 * printing each violation to @out. @root_irqs_allowed: the cells' policy
 * class allows root-irqs. Return: 0 if all is well, -EINVAL otherwise.
 */
int config_check_machine(FILE *out, const char *const *names,
			 const struct config_blob *blobs, unsigned int num,
			 bool root_irqs_allowed, char *error);

/*
 * The physical memory map of the system config and cells @blobs (named
 * by @names, the system config first) as a table on @out, or with @svg
 * as an SVG picture written to the file @svg (config-map.c).
 */
int config_show_map(FILE *out, const char *svg, const char *const *names,
		    const struct config_blob *blobs, unsigned int num,
		    char *error);

/* config_check_machine() for cells no policy allows root-irqs. */
int config_check(FILE *out, const char *const *names,
		 const struct config_blob *blobs, unsigned int num,
		 char *error);

#endif /* !_JAILHOUSE_TOOLS_CONFIG_TOOL_H */
