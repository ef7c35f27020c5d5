// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 page table walker; see paging.h. Levels are numbered from the
 * leaf: level 0 holds 4 KiB pages, level 1 may hold 2 MiB pages, the top
 * is env->levels - 1.
 */
#include "paging.h"

#define ENTRIES			512
#define TABLE_BITS		(PTE_PRESENT | PTE_WRITE)
#define EPT_TABLE_BITS		(EPT_READ | EPT_WRITE | EPT_EXEC)

static unsigned int level_shift(unsigned int level)
{
	return 12 + 9 * level;
}

static __u64 level_size(unsigned int level)
{
	return 1ULL << level_shift(level);
}

static __u64 *entry_of(__u64 *table, unsigned int level, __u64 virt)
{
	return &table[(virt >> level_shift(level)) & (ENTRIES - 1)];
}

static bool is_leaf(__u64 entry, unsigned int level)
{
	return level == 0 || (entry & PTE_HUGE);
}

static __u64 *next_table(const struct paging_env *env, __u64 entry)
{
	return env->table_virt(env->ctx, entry & PTE_ADDR_MASK);
}

/*
 * What an entry at @level pointing to a table grants: everything, leaves
 * decide. AMD-Vi's also names the level of the table below.
 */
static __u64 table_bits(const struct paging_env *env, unsigned int level)
{
	if (env->amdvi)
		return PTE_PRESENT | AMDVI_PTE_IR | AMDVI_PTE_IW |
		       AMDVI_PTE_NEXT_LEVEL(level);
	if (env->vtd)
		return EPT_READ | EPT_WRITE;
	return env->ept ? EPT_TABLE_BITS : TABLE_BITS | env->common_bits;
}

/* The bits the CPU sets on access, which comparisons ignore. */
static __u64 accessed_dirty(const struct paging_env *env)
{
	return env->ept || env->vtd ? EPT_ACCESSED_DIRTY : PTE_ACCESSED_DIRTY;
}

/* Memory type WB unless uncached; EPT overrides the guest's PAT's WB. */
static __u64 ept_leaf_bits(unsigned int flags, unsigned int level)
{
	__u64 bits = EPT_READ;

	if (flags & PAGING_WRITE)
		bits |= EPT_WRITE;
	if (flags & PAGING_EXEC)
		bits |= EPT_EXEC;
	bits |= flags & PAGING_UNCACHED ? EPT_MEMTYPE_UC : EPT_MEMTYPE_WB;
	if (level > 0)
		bits |= PTE_HUGE;
	return bits;
}

/* VT-d: read, write, super page; whatever the CPU's caches hold is seen. */
static __u64 vtd_leaf_bits(unsigned int flags, unsigned int level)
{
	return EPT_READ | (flags & PAGING_WRITE ? EPT_WRITE : 0) |
	       (level > 0 ? PTE_HUGE : 0);
}

/* AMD-Vi: read, write; next level 0 makes a page of the entry's level. */
static __u64 amdvi_leaf_bits(unsigned int flags, unsigned int level)
{
	return PTE_PRESENT | AMDVI_PTE_IR |
	       (flags & PAGING_WRITE ? AMDVI_PTE_IW : 0) |
	       (level > 0 ? PTE_HUGE : 0);
}

static __u64 leaf_bits(const struct paging_env *env, unsigned int flags,
		       unsigned int level)
{
	__u64 bits = PTE_PRESENT | env->common_bits;

	if (env->amdvi)
		return amdvi_leaf_bits(flags, level);
	if (env->vtd)
		return vtd_leaf_bits(flags, level);
	if (env->ept)
		return ept_leaf_bits(flags, level);

	if (flags & PAGING_WRITE)
		bits |= PTE_WRITE;
	if (!(flags & PAGING_EXEC))
		bits |= PTE_NX;
	if (flags & PAGING_UNCACHED)
		bits |= PTE_PCD | PTE_PWT;
	if (level > 0)
		bits |= PTE_HUGE;
	return bits;
}

/*
 * Whether the levels translate @virt: below 2^bits, or a canonical high
 * address (the hypervisor's own). Else the cut-off index would alias
 * another address.
 */
static bool canonical(const struct paging_env *env, __u64 virt)
{
	unsigned int bits = level_shift(env->levels);

	return bits >= 64 || virt >> bits == 0 ||
	       virt >> (bits - 1) == ~0ULL >> (bits - 1);
}

/* Aligned, not wrapping, translated at both ends, in one half. */
static bool range_ok(const struct paging_env *env, __u64 virt, __u64 phys,
		     __u64 size)
{
	__u64 misaligned = (virt | phys | size) & (PAGING_PAGE_SIZE - 1);
	__u64 last = virt + size - 1;

	return size && !misaligned && last >= virt &&
	       phys + size - 1 >= phys && canonical(env, virt) &&
	       canonical(env, last) && (virt ^ last) >> 63 == 0;
}

int paging_create(const struct paging_env *env, struct paging_root *root)
{
	root->table = env->alloc_table(env->ctx, &root->phys);
	return root->table ? 0 : -ENOMEM;
}

/* The table below *entry, created if absent; NULL with *err on failure. */
static __u64 *descend(const struct paging_env *env, __u64 *entry,
		      unsigned int level, int *err)
{
	__u64 phys;
	__u64 *table;

	if (*entry & PTE_PRESENT) {
		if (is_leaf(*entry, level)) {
			*err = -EEXIST;
			return NULL;
		}
		return next_table(env, *entry);
	}
	table = env->alloc_table(env->ctx, &phys);
	if (!table) {
		*err = -ENOMEM;
		return NULL;
	}
	*entry = phys | table_bits(env, level);
	return table;
}

static unsigned int leaf_level(__u64 virt, __u64 phys, __u64 size,
			       unsigned int flags)
{
	if ((flags & PAGING_HUGE) && size >= PAGING_HUGE_SIZE &&
	    !((virt | phys) & (PAGING_HUGE_SIZE - 1)))
		return 1;
	return 0;
}

static int map_one(const struct paging_env *env, __u64 *table, __u64 virt,
		   __u64 phys, unsigned int leaf, unsigned int flags)
{
	unsigned int level = env->levels - 1;
	__u64 *entry;
	int err = 0;

	for (; level > leaf; level--) {
		table = descend(env, entry_of(table, level, virt), level,
				&err);
		if (!table)
			return err;
	}
	entry = entry_of(table, leaf, virt);
	if (*entry & PTE_PRESENT)
		return -EEXIST;
	*entry = phys | leaf_bits(env, flags, leaf);
	return 0;
}

int paging_map(const struct paging_env *env, const struct paging_root *root,
	       __u64 virt, __u64 phys, __u64 size, unsigned int flags)
{
	unsigned int leaf;
	int err;

	if (!range_ok(env, virt, phys, size))
		return -EINVAL;
	while (size) {
		leaf = leaf_level(virt, phys, size, flags);
		err = map_one(env, root->table, virt, phys, leaf, flags);
		if (err)
			return err;
		virt += level_size(leaf);
		phys += level_size(leaf);
		size -= level_size(leaf);
	}
	return 0;
}

/* Replace a 2 MiB page by a table of 4 KiB pages with the same access. */
static int split_huge(const struct paging_env *env, __u64 *entry)
{
	__u64 base = *entry & PTE_ADDR_MASK & ~(PAGING_HUGE_SIZE - 1);
	__u64 bits = *entry & ~PTE_ADDR_MASK & ~PTE_HUGE;
	__u64 phys;
	__u64 *table;
	unsigned int n;

	table = env->alloc_table(env->ctx, &phys);
	if (!table)
		return -ENOMEM;
	for (n = 0; n < ENTRIES; n++)
		table[n] = (base + n * PAGING_PAGE_SIZE) | bits;
	*entry = phys | table_bits(env, 1);
	return 0;
}

/*
 * Clear what maps @virt, within a range ending at @end (exclusive, 0 for
 * the top of the address space). Return: bytes to advance, or 0 with
 * *err set.
 */
static __u64 unmap_one(const struct paging_env *env, __u64 *table,
		       __u64 virt, __u64 end, int *err)
{
	unsigned int level = env->levels - 1;
	__u64 *entry, size, start;

	for (;; level--) {
		entry = entry_of(table, level, virt);
		size = level_size(level);
		start = virt & ~(size - 1);
		if (!(*entry & PTE_PRESENT))
			return start + size - virt;
		if (!is_leaf(*entry, level)) {
			table = next_table(env, *entry);
			continue;
		}
		if (start == virt && (end == 0 || end - virt >= size)) {
			*entry = 0;
			return size;
		}
		*err = split_huge(env, entry);
		if (*err)
			return 0;
		table = next_table(env, *entry);
	}
}

int paging_unmap(const struct paging_env *env, const struct paging_root *root,
		 __u64 virt, __u64 size)
{
	__u64 end = virt + size, step;
	int err = 0;

	if (!range_ok(env, virt, 0, size))
		return -EINVAL;
	while (size) {
		step = unmap_one(env, root->table, virt, end, &err);
		if (!step)
			return err;
		if (step >= size)
			break;
		virt += step;
		size -= step;
	}
	return 0;
}

/* The level-1 entry that maps @virt, or NULL if a level above has none. */
static __u64 *level1_entry(const struct paging_env *env, __u64 *table,
			   __u64 virt)
{
	unsigned int level = env->levels - 1;
	__u64 *entry;

	for (; level > 1; level--) {
		entry = entry_of(table, level, virt);
		if (!(*entry & PTE_PRESENT) || is_leaf(*entry, level))
			return NULL;
		table = next_table(env, *entry);
	}
	return entry_of(table, 1, virt);
}

/*
 * Whether the 4 KiB pages of @table map one 2 MiB block uniformly; the
 * accessed and dirty bits the CPU sets do not count.
 */
static bool uniform(const struct paging_env *env, const __u64 *table)
{
	__u64 ad = accessed_dirty(env);
	__u64 base = table[0] & PTE_ADDR_MASK;
	__u64 bits = table[0] & ~PTE_ADDR_MASK & ~ad;
	unsigned int n;

	if (!(bits & PTE_PRESENT) || (bits & PTE_HUGE) ||
	    (base & (PAGING_HUGE_SIZE - 1)))
		return false;
	for (n = 1; n < ENTRIES; n++)
		if ((table[n] & ~ad) !=
		    ((base + n * PAGING_PAGE_SIZE) | bits))
			return false;
	return true;
}

void *paging_collapse_block(const struct paging_env *env,
			    const struct paging_root *root, __u64 virt)
{
	__u64 *entry = level1_entry(env, root->table, virt), *table;

	if (!entry || !(*entry & PTE_PRESENT) || is_leaf(*entry, 1))
		return NULL;
	table = next_table(env, *entry);
	if (!uniform(env, table))
		return NULL;
	*entry = (table[0] & ~accessed_dirty(env)) | PTE_HUGE;
	return table;
}

void paging_collapse(const struct paging_env *env,
		     const struct paging_root *root, __u64 virt, __u64 size)
{
	__u64 block = virt & ~(PAGING_HUGE_SIZE - 1), end = virt + size;
	void *table;

	for (; block < end && block >= (virt & ~(PAGING_HUGE_SIZE - 1));
	     block += PAGING_HUGE_SIZE) {
		table = paging_collapse_block(env, root, block);
		if (table)
			env->free_table(env->ctx, table);
	}
}

static bool write_allowed(const struct paging_env *env, __u64 entry)
{
	return entry & (env->amdvi ? AMDVI_PTE_IW : PTE_WRITE);
}

static bool exec_allowed(const struct paging_env *env, __u64 entry)
{
	if (env->vtd || env->amdvi)
		return false;
	return env->ept ? entry & EPT_EXEC : !(entry & PTE_NX);
}

int paging_translate(const struct paging_env *env,
		     const struct paging_root *root, __u64 virt, __u64 *phys,
		     unsigned int *flags)
{
	unsigned int level = env->levels - 1;
	__u64 *table = root->table, entry;

	for (;; level--) {
		entry = *entry_of(table, level, virt);
		if (!(entry & PTE_PRESENT))
			return -ENOENT;
		if (is_leaf(entry, level))
			break;
		table = next_table(env, entry);
	}
	*phys = (entry & PTE_ADDR_MASK & ~(level_size(level) - 1)) |
		(virt & (level_size(level) - 1));
	if (flags)
		*flags = PAGING_READ |
			 (write_allowed(env, entry) ? PAGING_WRITE : 0) |
			 (exec_allowed(env, entry) ? PAGING_EXEC : 0);
	return 0;
}

static void free_tree(const struct paging_env *env, __u64 *table,
		      unsigned int level)
{
	unsigned int n;

	for (n = 0; level > 0 && n < ENTRIES; n++)
		if ((table[n] & PTE_PRESENT) && !is_leaf(table[n], level))
			free_tree(env, next_table(env, table[n]), level - 1);
	env->free_table(env->ctx, table);
}

void paging_destroy(const struct paging_env *env, struct paging_root *root)
{
	if (!root->table)
		return;
	free_tree(env, root->table, env->levels - 1);
	root->table = NULL;
	root->phys = 0;
}
