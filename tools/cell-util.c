// SPDX-License-Identifier: GPL-2.0
/* Parsing and formatting for `jailhouse cell ...`; see cell-util.h. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jailhouse/hypercall.h>

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
