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

/* Bytes remap_phys() can map at once (in 2 MiB pages). */
#define REMAP_SIZE	0x4000000UL

/**
 * Map @size bytes of physical memory at @phys (outside the hypervisor's)
 * into the hypervisor, read-write, until remap_release(); one range at
 * a time.
 * Return: where @phys is mapped, or NULL if the range is larger than
 * REMAP_SIZE (after rounding to 2 MiB), empty, wraps, or one is mapped.
 */
void *remap_phys(__u64 phys, __u64 size);
void remap_release(void);

/* A window: one 2 MiB page of the hypervisor's that is pointed anew. */
struct remap_window {
	/** Its virtual address, 2 MiB-aligned, near JAILHOUSE_BASE. */
	unsigned long virt;
	/** PAGING_* flags of the mapping (PAGING_HUGE is implied). */
	unsigned int flags;
	/** The block it shows, | 1 once mapped. */
	__u64 shown;
};

/**
 * Point @win at the 2 MiB block around @phys unless it shows it already,
 * and flush this CPU's translation of it either way (another CPU may
 * have moved a shared window since). The caller serialises users of a
 * shared window.
 * Return: the virtual address of @phys, or NULL.
 */
void *remap_window(struct remap_window *win, __u64 phys);

/* Physical address of hypervisor memory and back. */
__u64 virt_to_phys(const void *virt);
void *phys_to_virt(__u64 phys);

#endif /* !_JAILHOUSE_MEM_H */
