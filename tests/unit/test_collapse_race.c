// SPDX-License-Identifier: GPL-2.0
/*
 * A root CPU walking the root's nested tables in an exit (mmio.c) while
 * another root CPU's destroy collapses them (npt_map_memory), forced step
 * by step with the hypervisor's pool (page_alloc.c) and paging code
 * (lib/paging.c): the walker stops between reading a directory entry and
 * reading the 4 KiB table it points to, and the destroyer collapses that
 * table into a 2 MiB page and frees it right then.
 *
 * - The walker still gets the right translation: a freed page keeps its
 *   entries, because the pool zeroes pages when it hands them out, not
 *   when it takes them back.
 * - The hazard cell-lifecycle.c closes: a page handed out again before
 *   the walker is done is zeroed under it. Destroy lets every root CPU
 *   pass the end of an exit (flush_root) before it releases the cell lock,
 *   and the pool hands pages out only under that lock.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <jailhouse/errno.h>
#include <jailhouse/page_alloc.h>
#include "paging.h"

#define POOL_PAGES	32
#define HUGE		PAGING_HUGE_SIZE
#define PAGE		PAGING_PAGE_SIZE
#define GUEST		(4 * HUGE)	/* root guest-physical block */
#define HOST		(8 * HUGE)	/* where it is mapped */

struct race {
	struct page_pool pool;
	struct paging_root root;
	__u64 table_phys;	/* the 4 KiB table the walker is stopped at */
	bool armed;
	bool reuse;		/* hand a page out inside the window */
	void *reused;
};

static void *alloc_table(void *ctx, __u64 *phys)
{
	struct race *race = ctx;
	void *page = page_pool_alloc(&race->pool, 1);

	if (page)
		*phys = (uintptr_t)page;
	return page;
}

static void free_table(void *ctx, void *table)
{
	struct race *race = ctx;

	assert_true(page_pool_free(&race->pool, table, 1));
}

static void *table_virt(void *ctx, __u64 phys);

static struct paging_env env = {
	.alloc_table = alloc_table,
	.free_table = free_table,
	.table_virt = table_virt,
	.levels = 4,
	.common_bits = PTE_USER,
};

/* What the destroying CPU does while the walker is stopped. */
static void destroyer_runs(struct race *race)
{
	paging_collapse(&env, &race->root, GUEST, HUGE);
	if (race->reuse)
		race->reused = page_pool_alloc(&race->pool, 1);
}

/* The walker's step into the 4 KiB table: the window of the race. */
static void *table_virt(void *ctx, __u64 phys)
{
	struct race *race = ctx;

	if (race->armed && phys == race->table_phys) {
		race->armed = false;
		destroyer_runs(race);
	}
	return (void *)(uintptr_t)phys;
}

static __u64 directory_entry(struct race *race, __u64 virt)
{
	__u64 *table = race->root.table;
	unsigned int level;

	for (level = 3; level > 1; level--)
		table = (__u64 *)(uintptr_t)(table[(virt >> (12 + 9 * level)) &
						   511] & PTE_ADDR_MASK);
	return table[(virt >> (12 + 9)) & 511];
}

/*
 * The root's block at GUEST as destroy leaves it before the collapse:
 * split by the cell's page, which is mapped back.
 */
static int setup(void **state)
{
	const unsigned int rw = PAGING_READ | PAGING_WRITE;
	struct race *race = calloc(1, sizeof(*race));
	void *buffer = aligned_alloc(POOL_PAGE_SIZE,
				     POOL_PAGES * POOL_PAGE_SIZE);
	__u64 entry;

	assert_non_null(race);
	assert_non_null(buffer);
	memset(buffer, 0xa5, POOL_PAGES * POOL_PAGE_SIZE);
	assert_int_equal(page_pool_init(&race->pool, buffer, POOL_PAGES), 0);
	env.ctx = race;
	assert_int_equal(paging_create(&env, &race->root), 0);
	assert_int_equal(paging_map(&env, &race->root, GUEST, HOST, HUGE,
				    rw | PAGING_HUGE), 0);
	assert_int_equal(paging_unmap(&env, &race->root, GUEST + 3 * PAGE,
				      PAGE), 0);
	assert_int_equal(paging_map(&env, &race->root, GUEST + 3 * PAGE,
				    HOST + 3 * PAGE, PAGE, rw), 0);
	entry = directory_entry(race, GUEST);
	assert_false(entry & PTE_HUGE);
	race->table_phys = entry & PTE_ADDR_MASK;
	*state = race;
	return 0;
}

static int teardown(void **state)
{
	struct race *race = *state;

	free(race->pool.base);
	free(race);
	return 0;
}

/* The race as the hypervisor allows it: the walk ends right. */
static void walk_through_collapse(void **state)
{
	struct race *race = *state;
	unsigned long used = race->pool.used;
	__u64 phys = 0;

	race->armed = true;
	assert_int_equal(paging_translate(&env, &race->root, GUEST + 5 * PAGE,
					  &phys, NULL), 0);
	assert_false(race->armed);
	assert_int_equal(phys, HOST + 5 * PAGE);
	/* The collapse did happen: a 2 MiB page, the table back in the pool. */
	assert_true(directory_entry(race, GUEST) & PTE_HUGE);
	assert_int_equal(race->pool.used, used - 1);
}

/* What the lock discipline forbids: a reuse inside the window. */
static void reuse_inside_window_breaks_walk(void **state)
{
	struct race *race = *state;
	__u64 phys = 0;

	race->armed = true;
	race->reuse = true;
	assert_int_equal(paging_translate(&env, &race->root, GUEST + 5 * PAGE,
					  &phys, NULL), -ENOENT);
	assert_ptr_equal(race->reused, (void *)(uintptr_t)race->table_phys);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(walk_through_collapse, setup,
						teardown),
		cmocka_unit_test_setup_teardown(reuse_inside_window_breaks_walk,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
