// SPDX-License-Identifier: GPL-2.0
/* lib/paging.c: map, translate, split and unmap with a host allocator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "paging.h"

/* Tables live in host memory; "physical" addresses are host pointers. */
struct pool {
	unsigned int live;
	unsigned int fail_after;	/* 0: never fail */
};

static void *alloc_table(void *ctx, __u64 *phys)
{
	struct pool *pool = ctx;
	void *page;

	if (pool->fail_after && pool->live >= pool->fail_after)
		return NULL;
	page = aligned_alloc(PAGING_PAGE_SIZE, PAGING_PAGE_SIZE);
	assert_non_null(page);
	memset(page, 0, PAGING_PAGE_SIZE);
	pool->live++;
	*phys = (uintptr_t)page;
	return page;
}

static void free_table(void *ctx, void *table)
{
	struct pool *pool = ctx;

	pool->live--;
	free(table);
}

static void *table_virt(void *ctx, __u64 phys)
{
	(void)ctx;
	return (void *)(uintptr_t)phys;
}

static struct pool pool;
static struct paging_env env = {
	.alloc_table = alloc_table,
	.free_table = free_table,
	.table_virt = table_virt,
	.ctx = &pool,
	.levels = 4,
};

static int setup(void **state)
{
	static struct paging_root root;

	pool = (struct pool){ 0 };
	env.levels = 4;
	env.common_bits = 0;
	env.ept = false;
	env.vtd = false;
	assert_int_equal(paging_create(&env, &root), 0);
	*state = &root;
	return 0;
}

static int teardown(void **state)
{
	paging_destroy(&env, *state);
	assert_int_equal(pool.live, 0);
	return 0;
}

static void expect_phys(struct paging_root *root, __u64 virt, __u64 want)
{
	__u64 phys = 0;

	assert_int_equal(paging_translate(&env, root, virt, &phys, NULL), 0);
	assert_int_equal(phys, want);
}

static void map_and_translate_4k(void **state)
{
	struct paging_root *root = *state;
	unsigned int flags;
	__u64 phys;

	assert_int_equal(paging_map(&env, root, 0xfffffffff0000000ULL,
				    0x3b000000, 0x3000, PAGING_READ |
				    PAGING_WRITE), 0);
	expect_phys(root, 0xfffffffff0001234ULL, 0x3b001234);
	assert_int_equal(paging_translate(&env, root, 0xfffffffff0002000ULL,
					  &phys, &flags), 0);
	assert_int_equal(flags, PAGING_READ | PAGING_WRITE);
	assert_int_equal(paging_translate(&env, root, 0xfffffffff0003000ULL,
					  &phys, NULL), -ENOENT);
	/* 4 levels of tables. */
	assert_int_equal(pool.live, 4);
}

static void huge_pages_when_aligned(void **state)
{
	struct paging_root *root = *state;
	unsigned int flags;
	__u64 phys;

	assert_int_equal(paging_map(&env, root, 0x200000, 0x200000,
				    0x401000, PAGING_READ | PAGING_EXEC |
				    PAGING_HUGE), 0);
	/* Two 2 MiB pages and one 4 KiB page: only the last needs a PT. */
	assert_int_equal(pool.live, 4);
	expect_phys(root, 0x3fffff, 0x3fffff);
	expect_phys(root, 0x600fff, 0x600fff);
	assert_int_equal(paging_translate(&env, root, 0x200000, &phys,
					  &flags), 0);
	assert_int_equal(flags, PAGING_READ | PAGING_EXEC);
}

static void refuses_bad_ranges(void **state)
{
	struct paging_root *root = *state;

	assert_int_equal(paging_map(&env, root, 0x1000, 0x1001, 0x1000,
				    PAGING_READ), -EINVAL);
	assert_int_equal(paging_map(&env, root, 0x1000, 0x1000, 0,
				    PAGING_READ), -EINVAL);
	assert_int_equal(paging_map(&env, root, 0xfffffffffffff000ULL, 0,
				    0x2000, PAGING_READ), -EINVAL);
	assert_int_equal(paging_map(&env, root, 0x1000, 0x1000, 0x1000,
				    PAGING_READ), 0);
	assert_int_equal(paging_map(&env, root, 0x1000, 0x5000, 0x1000,
				    PAGING_READ), -EEXIST);
	assert_int_equal(paging_map(&env, root, 0x0, 0x0, 0x200000,
				    PAGING_READ | PAGING_HUGE), -EEXIST);
}

static void unmap_splits_huge_pages(void **state)
{
	struct paging_root *root = *state;
	__u64 phys;

	assert_int_equal(paging_map(&env, root, 0x40000000, 0x80000000,
				    0x400000, PAGING_READ | PAGING_WRITE |
				    PAGING_HUGE), 0);
	assert_int_equal(paging_unmap(&env, root, 0x40001000, 0x1000), 0);
	assert_int_equal(paging_translate(&env, root, 0x40001000, &phys,
					  NULL), -ENOENT);
	expect_phys(root, 0x40000000, 0x80000000);
	expect_phys(root, 0x40002000, 0x80002000);
	expect_phys(root, 0x401fffff, 0x801fffff);
	/* The second 2 MiB page goes whole. */
	assert_int_equal(paging_unmap(&env, root, 0x40200000, 0x200000), 0);
	assert_int_equal(paging_translate(&env, root, 0x40200000, &phys,
					  NULL), -ENOENT);
	/* Unmapping holes is fine. */
	assert_int_equal(paging_unmap(&env, root, 0x0, 0x80000000), 0);
	assert_int_equal(paging_translate(&env, root, 0x40000000, &phys,
					  NULL), -ENOENT);
}

static void out_of_memory_is_reported(void **state)
{
	struct paging_root *root = *state;

	pool.fail_after = 2;
	assert_int_equal(paging_map(&env, root, 0x1000, 0x1000, 0x1000,
				    PAGING_READ), -ENOMEM);
	pool.fail_after = 0;
}

static void nested_tables_carry_user_bit(void **state)
{
	struct paging_root *root = *state;
	__u64 *l3, *l2, *l1;

	env.common_bits = PTE_USER;
	assert_int_equal(paging_map(&env, root, 0x1000, 0x1000, 0x1000,
				    PAGING_READ), 0);
	l3 = (__u64 *)(uintptr_t)(root->table[0] & PTE_ADDR_MASK);
	l2 = (__u64 *)(uintptr_t)(l3[0] & PTE_ADDR_MASK);
	l1 = (__u64 *)(uintptr_t)(l2[0] & PTE_ADDR_MASK);
	assert_true(root->table[0] & PTE_USER);
	assert_true(l1[1] & PTE_USER);
	assert_true(l1[1] & PTE_NX);
	assert_false(l1[1] & PTE_WRITE);
}

/* Device windows: PCD and PWT in the leaf, huge or not, and only there. */
static void uncached_leaves(void **state)
{
	struct paging_root *root = *state;
	const unsigned int uc = PAGING_READ | PAGING_WRITE | PAGING_UNCACHED;
	__u64 *l3, *l2, *l1;

	assert_int_equal(paging_map(&env, root, 0x1000, 0xfec00000, 0x1000,
				    uc), 0);
	assert_int_equal(paging_map(&env, root, PAGING_HUGE_SIZE, 0xb0000000,
				    PAGING_HUGE_SIZE, uc | PAGING_HUGE), 0);
	l3 = (__u64 *)(uintptr_t)(root->table[0] & PTE_ADDR_MASK);
	l2 = (__u64 *)(uintptr_t)(l3[0] & PTE_ADDR_MASK);
	l1 = (__u64 *)(uintptr_t)(l2[0] & PTE_ADDR_MASK);
	assert_false(l2[0] & (PTE_PCD | PTE_PWT));
	assert_int_equal(l1[1] & (PTE_PCD | PTE_PWT), PTE_PCD | PTE_PWT);
	assert_int_equal(l2[1] & (PTE_PCD | PTE_PWT | PTE_HUGE),
			 PTE_PCD | PTE_PWT | PTE_HUGE);
	expect_phys(root, PAGING_HUGE_SIZE + 0x10, 0xb0000010);
}

/*
 * 4 levels translate 48 bits: 2^48 would index like 0 and alias it, so
 * addresses beyond them (but canonical high ones) are refused (guest
 * addresses of a config, too: lib/config_rules.c).
 */
static void beyond_levels_refused(void **state)
{
	struct paging_root *root = *state;

	assert_int_equal(paging_map(&env, root, 1ULL << 48, 0x1000, 0x1000,
				    PAGING_READ), -EINVAL);
	assert_int_equal(paging_map(&env, root, (1ULL << 48) - 0x1000,
				    0x1000, 0x2000, PAGING_READ), -EINVAL);
	assert_int_equal(paging_unmap(&env, root, 1ULL << 48, 0x1000),
			 -EINVAL);
	assert_int_equal(paging_map(&env, root, (1ULL << 47) - 0x1000,
				    0x1000, 0x1000, PAGING_READ), 0);
}

static void five_levels(void **state)
{
	struct paging_root *root = *state;

	(void)state;
	paging_destroy(&env, root);
	env.levels = 5;
	assert_int_equal(paging_create(&env, root), 0);
	assert_int_equal(paging_map(&env, root, 0xff00000000000000ULL,
				    0x1000, 0x1000, PAGING_READ), 0);
	expect_phys(root, 0xff00000000000008ULL, 0x1008);
	assert_int_equal(pool.live, 5);
}

/* What the CPU does to a 4 KiB page it uses: 4 levels, as set up. */
static void set_accessed_dirty(struct paging_root *root, __u64 virt)
{
	__u64 *table = root->table;
	int level;

	for (level = 3; level > 0; level--)
		table = (__u64 *)(uintptr_t)(table[(virt >> (12 + 9 * level)) &
						  511] & PTE_ADDR_MASK);
	table[(virt >> 12) & 511] |= PTE_ACCESSED_DIRTY;
}

/* A split 2 MiB page, fully mapped again, collapses; a partial one not. */
static void collapse_undoes_split(void **state)
{
	struct paging_root *root = *state;
	const __u64 huge = PAGING_HUGE_SIZE, page = PAGING_PAGE_SIZE;
	const unsigned int rw = PAGING_READ | PAGING_WRITE;
	unsigned int tables, flags;
	__u64 phys;

	assert_int_equal(paging_map(&env, root, 4 * huge, 8 * huge, 2 * huge,
				    rw | PAGING_HUGE), 0);
	tables = pool.live;
	assert_int_equal(paging_unmap(&env, root, 4 * huge + page, page), 0);
	assert_int_equal(paging_unmap(&env, root, 5 * huge, page), 0);
	assert_int_equal(pool.live, tables + 2);
	assert_int_equal(paging_map(&env, root, 4 * huge + page,
				    8 * huge + page, page, rw), 0);
	/* The CPU marked one page accessed and dirty meanwhile. */
	set_accessed_dirty(root, 4 * huge + 7 * page);
	paging_collapse(&env, root, 4 * huge, 2 * huge);
	/* The first block is whole again, the second still has a hole. */
	assert_int_equal(pool.live, tables + 1);
	expect_phys(root, 4 * huge + 5 * page, 8 * huge + 5 * page);
	assert_int_equal(paging_translate(&env, root, 5 * huge, &phys, NULL),
			 -ENOENT);
	assert_int_equal(paging_translate(&env, root, 4 * huge, &phys, &flags),
			 0);
	assert_int_equal(flags, rw);
}

static __u64 *ept_leaf(struct paging_root *root, __u64 virt, int leaf)
{
	__u64 *table = root->table;
	int level;

	for (level = 3; level > leaf; level--) {
		assert_int_equal(table[(virt >> (12 + 9 * level)) & 511] & 7,
				 EPT_READ | EPT_WRITE | EPT_EXEC);
		table = (__u64 *)(uintptr_t)(table[(virt >> (12 + 9 * level)) &
						  511] & PTE_ADDR_MASK);
	}
	return &table[(virt >> (12 + 9 * leaf)) & 511];
}

/*
 * EPT: tables grant everything, leaves carry read, write, execute and
 * the memory type (WB, UC for devices), never an NX bit; access and dirty
 * bits (8, 9) do not stop a collapse, which keeps the memory type.
 */
static void ept_entries(void **state)
{
	struct paging_root *root = *state;
	const __u64 huge = PAGING_HUGE_SIZE, page = PAGING_PAGE_SIZE;
	const unsigned int rwx = PAGING_READ | PAGING_WRITE | PAGING_EXEC;
	unsigned int flags;
	__u64 phys;

	env.ept = true;
	assert_int_equal(paging_map(&env, root, 4 * huge, 8 * huge, huge,
				    rwx | PAGING_HUGE), 0);
	assert_int_equal(paging_map(&env, root, page, 0xfec00000, page,
				    PAGING_READ | PAGING_UNCACHED), 0);
	assert_int_equal(*ept_leaf(root, 4 * huge, 1) & ~PTE_ADDR_MASK,
			 EPT_READ | EPT_WRITE | EPT_EXEC | EPT_MEMTYPE_WB |
			 PTE_HUGE);
	assert_int_equal(*ept_leaf(root, page, 0) & ~PTE_ADDR_MASK,
			 EPT_READ | EPT_MEMTYPE_UC);
	assert_int_equal(paging_translate(&env, root, page, &phys, &flags),
			 0);
	assert_int_equal(flags, PAGING_READ);
	assert_int_equal(paging_unmap(&env, root, 4 * huge + page, page), 0);
	assert_int_equal(paging_map(&env, root, 4 * huge + page,
				    8 * huge + page, page, rwx), 0);
	*ept_leaf(root, 4 * huge + 3 * page, 0) |= EPT_ACCESSED_DIRTY;
	paging_collapse(&env, root, 4 * huge, huge);
	assert_int_equal(*ept_leaf(root, 4 * huge, 1) & ~PTE_ADDR_MASK,
			 EPT_READ | EPT_WRITE | EPT_EXEC | EPT_MEMTYPE_WB |
			 PTE_HUGE);
	assert_int_equal(paging_translate(&env, root, 4 * huge + page, &phys,
					  &flags), 0);
	assert_int_equal(flags, rwx);
	assert_int_equal(phys, 8 * huge + page);
}

/*
 * VT-d second level, 3 levels (39-bit): tables grant read and write,
 * leaves read, write and the super-page bit only, nothing executes; a
 * split page collapses back.
 */
static void vtd_entries(void **state)
{
	struct paging_root *root = *state;
	const __u64 huge = PAGING_HUGE_SIZE, page = PAGING_PAGE_SIZE;
	const __u64 low = 0x7fc0000000ULL;	/* the last GiB below 2^39 */
	__u64 *l2, *l1, phys;
	unsigned int flags;

	env.vtd = true;
	env.levels = 3;
	assert_int_equal(paging_map(&env, root, low, 8 * huge, huge,
				    PAGING_READ | PAGING_WRITE | PAGING_EXEC |
				    PAGING_HUGE), 0);
	assert_int_equal(paging_map(&env, root, low + huge, 0x1000, page,
				    PAGING_READ | PAGING_UNCACHED), 0);
	assert_int_equal(root->table[511] & ~PTE_ADDR_MASK,
			 EPT_READ | EPT_WRITE);
	l2 = (__u64 *)(uintptr_t)(root->table[511] & PTE_ADDR_MASK);
	assert_int_equal(l2[0], 8 * huge | EPT_READ | EPT_WRITE | PTE_HUGE);
	l1 = (__u64 *)(uintptr_t)(l2[1] & PTE_ADDR_MASK);
	assert_int_equal(l1[0], 0x1000 | EPT_READ);
	assert_int_equal(paging_translate(&env, root, low + 5 * page, &phys,
					  &flags), 0);
	assert_int_equal(phys, 8 * huge + 5 * page);
	assert_int_equal(flags, PAGING_READ | PAGING_WRITE);
	assert_int_equal(paging_unmap(&env, root, low + page, page), 0);
	assert_int_equal(paging_translate(&env, root, low + page, &phys,
					  NULL), -ENOENT);
	assert_int_equal(paging_map(&env, root, low + page, 8 * huge + page,
				    page, PAGING_READ | PAGING_WRITE), 0);
	paging_collapse(&env, root, low, huge);
	assert_int_equal(l2[0], 8 * huge | EPT_READ | EPT_WRITE | PTE_HUGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(map_and_translate_4k, setup,
						teardown),
		cmocka_unit_test_setup_teardown(huge_pages_when_aligned, setup,
						teardown),
		cmocka_unit_test_setup_teardown(refuses_bad_ranges, setup,
						teardown),
		cmocka_unit_test_setup_teardown(unmap_splits_huge_pages, setup,
						teardown),
		cmocka_unit_test_setup_teardown(out_of_memory_is_reported,
						setup, teardown),
		cmocka_unit_test_setup_teardown(nested_tables_carry_user_bit,
						setup, teardown),
		cmocka_unit_test_setup_teardown(beyond_levels_refused, setup,
						teardown),
		cmocka_unit_test_setup_teardown(five_levels, setup, teardown),
		cmocka_unit_test_setup_teardown(uncached_leaves, setup,
						teardown),
		cmocka_unit_test_setup_teardown(collapse_undoes_split, setup,
						teardown),
		cmocka_unit_test_setup_teardown(ept_entries, setup, teardown),
		cmocka_unit_test_setup_teardown(vtd_entries, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
