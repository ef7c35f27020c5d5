// SPDX-License-Identifier: GPL-2.0
/*
 * Hypervisor memory (docs/design.md, "Memory layout"): image, per-CPU
 * areas, system config and the loader's boot page tables come first; the
 * pool behind them (header.pool_offset) serves every later allocation.
 */
#include <jailhouse/control.h>
#include <jailhouse/mem.h>
#include <jailhouse/printk.h>
#include <asm/processor.h>
#include <asm/spinlock.h>

struct page_pool mem_pool;
static spinlock_t pool_lock;

static void *alloc_table(void *ctx, __u64 *phys)
{
	void *page = page_alloc(1);

	(void)ctx;
	if (page)
		*phys = virt_to_phys(page);
	return page;
}

static void free_table(void *ctx, void *table)
{
	(void)ctx;
	page_free(table, 1);
}

static void *table_virt(void *ctx, __u64 phys)
{
	(void)ctx;
	return phys_to_virt(phys);
}

struct paging_env hv_paging = {
	.alloc_table = alloc_table,
	.free_table = free_table,
	.table_virt = table_virt,
};

struct paging_env npt_paging = {
	.alloc_table = alloc_table,
	.free_table = free_table,
	.table_virt = table_virt,
	.common_bits = PTE_USER,
};

__u64 virt_to_phys(const void *virt)
{
	return (unsigned long)virt - JAILHOUSE_BASE +
	       hypervisor_header.phys_base;
}

void *phys_to_virt(__u64 phys)
{
	return (void *)(unsigned long)(phys - hypervisor_header.phys_base +
				       JAILHOUSE_BASE);
}

int mem_init(void)
{
	const struct jailhouse_memory *mem = &system_config->hypervisor_memory;
	__u64 offset = hypervisor_header.pool_offset;
	unsigned int levels = read_cr4() & X86_CR4_LA57 ? 5 : 4;

	hv_paging.levels = levels;
	npt_paging.levels = levels;
	if (offset >= mem->size || offset % POOL_PAGE_SIZE)
		return -EINVAL;
	return page_pool_init(&mem_pool, (void *)(JAILHOUSE_BASE + offset),
			      (mem->size - offset) / POOL_PAGE_SIZE);
}

void *page_alloc(unsigned long num)
{
	void *pages;

	spin_lock(&pool_lock);
	pages = page_pool_alloc(&mem_pool, num);
	spin_unlock(&pool_lock);
	return pages;
}

void page_free(void *page, unsigned long num)
{
	bool ok;

	if (!page)
		return;
	spin_lock(&pool_lock);
	ok = page_pool_free(&mem_pool, page, num);
	spin_unlock(&pool_lock);
	if (!ok)
		panic_stop("page_free: %lu pages at %p not allocated\n", num,
			   page);
}
