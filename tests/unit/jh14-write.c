// SPDX-License-Identifier: GPL-2.0
/*
 * jh14-write DIR: write the Jailhouse revision-14 configs of jh14-gen.c,
 * shaped like each x86 config Jailhouse ships, as DIR/NAME.bin for the
 * command-line tests (tests/host/config).
 */
#include <stdio.h>

#include "jh14-gen.h"

static int write_shape(const char *dir, const struct jh14_shape *s)
{
	static uint8_t blob[JH14_MAX_BLOB];
	struct jh14_gen g;
	char path[4096];
	size_t size;
	FILE *f;
	int ok;

	s->build(&g);
	size = jh14_finish(&g, blob);
	snprintf(path, sizeof(path), "%s/%s.bin", dir, s->name);
	f = fopen(path, "wb");
	if (!f) {
		perror(path);
		return -1;
	}
	ok = fwrite(blob, 1, size, f) == size;
	if (fclose(f) || !ok) {
		perror(path);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	unsigned int n;

	if (argc != 2) {
		fprintf(stderr, "usage: jh14-write DIR\n");
		return 2;
	}
	for (n = 0; n < jh14_num_shapes; n++)
		if (write_shape(argv[1], &jh14_shapes[n]))
			return 1;
	return 0;
}
