// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "config-util.h"

void build_ok(const char *text, struct config_blob *blob)
{
	char error[CONFIG_ERROR_LEN] = "";
	int ret;

	ret = config_build("t.conf", text, strlen(text), blob, error);
	if (ret)
		fail_msg("build failed: %s", error);
}

const char *build_fail(const char *text)
{
	static char error[CONFIG_ERROR_LEN];
	struct config_blob blob;

	error[0] = '\0';
	assert_int_equal(config_build("t.conf", text, strlen(text), &blob,
				      error), -EINVAL);
	assert_null(blob.data);
	return error;
}

void read_ok(const char *path, struct config_blob *blob)
{
	char error[CONFIG_ERROR_LEN] = "";

	if (config_read_file(path, blob, error))
		fail_msg("%s", error);
}

void round_trip(const struct config_blob *blob, const char *name)
{
	struct config_blob again;
	char error[CONFIG_ERROR_LEN], *text;
	size_t len;
	FILE *out;

	out = open_memstream(&text, &len);
	assert_non_null(out);
	if (config_show(out, name, blob, error))
		fail_msg("%s: show: %s", name, error);
	fclose(out);
	if (config_build(name, text, len, &again, error))
		fail_msg("%s: rebuild: %s\n%s", name, error, text);
	assert_int_equal(again.size, blob->size);
	assert_memory_equal(again.data, blob->data, blob->size);
	config_blob_free(&again);
	free(text);
}
