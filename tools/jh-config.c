// SPDX-License-Identifier: GPL-2.0
/*
 * jh-config: compile, print, check and import configs.
 *   jh-config build CONFIG.conf [-o OUT.cell]
 *   jh-config show CONFIG.cell
 *   jh-config show --map SYSTEM [CELL...]  (the memory map as a table)
 *   jh-config show --svg FILE SYSTEM [CELL...]  (... as a picture)
 *   jh-config check SYSTEM [CELL...]      (binary or text files)
 *   jh-config import JAILHOUSE.cell [-o OUT.cell]
 *   jh-config create [--sysroot DIR] [--mem-hv SIZE] [--mem-inmates SIZE]
 *                    [-o OUT.conf]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config-tool.h"
#include "create.h"

static const char *const usage_lines[] = {
	"build CONFIG.conf [-o OUT.cell]",
	"show CONFIG.cell",
	"show --map SYSTEM [CELL...]",
	"show --svg FILE SYSTEM [CELL...]",
	"check SYSTEM [CELL...]",
	"import JAILHOUSE.cell [-o OUT.cell]",
	"create [--sysroot DIR] [--mem-hv SIZE] [--mem-inmates SIZE] "
		"[-o OUT.conf]",
	NULL
};

static const struct tool_usage usage = {
	.prog = "jh-config",
	.lines = usage_lines,
	.notes = "Files given to check may be text or binary. Without -o,\n"
		 "build writes CONFIG.cell, import and create print the text.\n"
		 "create describes this machine (or the one captured under "
		 "DIR);\nwithout a memmap= reservation, it says which to add "
		 "for SIZE of\nhypervisor (16M) and inmate (66M) memory.\n",
};

static int cmd_build(const char *in, const char *out, char *error)
{
	struct config_blob text, blob;
	char *path = out ? strdup(out) : config_output_name(in, ".conf", ".cell");
	int ret;

	if (!path)
		return -ENOMEM;
	ret = config_read_file(in, &text, error);
	if (!ret) {
		ret = config_build(in, text.data, text.size, &blob, error);
		config_blob_free(&text);
	}
	if (!ret) {
		ret = config_write_file(path, blob.data, blob.size, error);
		config_blob_free(&blob);
	}
	free(path);
	return ret;
}

static int cmd_show(const char *in, char *error)
{
	struct config_blob blob;
	int ret;

	ret = config_read_payload(in, &blob, error);
	if (ret)
		return ret;
	ret = config_show(stdout, in, &blob, error);
	config_blob_free(&blob);
	return ret;
}

/*
 * check, or with @map show --map (--svg @svg): the files loaded, then
 * the command.
 */
static int cmd_check(char *const *files, unsigned int num, bool map,
		     const char *svg, char *error)
{
	struct config_blob *blobs = calloc(num, sizeof(*blobs));
	unsigned int i;
	int ret = 0;

	if (!blobs)
		return -ENOMEM;
	for (i = 0; i < num && !ret; i++)
		ret = config_load(files[i], &blobs[i], error);
	if (!ret && map)
		ret = config_show_map(stdout, svg, (const char *const *)files,
				      blobs, num, error);
	else if (!ret)
		ret = config_check(stdout, (const char *const *)files, blobs,
				   num, error);
	for (i = 0; i < num; i++)
		config_blob_free(&blobs[i]);
	free(blobs);
	if (!ret && !map)
		printf("%s and %u cell config%s: no rule violated\n", files[0],
		       num - 1, num == 2 ? "" : "s");
	return ret;
}

static int cmd_import(const char *in, const char *out, char *error)
{
	struct config_blob jh, blob;
	int ret;

	ret = config_read_file(in, &jh, error);
	if (ret)
		return ret;
	ret = config_import(in, &jh, &blob, stderr, error);
	config_blob_free(&jh);
	if (ret)
		return ret;
	ret = out ? config_write_file(out, blob.data, blob.size, error) :
		    config_show(stdout, in, &blob, error);
	config_blob_free(&blob);
	return ret;
}

/*
 * What create wrote must pass build and check as they are (violations on
 * stderr): a config the tool itself would refuse is not written.
 */
static int self_check(const struct config_blob *text, char *error)
{
	const char *name = "jh-config create's output";
	struct config_blob blob;
	int ret;

	ret = config_build(name, text->data, text->size, &blob, error);
	if (!ret)
		ret = config_check(stderr, &name, &blob, 1, error);
	config_blob_free(&blob);
	return ret;
}

/* Write to @out (whole or not at all), or to stdout if NULL. */
static int cmd_create(const struct create_request *req, const char *out,
		      char *error)
{
	struct config_blob text = { 0 };
	FILE *f = open_memstream((char **)&text.data, &text.size);
	int ret;

	if (!f)
		return -ENOMEM;
	ret = config_create(f, req, error);
	if (fclose(f) && !ret)
		ret = -ENOMEM;
	if (!ret)
		ret = self_check(&text, error);
	if (!ret && out)
		ret = config_write_file(out, text.data, text.size, error);
	else if (!ret && fwrite(text.data, 1, text.size, stdout) != text.size)
		ret = -EIO;
	config_blob_free(&text);
	return ret;
}

/* "16M", "1G", "4096": a whole number of MiB, at least 1. */
static int parse_mib(const char *option, const char *arg, uint64_t *bytes,
		     char *error)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(arg, &end, 0);
	if (*end == 'K' || *end == 'M' || *end == 'G')
		v <<= *end == 'K' ? 10 : *end == 'M' ? 20 : 30;
	if (errno || end == arg || arg[0] == '-' || v == 0 ||
	    v > (64ULL << 30) || (v & ((1 << 20) - 1)) ||
	    end[*end && strchr("KMG", *end) ? 1 : 0]) {
		snprintf(error, CONFIG_ERROR_LEN, "%s %s: not a size of whole "
			 "MiB up to 64G (16M, 1G)", option, arg);
		return -EINVAL;
	}
	*bytes = v;
	return 0;
}

/* "create [--sysroot DIR] [--mem-hv SIZE] [--mem-inmates SIZE] [-o OUT]",
 * options in any order. */
static int create_args(int argc, char **argv, char *error)
{
	struct create_request req = { .root = "", .mem_hv = 16ULL << 20,
				      .mem_inmates = 66ULL << 20 };
	const char *out = NULL;
	int i, ret = 0;

	for (i = 2; i + 1 < argc && !ret; i += 2) {
		if (strcmp(argv[i], "--sysroot") == 0)
			req.root = argv[i + 1];
		else if (strcmp(argv[i], "-o") == 0)
			out = argv[i + 1];
		else if (strcmp(argv[i], "--mem-hv") == 0)
			ret = parse_mib(argv[i], argv[i + 1], &req.mem_hv,
					error);
		else if (strcmp(argv[i], "--mem-inmates") == 0)
			ret = parse_mib(argv[i], argv[i + 1], &req.mem_inmates,
					error);
		else
			return -EINVAL;
	}
	if (ret)
		return ret;
	return i == argc ? cmd_create(&req, out, error) : -EINVAL;
}

/* "CMD IN [-o OUT]": set *out, or return -1 if malformed. */
static int in_out_args(int argc, char **argv, const char **out)
{
	*out = NULL;
	if (argc == 3)
		return 0;
	if (argc == 5 && strcmp(argv[3], "-o") == 0) {
		*out = argv[4];
		return 0;
	}
	return -1;
}

static int run(int argc, char **argv, char *error)
{
	const char *cmd = argv[1], *out;

	if (strcmp(cmd, "check") == 0 && argc > 2)
		return cmd_check(argv + 2, (unsigned int)argc - 2, false,
				 NULL, error);
	if (strcmp(cmd, "show") == 0 && argc > 3 && !strcmp(argv[2], "--map"))
		return cmd_check(argv + 3, (unsigned int)argc - 3, true, NULL,
				 error);
	if (strcmp(cmd, "show") == 0 && argc > 4 && !strcmp(argv[2], "--svg"))
		return cmd_check(argv + 4, (unsigned int)argc - 4, true,
				 argv[3], error);
	if (strcmp(cmd, "create") == 0)
		return create_args(argc, argv, error);
	if (in_out_args(argc, argv, &out))
		return -EINVAL;
	if (strcmp(cmd, "build") == 0)
		return cmd_build(argv[2], out, error);
	if (strcmp(cmd, "import") == 0)
		return cmd_import(argv[2], out, error);
	if (strcmp(cmd, "show") == 0 && !out)
		return cmd_show(argv[2], error);
	return -EINVAL;
}

int main(int argc, char **argv)
{
	return config_tool_main(argc, argv, run, &usage);
}
