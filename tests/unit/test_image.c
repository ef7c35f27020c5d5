// SPDX-License-Identifier: GPL-2.0
/* The loader's check of a hypervisor image header (lib/image.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jailhouse/header.h>
#include "image.h"

#define IMAGE_SIZE	8192

static union {
	struct jailhouse_header hdr;
	unsigned char bytes[IMAGE_SIZE];
} image;

static int setup_valid_image(void **state)
{
	(void)state;
	memset(&image, 0, sizeof(image));
	memcpy(image.hdr.signature, JAILHOUSE_HEADER_SIGNATURE, 8);
	image.hdr.revision = JAILHOUSE_HEADER_REVISION;
	image.hdr.arch = JAILHOUSE_ARCH_X86;
	image.hdr.core_size = 3 * 4096;
	image.hdr.percpu_size = 5 * 4096;
	image.hdr.entry = JAILHOUSE_BASE + 0x100;
	image.hdr.text_size = 4096;
	return 0;
}

static void assert_rejected(size_t size, const char *expected_reason)
{
	const char *reason = NULL;

	assert_int_equal(jailhouse_image_check(&image, size, &reason),
			 -ENOEXEC);
	assert_non_null(reason);
	assert_string_equal(reason, expected_reason);
}

static void test_valid_image_accepted(void **state)
{
	const char *reason = NULL;

	(void)state;
	assert_int_equal(jailhouse_image_check(&image, IMAGE_SIZE, &reason),
			 0);
}

static void test_every_short_length_rejected(void **state)
{
	size_t len;

	(void)state;
	for (len = 0; len < sizeof(struct jailhouse_header); len++)
		assert_rejected(len, "file too small for a hypervisor header");
}

static void test_bad_signature(void **state)
{
	(void)state;
	image.hdr.signature[7] = 'Z';
	assert_rejected(IMAGE_SIZE, "not a hypervisor image (bad signature)");
}

static void test_bad_revision(void **state)
{
	(void)state;
	image.hdr.revision++;
	assert_rejected(IMAGE_SIZE, "unsupported header revision");
}

static void test_bad_arch(void **state)
{
	(void)state;
	image.hdr.arch = 1;
	assert_rejected(IMAGE_SIZE, "image built for another architecture");
}

static void test_core_smaller_than_file(void **state)
{
	(void)state;
	image.hdr.core_size = 4096;
	assert_rejected(IMAGE_SIZE,
			"core size is not page-aligned or smaller than the file");
}

static void test_unaligned_percpu(void **state)
{
	(void)state;
	image.hdr.percpu_size = 4097;
	assert_rejected(IMAGE_SIZE, "per-CPU size is zero or not page-aligned");
}

static void test_entry_outside_image(void **state)
{
	(void)state;
	image.hdr.entry = JAILHOUSE_BASE + IMAGE_SIZE;
	assert_rejected(IMAGE_SIZE, "entry point outside the image's text");
	image.hdr.entry = JAILHOUSE_BASE;
	assert_rejected(IMAGE_SIZE, "entry point outside the image's text");
	/* In the image, but not in its text. */
	image.hdr.entry = JAILHOUSE_BASE + 4096;
	assert_rejected(IMAGE_SIZE, "entry point outside the image's text");
}

static void test_bad_text_size(void **state)
{
	static const char reason[] =
		"text size is zero, not page-aligned or beyond the core";

	(void)state;
	image.hdr.text_size = 0;
	assert_rejected(IMAGE_SIZE, reason);
	image.hdr.text_size = 4095;
	assert_rejected(IMAGE_SIZE, reason);
	image.hdr.text_size = 4 * 4096;
	assert_rejected(IMAGE_SIZE, reason);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_valid_image_accepted,
				       setup_valid_image),
		cmocka_unit_test_setup(test_every_short_length_rejected,
				       setup_valid_image),
		cmocka_unit_test_setup(test_bad_signature, setup_valid_image),
		cmocka_unit_test_setup(test_bad_revision, setup_valid_image),
		cmocka_unit_test_setup(test_bad_arch, setup_valid_image),
		cmocka_unit_test_setup(test_core_smaller_than_file,
				       setup_valid_image),
		cmocka_unit_test_setup(test_unaligned_percpu,
				       setup_valid_image),
		cmocka_unit_test_setup(test_entry_outside_image,
				       setup_valid_image),
		cmocka_unit_test_setup(test_bad_text_size, setup_valid_image),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
