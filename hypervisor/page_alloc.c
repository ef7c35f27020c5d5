// SPDX-License-Identifier: GPL-2.0
/* Bitmap page allocator; see jailhouse/page_alloc.h. */
#include <jailhouse/errno.h>
#include <jailhouse/page_alloc.h>
#include <jailhouse/string.h>

static bool page_used(const struct page_pool *pool, unsigned long page)
{
	return pool->bitmap[page / POOL_BITS_PER_WORD] &
	       (1UL << (page % POOL_BITS_PER_WORD));
}

static void mark_pages(struct page_pool *pool, unsigned long first,
		       unsigned long num, bool used)
{
	unsigned long page, bit;

	for (page = first; page < first + num; page++) {
		bit = 1UL << (page % POOL_BITS_PER_WORD);
		if (used)
			pool->bitmap[page / POOL_BITS_PER_WORD] |= bit;
		else
			pool->bitmap[page / POOL_BITS_PER_WORD] &= ~bit;
	}
	pool->used = used ? pool->used + num : pool->used - num;
}

int page_pool_init(struct page_pool *pool, void *base, unsigned long pages)
{
	unsigned long words = (pages + POOL_BITS_PER_WORD - 1) /
			      POOL_BITS_PER_WORD;
	unsigned long bitmap_pages = (words * sizeof(unsigned long) +
				      POOL_PAGE_SIZE - 1) / POOL_PAGE_SIZE;

	if (bitmap_pages >= pages)
		return -ENOMEM;
	pool->base = base;
	pool->pages = pages;
	pool->used = 0;
	pool->bitmap = base;
	memset(pool->bitmap, 0, bitmap_pages * POOL_PAGE_SIZE);
	mark_pages(pool, 0, bitmap_pages, true);
	return 0;
}

/* First run of @num free pages, or pool->pages if there is none. */
static unsigned long find_free_run(const struct page_pool *pool,
				   unsigned long num)
{
	unsigned long start = 0, page;

	for (page = 0; page < pool->pages; page++) {
		if (page_used(pool, page))
			start = page + 1;
		else if (page + 1 - start == num)
			return start;
	}
	return pool->pages;
}

void *page_pool_alloc(struct page_pool *pool, unsigned long num)
{
	unsigned long first;
	void *pages;

	if (num == 0 || num > pool->pages)
		return NULL;
	first = find_free_run(pool, num);
	if (first == pool->pages)
		return NULL;
	mark_pages(pool, first, num, true);
	pages = pool->base + first * POOL_PAGE_SIZE;
	memset(pages, 0, num * POOL_PAGE_SIZE);
	return pages;
}

/*
 * Freed pages keep their contents until handed out again: a root CPU may
 * still be walking a nested table that destroy has just collapsed and
 * freed (cell-lifecycle.c, root_tables_settled; unit test_collapse_race).
 */
bool page_pool_free(struct page_pool *pool, void *page, unsigned long num)
{
	unsigned long offset = (unsigned char *)page - pool->base;
	unsigned long first = offset / POOL_PAGE_SIZE, n;

	if ((unsigned char *)page < pool->base || offset % POOL_PAGE_SIZE ||
	    num == 0 || first >= pool->pages || num > pool->pages - first)
		return false;
	for (n = first; n < first + num; n++)
		if (!page_used(pool, n))
			return false;
	mark_pages(pool, first, num, false);
	return true;
}
