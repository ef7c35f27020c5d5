// SPDX-License-Identifier: GPL-2.0
/* Trailer and signed header of signed images (lib/signature.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "signature.h"

#define PAYLOAD_SIZE	100
#define CMS_SIZE	40
#define FILE_SIZE	(PAYLOAD_SIZE + sizeof(struct jailhouse_sig_header) + \
			 CMS_SIZE + sizeof(struct jailhouse_sig_trailer))

static unsigned char file[FILE_SIZE];
static struct jailhouse_sig_header *const header =
	(void *)(file + PAYLOAD_SIZE);
static struct jailhouse_sig_trailer *const trailer =
	(void *)(file + FILE_SIZE - sizeof(struct jailhouse_sig_trailer));

static int setup_signed_file(void **state)
{
	(void)state;
	memset(file, 0xa5, sizeof(file));
	memset(header, 0, sizeof(*header));
	memcpy(header->magic, JAILHOUSE_SIG_HEADER_MAGIC, 8);
	header->revision = JAILHOUSE_SIG_HEADER_REVISION;
	header->hash_algo = JAILHOUSE_SIG_HASH_SHA256;
	header->type = JAILHOUSE_IMAGE_CELL_CONFIG;
	header->payload_size = PAYLOAD_SIZE;
	header->security_version = 7;
	strcpy(header->name, "linux-demo");
	memset(trailer, 0, sizeof(*trailer));
	trailer->header_size = sizeof(*header);
	trailer->cms_size = CMS_SIZE;
	trailer->revision = JAILHOUSE_SIG_TRAILER_REVISION;
	memcpy(trailer->magic, JAILHOUSE_SIG_TRAILER_MAGIC, 16);
	return 0;
}

static void test_parse_finds_every_part(void **state)
{
	struct jailhouse_sig_parts parts;
	const char *reason;

	(void)state;
	assert_int_equal(jailhouse_sig_parse(file, FILE_SIZE, &parts,
					     &reason), 0);
	assert_ptr_equal(parts.payload, file);
	assert_int_equal(parts.payload_size, PAYLOAD_SIZE);
	assert_ptr_equal(parts.header, header);
	assert_int_equal(parts.signed_size, PAYLOAD_SIZE + sizeof(*header));
	assert_ptr_equal(parts.cms, file + parts.signed_size);
	assert_int_equal(parts.cms_size, CMS_SIZE);
}

static void test_empty_payload_is_fine(void **state)
{
	struct jailhouse_sig_parts parts;
	const char *reason;
	size_t size = FILE_SIZE - PAYLOAD_SIZE;

	(void)state;
	header->payload_size = 0;
	assert_int_equal(jailhouse_sig_parse(file + PAYLOAD_SIZE, size, &parts,
					     &reason), 0);
	assert_int_equal(parts.payload_size, 0);
}

/* Each prefix is unsigned or malformed; none reads out of bounds (ASan
 * watches the heap copy of exactly that length). */
static void test_every_truncation_is_rejected(void **state)
{
	struct jailhouse_sig_parts parts;
	const char *reason;
	size_t len;
	int err;

	(void)state;
	for (len = 0; len < FILE_SIZE; len++) {
		unsigned char *copy = malloc(len ? len : 1);

		memcpy(copy, file, len);
		err = jailhouse_sig_parse(copy, len, &parts, &reason);
		assert_true(err == -ENODATA || err == -EBADMSG);
		assert_non_null(reason);
		free(copy);
	}
}

/* Cutting from the front keeps the trailer: sizes no longer fit. */
static void test_every_front_cut_is_rejected(void **state)
{
	struct jailhouse_sig_parts parts;
	const char *reason;
	size_t offset;

	(void)state;
	for (offset = 1; offset < FILE_SIZE; offset++) {
		size_t len = FILE_SIZE - offset;
		unsigned char *copy = malloc(len);
		int expected = len < sizeof(*trailer) ? -ENODATA : -EBADMSG;

		memcpy(copy, file + offset, len);
		assert_int_equal(jailhouse_sig_parse(copy, len, &parts,
						     &reason), expected);
		free(copy);
	}
}

static void assert_parse_fails(int expected, const char *expected_reason)
{
	struct jailhouse_sig_parts parts;
	const char *reason = NULL;

	assert_int_equal(jailhouse_sig_parse(file, FILE_SIZE, &parts,
					     &reason), expected);
	assert_non_null(reason);
	assert_string_equal(reason, expected_reason);
}

static void test_trailer_fields(void **state)
{
	static const char bad_size[] = "signature size is zero or over the "
				       "limit";

	(void)state;
	trailer->magic[15] = 'x';
	assert_parse_fails(-ENODATA, "not signed (no signature trailer)");
	setup_signed_file(NULL);
	trailer->revision = 2;
	assert_parse_fails(-EBADMSG, "unsupported signature trailer revision");
	setup_signed_file(NULL);
	trailer->reserved1 = 1;
	assert_parse_fails(-EBADMSG,
		"reserved fields of the signature trailer are not zero");
	setup_signed_file(NULL);
	trailer->header_size = 63;
	assert_parse_fails(-EBADMSG,
		"signed header size does not match this revision");
	setup_signed_file(NULL);
	trailer->cms_size = 0;
	assert_parse_fails(-EBADMSG, bad_size);
	trailer->cms_size = JAILHOUSE_SIG_MAX_CMS_SIZE + 1;
	assert_parse_fails(-EBADMSG, bad_size);
	trailer->cms_size = CMS_SIZE + PAYLOAD_SIZE + 1;
	assert_parse_fails(-EBADMSG,
		"signature sizes exceed the file (truncated?)");
	trailer->cms_size = 0xffffffff;
	assert_parse_fails(-EBADMSG, bad_size);
}

static void test_header_fields(void **state)
{
	(void)state;
	header->magic[0] = 'j';
	assert_parse_fails(-EBADMSG, "signed header: bad magic");
	setup_signed_file(NULL);
	header->revision = 0;
	assert_parse_fails(-EBADMSG, "signed header: unsupported revision");
	setup_signed_file(NULL);
	header->hash_algo = 2;
	assert_parse_fails(-EBADMSG,
			   "signed header: unsupported hash algorithm");
	setup_signed_file(NULL);
	header->type = 0;
	assert_parse_fails(-EBADMSG, "signed header: unknown image type");
	header->type = JAILHOUSE_IMAGE_TYPE_MAX + 1;
	assert_parse_fails(-EBADMSG, "signed header: unknown image type");
	setup_signed_file(NULL);
	header->payload_size = PAYLOAD_SIZE + 1;
	assert_parse_fails(-EBADMSG,
		"signed header: payload size does not match the file");
	setup_signed_file(NULL);
	header->flags = 1;
	assert_parse_fails(-EBADMSG, "signed header: unknown flags");
}

static void test_names_must_be_canonical(void **state)
{
	static const char *const bad[] = { "with space", "tab\there",
					   "\x7f", "\xc3\xa9" };
	const char *reason = "signed header: name unterminated, blank or "
			     "unprintable";
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		setup_signed_file(NULL);
		memset(header->name, 0, sizeof(header->name));
		strcpy(header->name, bad[i]);
		assert_parse_fails(-EBADMSG, reason);
	}
	memset(header->name, 'a', sizeof(header->name));
	assert_parse_fails(-EBADMSG, reason);
	memset(header->name, 0, sizeof(header->name));
	header->name[5] = 'x';	/* garbage after the terminator */
	assert_parse_fails(-EBADMSG, reason);
	memset(header->name, 'a', sizeof(header->name) - 1);
	header->name[sizeof(header->name) - 1] = '\0';
	assert_int_equal(jailhouse_sig_check_header(header, PAYLOAD_SIZE,
						    &reason), 0);
}

static void test_type_names(void **state)
{
	__u32 type;

	(void)state;
	for (type = 1; type <= JAILHOUSE_IMAGE_TYPE_MAX; type++)
		assert_int_equal(jailhouse_sig_type_from_name(
				 jailhouse_sig_type_name(type)), type);
	assert_string_equal(jailhouse_sig_type_name(0), "?");
	assert_string_equal(jailhouse_sig_type_name(99), "?");
	assert_int_equal(jailhouse_sig_type_from_name("?"), 0);
	assert_int_equal(jailhouse_sig_type_from_name("Cell"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_parse_finds_every_part,
				       setup_signed_file),
		cmocka_unit_test_setup(test_empty_payload_is_fine,
				       setup_signed_file),
		cmocka_unit_test_setup(test_every_truncation_is_rejected,
				       setup_signed_file),
		cmocka_unit_test_setup(test_every_front_cut_is_rejected,
				       setup_signed_file),
		cmocka_unit_test_setup(test_trailer_fields, setup_signed_file),
		cmocka_unit_test_setup(test_header_fields, setup_signed_file),
		cmocka_unit_test_setup(test_names_must_be_canonical,
				       setup_signed_file),
		cmocka_unit_test(test_type_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
