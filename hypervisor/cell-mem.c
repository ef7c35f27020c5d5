// SPDX-License-Identifier: GPL-2.0
/*
 * Memory moving between the root cell and the others: reading a
 * descriptor out of root memory, copying a verified image into a cell
 * whose loadable memory was cleared first, taking a cell's regions from
 * the root cell's nested tables and giving them back, zeroing them first.
 */
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/cell-mem.h>
#include <jailhouse/errno.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/region.h>
#include <jailhouse/remap.h>
#include <jailhouse/string.h>

#include "config.h"

#define PAGE_MASK_4K	(PAGE_SIZE - 1ULL)

/* Bytes of the page at @gpa from @gpa on, at most @left. */
static __u64 page_chunk(__u64 gpa, __u64 left)
{
	__u64 in_page = PAGE_SIZE - (gpa & PAGE_MASK_4K);

	return left < in_page ? left : in_page;
}

int copy_from_root(void *dst, __u64 gpa, __u64 size)
{
	__u64 phys, chunk;
	void *src;

	while (size) {
		chunk = page_chunk(gpa, size);
		if (paging_translate(&npt_paging, &root_cell.arch.npt, gpa,
				     &phys, NULL))
			return -EFAULT;
		src = remap_phys(phys, chunk);
		if (!src)
			return -EFAULT;
		memcpy(dst, src, chunk);
		remap_release();
		dst = (__u8 *)dst + chunk;
		gpa += chunk;
		size -= chunk;
	}
	return 0;
}

/*
 * One page at a time through a bounce buffer: the remap window holds one
 * mapping, and source and destination are each split at their pages.
 */
int copy_root_to_cell(const struct cell *cell, __u64 dst, __u64 src,
		      __u64 size)
{
	static __u8 bounce[PAGE_SIZE];
	__u64 phys, chunk;
	void *virt;

	while (size) {
		chunk = page_chunk(dst, page_chunk(src, size));
		if (copy_from_root(bounce, src, chunk) ||
		    paging_translate(&npt_paging, &cell->arch.npt, dst, &phys,
				     NULL))
			return -EFAULT;
		virt = remap_phys(phys, chunk);
		if (!virt)
			return -EFAULT;
		memcpy(virt, bounce, chunk);
		remap_release();
		dst += chunk;
		src += chunk;
		size -= chunk;
	}
	return 0;
}

/* Whether the root cell loses @mem while the cell exists. */
static bool root_loses(const struct jailhouse_memory *mem)
{
	return !(mem->flags & (JAILHOUSE_MEM_COMM_REGION |
			       JAILHOUSE_MEM_ROOTSHARED));
}

/* Map or unmap, in the root cell, the part of @r that covers @mem. */
static int root_apply(const struct jailhouse_memory *r,
		      const struct jailhouse_memory *mem, bool map)
{
	struct jailhouse_memory part;

	if (!region_root_part(r, mem, &part))
		return 0;
	return map ? arch_map_memory_region(&root_cell, &part) :
		     arch_unmap_memory_region(&root_cell, &part);
}

int root_region_set(const struct jailhouse_memory *mem, bool map)
{
	const struct jailhouse_cell_desc *root = root_cell.config;
	const struct jailhouse_memory *r = jailhouse_cell_mem_regions(root);
	unsigned int n;
	int err;

	if (!root_loses(mem))
		return 0;
	for (n = 0; n < root->num_memory_regions; n++) {
		err = root_apply(&r[n], mem, map);
		if (err)
			return err;
	}
	return 0;
}

/*
 * Whether a cell other than @cell has memory of @mem: only an ivshmem
 * section can be shared (the config rules), and it stays with its other
 * peers, neither zeroed nor given back to the root cell, until the last
 * of them goes.
 */
static bool kept_by_other(const struct cell *cell,
			  const struct jailhouse_memory *mem)
{
	const struct jailhouse_memory *r;
	const struct cell *other;
	unsigned int slot, n;

	for_each_cell(slot, other) {
		if (other == cell)
			continue;
		r = jailhouse_cell_mem_regions(other->config);
		for (n = 0; n < other->config->num_memory_regions; n++)
			if (!(r[n].flags & JAILHOUSE_MEM_COMM_REGION) &&
			    jailhouse_ranges_overlap(r[n].phys_start,
						     r[n].size,
						     mem->phys_start,
						     mem->size))
				return true;
	}
	return false;
}

/* Regions with every flag of @flags (0: all) go to or from the root. */
int root_regions_set(const struct cell *cell, __u64 flags, bool map)
{
	const struct jailhouse_memory *mem =
		jailhouse_cell_mem_regions(cell->config);
	unsigned int n;
	int err;

	for (n = 0; n < cell->config->num_memory_regions; n++) {
		if ((mem[n].flags & flags) != flags ||
		    (map && kept_by_other(cell, &mem[n])))
			continue;
		err = root_region_set(&mem[n], map);
		if (err) {
			while (n--)
				if ((mem[n].flags & flags) == flags)
					root_region_set(&mem[n], !map);
			return err;
		}
	}
	return 0;
}

static int scrub_region(const struct jailhouse_memory *mem)
{
	__u64 phys = mem->phys_start, left = mem->size, chunk;
	void *virt;

	while (left) {
		chunk = left < REMAP_SIZE / 2 ? left : REMAP_SIZE / 2;
		virt = remap_phys(phys, chunk);
		if (!virt)
			return -EFAULT;
		memset(virt, 0, chunk);
		remap_release();
		phys += chunk;
		left -= chunk;
	}
	return 0;
}

/*
 * Whether the root cell describes all of @mem's memory as a device (its
 * regions there are I/O). A cell's own `io` flag proves nothing: RAM
 * flagged so would otherwise go back to the root cell unscrubbed.
 */
static bool root_device(const struct jailhouse_memory *mem)
{
	const struct jailhouse_cell_desc *root = root_cell.config;
	const struct jailhouse_memory *r = jailhouse_cell_mem_regions(root);
	struct jailhouse_memory part;
	bool found = false;
	unsigned int n;

	for (n = 0; n < root->num_memory_regions; n++) {
		if (!region_root_part(&r[n], mem, &part))
			continue;
		if (!(r[n].flags & JAILHOUSE_MEM_IO))
			return false;
		found = true;
	}
	return found;
}

/* What the cell (or its devices) could write and the root gets back. */
static bool needs_scrub(const struct jailhouse_memory *mem)
{
	return root_loses(mem) &&
	       (mem->flags & (JAILHOUSE_MEM_WRITE | JAILHOUSE_MEM_DMA)) &&
	       !root_device(mem);
}

/*
 * Whether region @n of @desc is an ivshmem section, which other peers and
 * the hypervisor (state table) write whatever @desc's flags say.
 */
static bool ivshmem_section(const struct jailhouse_cell_desc *desc,
			    unsigned int n)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(desc);
	unsigned int i, first, end;

	for (i = 0; i < desc->num_pci_devices; i++) {
		if (dev[i].type != JAILHOUSE_PCI_TYPE_IVSHMEM)
			continue;
		jailhouse_ivshmem_regions(&dev[i], &first, &end);
		if (n >= first && n < end)
			return true;
	}
	return false;
}

int cell_scrub(const struct cell *cell)
{
	const struct jailhouse_memory *mem =
		jailhouse_cell_mem_regions(cell->config);
	unsigned int n;
	int err;

	for (n = 0; n < cell->config->num_memory_regions; n++) {
		if (!(needs_scrub(&mem[n]) ||
		      (root_loses(&mem[n]) &&
		       ivshmem_section(cell->config, n))) ||
		    kept_by_other(cell, &mem[n]))
			continue;
		err = scrub_region(&mem[n]);
		if (err)
			return err;
	}
	return 0;
}

int cell_clear_loadable(const struct cell *cell)
{
	const struct jailhouse_memory *mem =
		jailhouse_cell_mem_regions(cell->config);
	unsigned int n;
	int err;

	for (n = 0; n < cell->config->num_memory_regions; n++) {
		if (!(mem[n].flags & JAILHOUSE_MEM_LOADABLE))
			continue;
		err = scrub_region(&mem[n]);
		if (err)
			return err;
	}
	return 0;
}
