// SPDX-License-Identifier: GPL-2.0
/* Parsing and formatting for `jailhouse cell ...`; see cell-util.h. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jailhouse/cell-config.h>
#include <jailhouse/hypercall.h>
#include <jailhouse/linux-boot.h>

#include "cell-util.h"

static int fail(const char **reason, const char *text, int err)
{
	*reason = text;
	return err;
}

int cell_id_parse(const char *name, struct jailhouse_cell_id *id,
		  const char **reason)
{
	size_t len = strlen(name);

	if (!len)
		return fail(reason, "empty cell name", -EINVAL);
	if (len >= sizeof(id->name))
		return fail(reason, "cell name longer than 31 characters",
			    -ENAMETOOLONG);
	memset(id, 0, sizeof(*id));
	memcpy(id->name, name, len);
	return 0;
}

int cell_number_parse(const char *text, __u32 *id)
{
	unsigned long value;
	char *end;

	if (*text < '1' || *text > '9')
		return -EINVAL;
	errno = 0;
	value = strtoul(text, &end, 10);
	if (errno == ERANGE || *end || value > 0xffffffffUL)
		return -EINVAL;
	*id = value;
	return 0;
}

int cell_address_parse(const char *text, __u64 *address,
		       const char **reason)
{
	unsigned long long value;
	char *end;

	/* strtoull() would take "-1" as 2^64 - 1, and skips blanks. */
	if (*text < '0' || *text > '9')
		return fail(reason, "address is not a number", -EINVAL);
	errno = 0;
	value = strtoull(text, &end, 0);
	if (errno == ERANGE)
		return fail(reason, "address does not fit 64 bits", -EINVAL);
	if (*end)
		return fail(reason, "address is not a number", -EINVAL);
	*address = value;
	return 0;
}

static bool is_option(const char *arg, const char *s, const char *l)
{
	return !strcmp(arg, s) || !strcmp(arg, l);
}

/* An image (a path) or, after -s, a string: the next element. */
static int add_image(int argc, char *const argv[], int *i,
		     struct cell_image_arg *images, unsigned int *n,
		     const char **reason)
{
	struct cell_image_arg *img = &images[*n];

	if (*n == CELL_LOAD_MAX_IMAGES)
		return fail(reason, "more than 8 images", -E2BIG);
	memset(img, 0, sizeof(*img));
	if (!is_option(argv[*i], "-s", "--string")) {
		img->path = argv[*i];
	} else {
		if (++*i == argc)
			return fail(reason, "-s without a string", -EINVAL);
		img->string = argv[*i];
		if (!*img->string)
			return fail(reason, "-s with an empty string", -EINVAL);
	}
	++*n;
	return 0;
}

int cell_load_args_parse(int argc, char *const argv[],
			 struct cell_image_arg *images, unsigned int *num,
			 const char **reason)
{
	bool addressed = false;
	unsigned int n = 0;
	int i, err;

	for (i = 0; i < argc; i++) {
		if (!is_option(argv[i], "-a", "--address")) {
			err = add_image(argc, argv, &i, images, &n, reason);
			if (err)
				return err;
			addressed = false;
			continue;
		}
		if (!n || addressed)
			return fail(reason, "-a without an image before it",
				    -EINVAL);
		if (++i == argc)
			return fail(reason, "-a without an address", -EINVAL);
		err = cell_address_parse(argv[i], &images[n - 1].address,
					 reason);
		if (err)
			return err;
		addressed = true;
	}
	if (!n)
		return fail(reason, "no image", -EINVAL);
	*num = n;
	return 0;
}

/* An option of `cell linux` and the field of its value. */
struct linux_option {
	const char *s, *l;
	size_t field;
};

#define LINUX_OPTION(s, l, f) { s, l, offsetof(struct cell_linux_arg, f) }

static const struct linux_option linux_options[] = {
	LINUX_OPTION("-i", "--initrd", initrd),
	LINUX_OPTION("-c", "--cmdline", cmdline),
	LINUX_OPTION("-C", "--cmdline-file", cmdline_file),
	LINUX_OPTION("-l", "--loader", loader),
};

/* Jailhouse's jailhouse-cell-linux options without a meaning here. */
static const char *const linux_refused[][3] = {
	{ "-d", "--dtb", "not supported: x86 cells boot without a device "
	  "tree" },
	{ "-w", "--write-params", "not supported: the loader builds the "
	  "boot parameters itself from the verified files" },
	{ "-a", "--arch", "not supported: x86-64 only" },
	{ "-k", "--kernel-decomp-factor", "not supported: the loader reads "
	  "the kernel's memory needs from its header" },
};

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

/* Option @argv[*i] and its value; *i moves past the value. */
static int linux_option(int argc, char *const argv[], int *i,
			struct cell_linux_arg *arg, const char **reason)
{
	const struct linux_option *opt;
	const char **value;
	size_t n;

	for (n = 0; n < ARRAY_LEN(linux_refused); n++)
		if (is_option(argv[*i], linux_refused[n][0],
			      linux_refused[n][1]))
			return fail(reason, linux_refused[n][2], -EINVAL);
	for (n = 0; n < ARRAY_LEN(linux_options); n++)
		if (is_option(argv[*i], linux_options[n].s,
			      linux_options[n].l))
			break;
	if (n == ARRAY_LEN(linux_options))
		return fail(reason, "unknown option (options: -i, -c, -C, -l)",
			    -EINVAL);
	opt = &linux_options[n];
	value = (const char **)((char *)arg + opt->field);
	if (++*i == argc || !*argv[*i])
		return fail(reason, "no value follows", -EINVAL);
	if (*value)
		return fail(reason, "given twice", -EINVAL);
	*value = argv[*i];
	return 0;
}

int cell_linux_args_parse(int argc, char *const argv[],
			  struct cell_linux_arg *arg, const char **reason)
{
	struct cell_linux_arg a = { 0 };
	int i, err, files = 0;

	for (i = 0; i < argc; i++) {
		arg->bad = argv[i];
		if (argv[i][0] == '-') {
			err = linux_option(argc, argv, &i, &a, reason);
			if (err)
				return err;
		} else if (files == 2) {
			return fail(reason, "a third file: only CELL.cell "
				    "and bzImage are positional", -EINVAL);
		} else {
			*(files++ ? &a.kernel : &a.config) = argv[i];
		}
	}
	arg->bad = NULL;
	if (files < 2)
		return fail(reason, files ? "no kernel (bzImage)" :
			    "no cell descriptor and kernel", -EINVAL);
	if (a.cmdline && a.cmdline_file)
		return fail(reason, "-c and -C: one command line only",
			    -EINVAL);
	if (a.cmdline && strlen(a.cmdline) > JAILHOUSE_LINUX_CMDLINE_MAX)
		return fail(reason, "-c: command line longer than 2047 bytes",
			    -E2BIG);
	*arg = a;
	return 0;
}

int cell_linux_build_loader(const char *exe, char *buf, size_t len)
{
	const char *slash = strrchr(exe, '/');
	int dir = slash ? (int)(slash - exe) : 1;
	int n;

	n = snprintf(buf, len, "%.*s/%s", dir, slash ? exe : ".",
		     CELL_LINUX_LOADER_BUILD);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int cell_desc_name(const void *head, size_t len,
		   struct jailhouse_cell_id *id, const char **reason)
{
	const struct jailhouse_cell_desc *desc = head;

	if (len < offsetof(struct jailhouse_cell_desc, flags) ||
	    memcmp(desc->signature, JAILHOUSE_CELL_DESC_SIGNATURE,
		   JAILHOUSE_SIGNATURE_LEN))
		return fail(reason, "not a cell descriptor (no JHCLL)",
			    -EINVAL);
	if (!memchr(desc->name, 0, sizeof(desc->name)))
		return fail(reason, "cell name not NUL-terminated", -EINVAL);
	return cell_id_parse(desc->name, id, reason);
}

const char *cell_state_name(__u32 state)
{
	static const char *const names[] = {
		[JAILHOUSE_CELL_RUNNING] = "running",
		[JAILHOUSE_CELL_RUNNING_LOCKED] = "running/locked",
		[JAILHOUSE_CELL_SHUT_DOWN] = "shut down",
		[JAILHOUSE_CELL_FAILED] = "failed",
		[JAILHOUSE_CELL_FAILED_COMM_REV] = "failed/comm rev",
	};

	if (state >= sizeof(names) / sizeof(names[0]))
		return "unknown";
	return names[state];
}

bool cpu_set_has(const __u8 *cpus, size_t bytes, size_t cpu)
{
	return cpu < bytes * 8 && (cpus[cpu / 8] >> (cpu % 8)) & 1;
}

void cell_cpus_format(const __u8 *cpus, size_t bytes, char *buf,
		      size_t len)
{
	size_t cpu, last, used = 0;
	int n;

	snprintf(buf, len, "-");
	for (cpu = 0; cpu < bytes * 8; cpu = last + 1) {
		if (!cpu_set_has(cpus, bytes, cpu)) {
			last = cpu;
			continue;
		}
		for (last = cpu; cpu_set_has(cpus, bytes, last + 1); last++)
			;
		n = last == cpu ?
			snprintf(buf + used, len - used, "%s%zu",
				 used ? "," : "", cpu) :
			snprintf(buf + used, len - used, "%s%zu-%zu",
				 used ? "," : "", cpu, last);
		if (n < 0 || (size_t)n >= len - used) {
			snprintf(buf + (len > 4 ? len - 4 : 0),
				 len > 4 ? 4 : len, "...");
			return;
		}
		used += n;
	}
}
