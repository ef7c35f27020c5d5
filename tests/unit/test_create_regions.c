// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of jh-config create's region layout (tools/create-regions.c):
 * carving holes out splits regions, merging never leaves two overlapping
 * regions and joins adjacent ones only when they are alike.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "create.h"

static void assert_region(const struct create_region *r, uint64_t start,
			  uint64_t end, uint64_t flags, const char *what)
{
	assert_int_equal(r->start, start);
	assert_int_equal(r->end, end);
	assert_int_equal(r->flags, flags);
	assert_string_equal(r->what, what);
}

/* A hole inside splits, one over an end trims, one over all empties. */
static void test_carve(void **state)
{
	struct create_regions set = { NULL, 0 };

	(void)state;
	assert_int_equal(create_add(&set, 0x1000, 0x9000, 1, "ram"), 0);
	assert_int_equal(create_add(&set, 0xa000, 0xc000, 2, "dev"), 0);
	assert_int_equal(create_add(&set, 0xd000, 0xe000, 2, "gone"), 0);
	assert_int_equal(create_carve(&set, 0x3000, 0x4000), 0);
	assert_int_equal(create_carve(&set, 0xb000, 0xd000), 0);
	assert_int_equal(create_carve(&set, 0xd000, 0xe000), 0);
	create_merge(&set, 0x1000);
	assert_int_equal(set.num, 3);
	assert_region(&set.r[0], 0x1000, 0x3000, 1, "ram");
	assert_region(&set.r[1], 0x4000, 0x9000, 1, "ram");
	assert_region(&set.r[2], 0xa000, 0xb000, 2, "dev");
	create_regions_free(&set);
}

/*
 * Rounded out to pages, overlapping regions become one with both flags;
 * adjacent ones merge only with equal flags and description.
 */
static void test_merge(void **state)
{
	struct create_regions set = { NULL, 0 };

	(void)state;
	assert_int_equal(create_add(&set, 0x9fc00, 0xa0000, 1, "rsvd"), 0);
	assert_int_equal(create_add(&set, 0x1000, 0x9fc00, 6, "ram"), 0);
	assert_int_equal(create_add(&set, 0x0, 0x1000, 1, "rsvd"), 0);
	assert_int_equal(create_add(&set, 0x60, 0x61, 0, "kbd"), 0);
	create_merge(&set, 0x1000);
	assert_int_equal(set.num, 2);
	assert_region(&set.r[0], 0x0, 0x1000, 1, "rsvd, kbd");
	assert_region(&set.r[1], 0x1000, 0xa0000, 7, "ram, rsvd");
	create_regions_free(&set);

	assert_int_equal(create_add(&set, 0x60, 0x61, 0, "kbd"), 0);
	assert_int_equal(create_add(&set, 0x61, 0x62, 0, "nmi"), 0);
	assert_int_equal(create_add(&set, 0x62, 0x64, 0, "nmi"), 0);
	assert_int_equal(create_add(&set, 0x64, 0x65, 0, "kbd"), 0);
	create_merge(&set, 1);
	assert_int_equal(set.num, 3);
	assert_region(&set.r[1], 0x61, 0x64, 0, "nmi");
	create_regions_free(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_carve),
		cmocka_unit_test(test_merge),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
