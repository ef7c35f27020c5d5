// SPDX-License-Identifier: GPL-2.0
/*
 * A window in the hypervisor's address space for memory outside its own:
 * cell descriptors in root memory, cell memory to scrub. Mapped in 2 MiB
 * pages into the page directory that already holds the hypervisor's
 * image, so that mapping allocates no table and the pool use stays the
 * same. One user at a time (under the cell lock); every CPU shares the
 * tables and flushes its own TLB at map and unmap. remap_window() points
 * single 2 MiB pages elsewhere in that directory on demand.
 */
#include <jailhouse/header.h>
#include <jailhouse/mem.h>
#include <jailhouse/remap.h>
#include <asm/processor.h>

#define REMAP_BASE	(JAILHOUSE_BASE - 0x10000000UL)
#define HUGE_MASK	(PAGING_HUGE_SIZE - 1)

static __u64 mapped_size;

static struct paging_root hv_root(void)
{
	struct paging_root root = {
		.phys = read_cr3() & PTE_ADDR_MASK,
	};

	root.table = phys_to_virt(root.phys);
	return root;
}

void *remap_phys(__u64 phys, __u64 size)
{
	struct paging_root root = hv_root();
	__u64 start = phys & ~HUGE_MASK;
	__u64 end = (phys + size + HUGE_MASK) & ~HUGE_MASK;

	if (mapped_size || !size || phys + size < phys || end < start ||
	    end - start > REMAP_SIZE)
		return NULL;
	if (paging_map(&hv_paging, &root, REMAP_BASE, start, end - start,
		       PAGING_READ | PAGING_WRITE | PAGING_HUGE))
		return NULL;
	mapped_size = end - start;
	write_cr3(read_cr3());
	return (void *)(REMAP_BASE + (phys - start));
}

static inline void invlpg(unsigned long addr)
{
	asm volatile("invlpg (%0)" : : "r" (addr) : "memory");
}

void *remap_window(struct remap_window *win, __u64 phys)
{
	struct paging_root root = hv_root();
	__u64 block = phys & ~HUGE_MASK;

	if (win->shown != (block | 1)) {
		if (win->shown)
			paging_unmap(&hv_paging, &root, win->virt,
				     PAGING_HUGE_SIZE);
		win->shown = 0;
		if (paging_map(&hv_paging, &root, win->virt, block,
			       PAGING_HUGE_SIZE, win->flags | PAGING_HUGE))
			return NULL;
		win->shown = block | 1;
	}
	invlpg(win->virt);
	return (void *)(win->virt + (phys & HUGE_MASK));
}

void remap_release(void)
{
	struct paging_root root = hv_root();

	if (!mapped_size)
		return;
	paging_unmap(&hv_paging, &root, REMAP_BASE, mapped_size);
	mapped_size = 0;
	write_cr3(read_cr3());
}
