/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypervisor's memory: its linear mapping at JAILHOUSE_BASE, the page
 * pool behind the boot page tables, and the paging environments for its
 * own tables and for nested tables.
 */
#ifndef _JAILHOUSE_MEM_H
#define _JAILHOUSE_MEM_H

#include <jailhouse/page_alloc.h>
#include <paging.h>

extern struct page_pool mem_pool;
/** Tables whose pages come from the pool: the hypervisor's own. */
extern struct paging_env hv_paging;
/** The same for nested page tables (NPT format: user bit set). */
extern struct paging_env npt_paging;

/** Set up the pool; called once, by the first CPU. Return: 0 or -errno. */
int mem_init(void);

/** @num contiguous zeroed pages from the pool (locked), or NULL. */
void *page_alloc(unsigned long num);
void page_free(void *page, unsigned long num);

/* Physical address of hypervisor memory and back. */
__u64 virt_to_phys(const void *virt);
void *phys_to_virt(__u64 phys);

#endif /* !_JAILHOUSE_MEM_H */
