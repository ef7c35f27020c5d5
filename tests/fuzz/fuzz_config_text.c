// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: jh-config's text front end (libyaml and our checks of
 * every value). Whatever builds must also survive show -> build and come
 * back byte-identical; a difference aborts, so the fuzzer reports it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config-tool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void round_trip(const struct config_blob *blob)
{
	char error[CONFIG_ERROR_LEN], *text = NULL;
	struct config_blob again;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (!out)
		return;
	if (config_show(out, "fuzz", blob, error))
		abort();
	fclose(out);
	if (config_build("fuzz", text, len, &again, error))
		abort();
	if (again.size != blob->size ||
	    memcmp(again.data, blob->data, blob->size))
		abort();
	config_blob_free(&again);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char error[CONFIG_ERROR_LEN];
	struct config_blob blob;

	if (config_build("fuzz", data, size, &blob, error) == 0) {
		round_trip(&blob);
		config_blob_free(&blob);
	}
	return 0;
}
