/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Argument parsing and output formatting of `jailhouse cell ...`, kept
 * apart from the ioctls so that unit tests can run them. Parsers return 0
 * or -EINVAL / -ENAMETOOLONG / -E2BIG with *reason set to a static
 * message; nothing here prints.
 */
#ifndef _JAILHOUSE_TOOLS_CELL_UTIL_H
#define _JAILHOUSE_TOOLS_CELL_UTIL_H

#include <stdbool.h>
#include <stddef.h>

#include <jailhouse/ioctl.h>

/* Images one `cell load` takes (the loader's limit). */
#define CELL_LOAD_MAX_IMAGES	8

struct cell_image_arg {
	const char *path;	/* a signed image, or NULL for @string */
	const char *string;	/* -s: unsigned bytes the inmate trusts */
	__u64 address;		/* guest-physical; 0 unless -a */
};

/** A cell name for the ioctls: not empty, shorter than the limit. */
int cell_id_parse(const char *name, struct jailhouse_cell_id *id,
		  const char **reason);

/**
 * A cell id as Jailhouse's command line takes it in place of a name: a
 * decimal number from 1, no sign, no blanks. Return: 0 or -EINVAL.
 */
int cell_number_parse(const char *text, __u32 *id);

/** A load address: a whole C number (hex with 0x) that fits 64 bits. */
int cell_address_parse(const char *text, __u64 *address,
		       const char **reason);

/**
 * `IMAGE|-s STRING [-a|--address ADDRESS] [IMAGE|-s STRING [-a ADDRESS]]...`
 * (@argc words of @argv; --string for -s) into @images, at most
 * CELL_LOAD_MAX_IMAGES; *num gets their count.
 */
int cell_load_args_parse(int argc, char *const argv[],
			 struct cell_image_arg *images, unsigned int *num,
			 const char **reason);

/*
 * `jailhouse cell linux` (docs/linux-cells.md): what the words after
 * "linux" name; NULL for what was not given.
 */
struct cell_linux_arg {
	const char *config;		/* CELL.cell */
	const char *kernel;		/* bzImage */
	const char *initrd;		/* -i|--initrd */
	const char *cmdline;		/* -c|--cmdline: unsigned string */
	const char *cmdline_file;	/* -C|--cmdline-file: signed file */
	const char *loader;		/* -l|--loader */
	const char *bad;		/* on refusal: the word refused */
};

/* Where the package installs the linux-loader inmate. */
#define CELL_LINUX_LOADER	"/usr/lib/jailhouse/linux-loader.bin"
/* Where the build tree has it, relative to the tool's directory. */
#define CELL_LINUX_LOADER_BUILD	"../inmates/tools/x86/linux-loader.bin"

/**
 * `CELL.cell bzImage [-i FILE] [-c STRING | -C FILE] [-l FILE]` (@argc
 * words of @argv, options anywhere) into @arg. Jailhouse's options this
 * tool does not have (-d, -w, -a, -k) are refused by name.
 */
int cell_linux_args_parse(int argc, char *const argv[],
			  struct cell_linux_arg *arg, const char **reason);

/**
 * The build tree's loader image next to the tool at @exe (its own path)
 * into @buf of @len bytes. Return: 0 or -ENAMETOOLONG.
 */
int cell_linux_build_loader(const char *exe, char *buf, size_t len);

/**
 * The cell name of the descriptor that starts with the @len bytes at
 * @head (a signed descriptor starts with its payload too).
 */
int cell_desc_name(const void *head, size_t len,
		   struct jailhouse_cell_id *id, const char **reason);

/** Name of a JAILHOUSE_CELL_* state, "unknown" for anything else. */
const char *cell_state_name(__u32 state);

/** Whether bit @cpu is set in the CPU bitmap @cpus of @bytes bytes. */
bool cpu_set_has(const __u8 *cpus, size_t bytes, size_t cpu);

/**
 * CPU bitmap (bit n = CPU n, @bytes long) as a list like "1,3-5" into
 * @buf of @len bytes, "-" if empty; "..." ends a list cut off for room.
 */
void cell_cpus_format(const __u8 *cpus, size_t bytes, char *buf,
		      size_t len);

#endif /* !_JAILHOUSE_TOOLS_CELL_UTIL_H */
