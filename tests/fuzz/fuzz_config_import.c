// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: `jh-config import`, which reads Jailhouse binaries of
 * unknown origin. Whatever it accepts must be a valid config of ours.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "config-tool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config_blob in = { .data = malloc(size ?: 1), .size = size };
	struct jailhouse_config_error err;
	char error[CONFIG_ERROR_LEN];
	struct config_blob out;

	memcpy(in.data, data, size);
	if (config_import("fuzz", &in, &out, NULL, error) == 0) {
		if (jailhouse_system_validate(out.data, out.size, &err) &&
		    jailhouse_cell_validate(out.data, out.size, &err))
			abort();
		config_blob_free(&out);
	}
	config_blob_free(&in);
	return 0;
}
