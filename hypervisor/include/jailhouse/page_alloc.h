/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page allocator over a contiguous pool: a bitmap at the pool's start,
 * one bit per page. Pure logic without locking, so that the host can test
 * it; mem.h wraps it for the hypervisor.
 */
#ifndef _JAILHOUSE_PAGE_ALLOC_H
#define _JAILHOUSE_PAGE_ALLOC_H

#include <stdbool.h>
#include <stddef.h>

#define POOL_PAGE_SIZE		4096UL
#define POOL_BITS_PER_WORD	(8 * sizeof(unsigned long))

struct page_pool {
	unsigned char *base;
	/** Pages of the pool, the bitmap's own included. */
	unsigned long pages;
	/** Pages in use, the bitmap's own included. */
	unsigned long used;
	unsigned long *bitmap;
};

/**
 * Take @pages pages at @base (page-aligned) as a pool; the bitmap goes
 * into its first pages, which count as used.
 * Return: 0, or -ENOMEM if the bitmap would fill the pool.
 */
int page_pool_init(struct page_pool *pool, void *base, unsigned long pages);

/** @num contiguous zeroed pages, or NULL. */
void *page_pool_alloc(struct page_pool *pool, unsigned long num);

/**
 * Give back @num pages at @page. Freeing what is not allocated from this
 * pool is a bug of the caller: returns false and changes nothing.
 */
bool page_pool_free(struct page_pool *pool, void *page, unsigned long num);

#endif /* !_JAILHOUSE_PAGE_ALLOC_H */
