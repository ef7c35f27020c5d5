/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64 page tables (4- or 5-level), for the hypervisor's own address
 * space and for AMD nested page tables (NPT), which share the format, and
 * Intel's extended page tables (EPT), VT-d DMA tables and AMD-Vi I/O page
 * tables, which differ in the leaf bits (AMD-Vi's in the table entries
 * too). The loader builds the hypervisor's boot tables with the same code, and the
 * host unit tests exercise it; memory comes from the caller through
 * struct paging_env, so nothing here allocates by itself.
 */
#ifndef _JAILHOUSE_LIB_PAGING_H
#define _JAILHOUSE_LIB_PAGING_H

#include <jailhouse/types.h>

#include "env.h"

#define PAGING_PAGE_SIZE	0x1000ULL
#define PAGING_HUGE_SIZE	0x200000ULL

/* Access a mapping grants (flags of paging_map()). */
#define PAGING_READ		0x1
#define PAGING_WRITE		0x2
#define PAGING_EXEC		0x4
/* Allow 2 MiB pages where alignment and size permit. */
#define PAGING_HUGE		0x8
/*
 * Device registers: PCD and PWT select PAT entry 3, which is UC under
 * the power-on PAT and under Linux's.
 */
#define PAGING_UNCACHED		0x10

/* Hardware bits of an entry. */
#define PTE_PRESENT		(1ULL << 0)
#define PTE_WRITE		(1ULL << 1)
#define PTE_USER		(1ULL << 2)
#define PTE_PWT			(1ULL << 3)
#define PTE_PCD			(1ULL << 4)
#define PTE_ACCESSED_DIRTY	(3ULL << 5)
#define PTE_HUGE		(1ULL << 7)
#define PTE_NX			(1ULL << 63)
#define PTE_ADDR_MASK		0x000ffffffffff000ULL

/*
 * Intel EPT entries (SDM vol. 3, "EPT Translation Mechanism"). Read,
 * write and huge sit where PTE_PRESENT, PTE_WRITE and PTE_HUGE do, so the
 * walker treats the read bit as "present": an EPT mapping is always
 * readable, as an x86 one is. Execute takes PTE_USER's place and the
 * memory type the place of PWT, PCD and accessed.
 */
#define EPT_READ		(1ULL << 0)
#define EPT_WRITE		(1ULL << 1)
#define EPT_EXEC		(1ULL << 2)
#define EPT_MEMTYPE_UC		(0ULL << 3)
#define EPT_MEMTYPE_WB		(6ULL << 3)
#define EPT_ACCESSED_DIRTY	(3ULL << 8)

/*
 * AMD-Vi I/O page table entries (AMD IOMMU spec, "I/O Page Tables"):
 * present, the level of the table an entry points to (0: a page), read
 * and write permission. Bit 7 is ignored by the unit: the walker marks
 * 2 MiB pages there as in x86 tables.
 */
#define AMDVI_PTE_NEXT_LEVEL(l)	((__u64)(l) << 9)
#define AMDVI_PTE_IR		(1ULL << 61)
#define AMDVI_PTE_IW		(1ULL << 62)

struct paging_env {
	/** Return a zeroed page and its physical address, or NULL. */
	void *(*alloc_table)(void *ctx, __u64 *phys);
	/** Give back a page alloc_table() returned. */
	void (*free_table)(void *ctx, void *table);
	/** Where the caller can access the table at physical address @phys. */
	void *(*table_virt)(void *ctx, __u64 phys);
	void *ctx;
	/** 4, or 5 with CR4.LA57. */
	unsigned int levels;
	/**
	 * Bits set in every entry: PTE_USER for nested tables, where the
	 * CPU treats every guest access as a user access.
	 */
	__u64 common_bits;
	/** Intel EPT entries instead of x86 ones (common_bits unused). */
	bool ept;
	/**
	 * Intel VT-d second-level entries (VT-d spec, "Second-Level Paging
	 * Entries"): read and write only, at EPT's places, no execute
	 * bit and no memory type; common_bits unused.
	 */
	bool vtd;
	/** AMD-Vi I/O page table entries (AMDVI_PTE_*); common_bits unused. */
	bool amdvi;
};

/** A table tree: its top-level table, as the CPU (CR3, nCR3) sees it. */
struct paging_root {
	__u64 *table;
	__u64 phys;
};

/** Allocate an empty top-level table. Return: 0 or -ENOMEM. */
int paging_create(const struct paging_env *env, struct paging_root *root);

/**
 * Map [virt, virt + size) to [phys, phys + size) with @flags (PAGING_*).
 * All three must be page-aligned, the range must not wrap, and none of it
 * may be mapped already.
 * Return: 0, -EINVAL, -EEXIST, or -ENOMEM (the part mapped so far stays;
 * paging_unmap() or paging_destroy() takes it back).
 */
int paging_map(const struct paging_env *env, const struct paging_root *root,
	       __u64 virt, __u64 phys, __u64 size, unsigned int flags);

/**
 * Remove every mapping in [virt, virt + size), splitting 2 MiB pages that
 * reach over the range's ends. Unmapped parts are skipped.
 * Return: 0, -EINVAL, or -ENOMEM when a split needs a table.
 */
int paging_unmap(const struct paging_env *env, const struct paging_root *root,
		 __u64 virt, __u64 size);

/**
 * Undo splits: each table of 4 KiB pages in [virt, virt + size) that
 * maps a whole 2 MiB block contiguously with the same bits becomes one
 * 2 MiB page again, and the table is freed. Mappings stay as they were.
 */
void paging_collapse(const struct paging_env *env,
		     const struct paging_root *root, __u64 virt, __u64 size);

/**
 * paging_collapse() for the one 2 MiB block that holds @virt, the table
 * not freed: for a walker that may cache the entry that pointed to it
 * (an IOMMU's paging-structure caches), the caller frees it with
 * env->free_table() once that cache is invalidated.
 * Return: the table no longer in the tree, or NULL if none was collapsed.
 */
void *paging_collapse_block(const struct paging_env *env,
			    const struct paging_root *root, __u64 virt);

/**
 * Translate @virt. Return: 0 with *phys set, or -ENOENT if unmapped.
 * *flags gets the PAGING_* access of the mapping when non-NULL.
 */
int paging_translate(const struct paging_env *env,
		     const struct paging_root *root, __u64 virt, __u64 *phys,
		     unsigned int *flags);

/** Free every table of the tree, the top-level one included. */
void paging_destroy(const struct paging_env *env, struct paging_root *root);

#endif /* !_JAILHOUSE_LIB_PAGING_H */
