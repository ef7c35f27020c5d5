// SPDX-License-Identifier: GPL-2.0
/*
 * Whole-file reading and writing for jh-config and jh-policy.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/signature.h"
#include "config-tool.h"

#define CONFIG_MAX_FILE		(16 << 20)

void config_blob_free(struct config_blob *blob)
{
	free(blob->data);
	blob->data = NULL;
	blob->size = 0;
}

static int read_stream(FILE *f, struct config_blob *blob)
{
	size_t cap = 4096;
	uint8_t *grown;

	blob->data = malloc(cap);
	blob->size = 0;
	if (!blob->data)
		return -ENOMEM;
	for (;;) {
		blob->size += fread(blob->data + blob->size, 1,
				    cap - blob->size, f);
		if (blob->size < cap)
			return ferror(f) ? -EIO : 0;
		if (cap >= CONFIG_MAX_FILE)
			return -EFBIG;
		cap *= 2;
		grown = realloc(blob->data, cap);
		if (!grown)
			return -ENOMEM;
		blob->data = grown;
	}
}

/* fopen() opens a directory for reading; fread() then says EIO. */
static bool is_directory(FILE *f)
{
	struct stat st;

	return fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode);
}

int config_read_file(const char *path, struct config_blob *blob,
		     char *error)
{
	FILE *f = fopen(path, "rb");
	int ret;

	blob->data = NULL;
	if (!f) {
		ret = -errno;
		snprintf(error, CONFIG_ERROR_LEN, "%s: %s", path,
			 strerror(errno));
		return ret;
	}
	ret = is_directory(f) ? -EISDIR : read_stream(f, blob);
	fclose(f);
	if (ret) {
		snprintf(error, CONFIG_ERROR_LEN, "%s: %s", path,
			 ret == -EFBIG ? "larger than 16 MiB" :
			 ret == -EISDIR ? "is a directory" : strerror(-ret));
		config_blob_free(blob);
	}
	return ret;
}

/*
 * A file jh-sign signed carries its payload first: keep the payload, so
 * that show, check and the policy check read a signed config as the one
 * it was made from. Nothing here verifies the signature (jh-sign --verify
 * and the loader do), which the note on stderr says. A trailer that is
 * there but malformed is an error, not a config.
 */
static int strip_signature(const char *path, struct config_blob *blob,
			   char *error)
{
	struct jailhouse_sig_parts parts;
	const char *reason = NULL;
	int ret;

	ret = jailhouse_sig_parse(blob->data, blob->size, &parts, &reason);
	if (ret == -ENODATA)
		return 0;
	if (ret) {
		snprintf(error, CONFIG_ERROR_LEN, "%s: signed file: %s", path,
			 reason);
		return ret;
	}
	fprintf(stderr, "%s: note: signed %s image \"%s\"; reading its "
		"payload, signature not verified\n", path,
		jailhouse_sig_type_name(parts.header->type),
		parts.header->name);
	blob->size = parts.payload_size;
	return 0;
}

int config_read_payload(const char *path, struct config_blob *blob,
			char *error)
{
	int ret = config_read_file(path, blob, error);

	if (!ret)
		ret = strip_signature(path, blob, error);
	if (ret)
		config_blob_free(blob);
	return ret;
}

int config_load(const char *path, struct config_blob *blob, char *error)
{
	struct config_blob text;
	int ret;

	ret = config_read_payload(path, &text, error);
	if (ret || config_is_binary(&text)) {
		*blob = text;
		return ret;
	}
	ret = config_build(path, text.data, text.size, blob, error);
	config_blob_free(&text);
	return ret;
}

char *config_output_name(const char *in, const char *from_suffix,
			 const char *to_suffix)
{
	size_t len = strlen(in), from_len = strlen(from_suffix);
	char *out = malloc(len + strlen(to_suffix) + 1);

	if (!out)
		return NULL;
	strcpy(out, in);
	if (len > from_len && strcmp(in + len - from_len, from_suffix) == 0)
		out[len - from_len] = '\0';
	strcat(out, to_suffix);
	return out;
}

/* The temporary file beside @path that config_write_file() renames. */
static int create_temp(const char *path, char **temp, char *error)
{
	int fd;

	if (asprintf(temp, "%s.XXXXXX", path) < 0) {
		*temp = NULL;
		return -ENOMEM;
	}
	fd = mkstemp(*temp);
	if (fd < 0) {
		snprintf(error, CONFIG_ERROR_LEN, "%s: cannot create a "
			 "temporary file beside it: %s", path, strerror(errno));
		free(*temp);
		*temp = NULL;
		return -EIO;
	}
	return fd;
}

/* Written whole or not at all: to a temporary file renamed over @path. */
int config_write_file(const char *path, const void *data, size_t size,
		      char *error)
{
	char *temp;
	int fd = create_temp(path, &temp, error), ret = 0;
	FILE *f;

	if (fd < 0)
		return fd;
	f = fdopen(fd, "wb");
	if (!f || fchmod(fd, 0644) || fwrite(data, 1, size, f) != size)
		ret = -EIO;
	if ((f ? fclose(f) : close(fd)) && !ret)
		ret = -EIO;
	if (!ret && rename(temp, path))
		ret = -errno;
	if (ret) {
		snprintf(error, CONFIG_ERROR_LEN, "%s: write failed: %s", path,
			 strerror(ret == -EIO ? errno : -ret));
		unlink(temp);
	}
	free(temp);
	return ret;
}
