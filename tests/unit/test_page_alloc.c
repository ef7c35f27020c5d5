// SPDX-License-Identifier: GPL-2.0
/* hypervisor/page_alloc.c: the bitmap allocator over a host buffer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <jailhouse/errno.h>
#include <jailhouse/page_alloc.h>

#define PAGES		64

static unsigned char *buffer;
static struct page_pool pool;

static int setup(void **state)
{
	(void)state;
	buffer = aligned_alloc(POOL_PAGE_SIZE, PAGES * POOL_PAGE_SIZE);
	assert_non_null(buffer);
	memset(buffer, 0xa5, PAGES * POOL_PAGE_SIZE);
	assert_int_equal(page_pool_init(&pool, buffer, PAGES), 0);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(buffer);
	return 0;
}

static void bitmap_takes_first_page(void **state)
{
	(void)state;
	assert_int_equal(pool.pages, PAGES);
	assert_int_equal(pool.used, 1);
	assert_ptr_equal(page_pool_alloc(&pool, 1), buffer + POOL_PAGE_SIZE);
}

static void pages_are_zeroed_and_contiguous(void **state)
{
	unsigned char *a, *b;
	size_t i;

	(void)state;
	a = page_pool_alloc(&pool, 1);
	b = page_pool_alloc(&pool, 3);
	assert_ptr_equal(b, a + POOL_PAGE_SIZE);
	for (i = 0; i < 3 * POOL_PAGE_SIZE; i++)
		assert_int_equal(b[i], 0);
	assert_int_equal(pool.used, 5);
}

static void freeing_restores_use_and_reuses(void **state)
{
	unsigned char *a, *b, *c;

	(void)state;
	a = page_pool_alloc(&pool, 2);
	b = page_pool_alloc(&pool, 1);
	assert_true(page_pool_free(&pool, a, 2));
	assert_int_equal(pool.used, 2);
	/* A run of 3 does not fit the 2-page hole before b. */
	c = page_pool_alloc(&pool, 3);
	assert_ptr_equal(c, b + POOL_PAGE_SIZE);
	assert_ptr_equal(page_pool_alloc(&pool, 2), a);
	assert_true(page_pool_free(&pool, a, 2));
	assert_true(page_pool_free(&pool, b, 1));
	assert_true(page_pool_free(&pool, c, 3));
	assert_int_equal(pool.used, 1);
}

static void exhaustion_and_bad_requests(void **state)
{
	(void)state;
	assert_null(page_pool_alloc(&pool, 0));
	assert_null(page_pool_alloc(&pool, PAGES));
	assert_non_null(page_pool_alloc(&pool, PAGES - 1));
	assert_null(page_pool_alloc(&pool, 1));
	assert_int_equal(pool.used, PAGES);
}

static void bad_frees_change_nothing(void **state)
{
	unsigned char *a;

	(void)state;
	a = page_pool_alloc(&pool, 2);
	assert_false(page_pool_free(&pool, a + 1, 1));
	assert_false(page_pool_free(&pool, a, 3));
	assert_false(page_pool_free(&pool, buffer - POOL_PAGE_SIZE, 1));
	assert_false(page_pool_free(&pool, a, PAGES));
	assert_false(page_pool_free(&pool, a, 0));
	assert_int_equal(pool.used, 3);
	assert_true(page_pool_free(&pool, a, 2));
	assert_false(page_pool_free(&pool, a, 1));
}

static void pool_too_small_for_its_bitmap(void **state)
{
	struct page_pool tiny;

	(void)state;
	assert_int_equal(page_pool_init(&tiny, buffer, 1), -ENOMEM);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(bitmap_takes_first_page,
						setup, teardown),
		cmocka_unit_test_setup_teardown(pages_are_zeroed_and_contiguous,
						setup, teardown),
		cmocka_unit_test_setup_teardown(freeing_restores_use_and_reuses,
						setup, teardown),
		cmocka_unit_test_setup_teardown(exhaustion_and_bad_requests,
						setup, teardown),
		cmocka_unit_test_setup_teardown(bad_frees_change_nothing,
						setup, teardown),
		cmocka_unit_test_setup_teardown(pool_too_small_for_its_bitmap,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
