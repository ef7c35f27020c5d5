// SPDX-License-Identifier: GPL-2.0
/*
 * jh-config: compile, print, check and import configs.
 *   jh-config build CONFIG.conf [-o OUT.cell]
 *   jh-config show CONFIG.cell
 *   jh-config check SYSTEM [CELL...]      (binary or text files)
 *   jh-config import JAILHOUSE.cell [-o OUT.cell]
 *   jh-config create [--sysroot DIR] [-o OUT.conf]
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
	"check SYSTEM [CELL...]",
	"import JAILHOUSE.cell [-o OUT.cell]",
	"create [--sysroot DIR] [-o OUT.conf]",
	NULL
};

static const struct tool_usage usage = {
	.prog = "jh-config",
	.lines = usage_lines,
	.notes = "Files given to check may be text or binary. Without -o,\n"
		 "build writes CONFIG.cell, import and create print the text.\n"
		 "create describes this machine (or the one captured under "
		 "DIR).\n",
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

static int cmd_check(char *const *files, unsigned int num, char *error)
{
	struct config_blob *blobs = calloc(num, sizeof(*blobs));
	unsigned int i;
	int ret = 0;

	if (!blobs)
		return -ENOMEM;
	for (i = 0; i < num && !ret; i++)
		ret = config_load(files[i], &blobs[i], error);
	if (!ret)
		ret = config_check(stdout, (const char *const *)files, blobs,
				   num, error);
	for (i = 0; i < num; i++)
		config_blob_free(&blobs[i]);
	free(blobs);
	if (!ret)
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

/* Write to @out (whole or not at all), or to stdout if NULL. */
static int cmd_create(const char *root, const char *out, char *error)
{
	struct config_blob text = { 0 };
	FILE *f = out ? open_memstream((char **)&text.data, &text.size) :
			stdout;
	int ret;

	if (!f)
		return -ENOMEM;
	ret = config_create(f, root, error);
	if (out && fclose(f) && !ret)
		ret = -ENOMEM;
	if (out && !ret)
		ret = config_write_file(out, text.data, text.size, error);
	config_blob_free(&text);
	return ret;
}

/* "create [--sysroot DIR] [-o OUT]", options in any order. */
static int create_args(int argc, char **argv, char *error)
{
	const char *root = "", *out = NULL;
	int i;

	for (i = 2; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--sysroot") == 0)
			root = argv[i + 1];
		else if (strcmp(argv[i], "-o") == 0)
			out = argv[i + 1];
		else
			return -EINVAL;
	}
	return i == argc ? cmd_create(root, out, error) : -EINVAL;
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
		return cmd_check(argv + 2, (unsigned int)argc - 2, error);
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
