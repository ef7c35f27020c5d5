// SPDX-License-Identifier: GPL-2.0
/*
 * A cell's nested page tables from its memory regions, and its I/O and
 * MSR permission bitmaps, for both backends (npt_paging has EPT entries
 * on VT-x; the bitmaps differ in size and layout only).
 */
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/mem.h>
#include <jailhouse/printk.h>
#include <jailhouse/string.h>
#include <asm/iopm.h>
#include <asm/mmio.h>
#include <asm/msrpm.h>
#include <asm/npt.h>
#include <config.h>

/* The PM timer is one 32-bit register. */
#define PM_TIMER_PORTS		4

static unsigned int region_access(const struct jailhouse_memory *mem)
{
	unsigned int flags = 0;

	if (mem->flags & JAILHOUSE_MEM_READ)
		flags |= PAGING_READ;
	if (mem->flags & JAILHOUSE_MEM_WRITE)
		flags |= PAGING_WRITE;
	if (mem->flags & JAILHOUSE_MEM_EXECUTE)
		flags |= PAGING_EXEC;
	if (!(mem->flags & JAILHOUSE_MEM_NO_HUGEPAGES))
		flags |= PAGING_HUGE;
	return flags;
}

/*
 * Unmap the pages of @mem whose address, counted from @at (@mem's guest
 * or physical start), falls in [@base, @base + @len).
 */
static int punch_overlap(struct cell *cell, const struct jailhouse_memory *mem,
			 __u64 at, __u64 base, __u64 len)
{
	__u64 from, to;

	if (!len || !jailhouse_ranges_overlap(at, mem->size, base, len))
		return 0;
	from = (at > base ? at : base) & ~(__u64)(PAGE_SIZE - 1);
	to = at + mem->size < base + len ? at + mem->size : base + len;
	return paging_unmap(&npt_paging, &cell->arch.npt,
			    mem->virt_start + (from - at), to - from);
}

/*
 * The pages the hypervisor emulates (asm/mmio.h) stay out of @cell's
 * tables wherever @mem covers them, by guest address or by physical
 * address (a region that shows a device page elsewhere).
 */
static int npt_punch_emulated(struct cell *cell,
			      const struct jailhouse_memory *mem)
{
	__u64 base, len;
	unsigned int n;
	int err = 0;

	for (n = 0; !err && mmio_emulated_range(n, &base, &len); n++)
		err = punch_overlap(cell, mem, mem->virt_start, base, len) ?:
		      punch_overlap(cell, mem, mem->phys_start, base, len);
	return err;
}

static bool npt_mapped(const struct jailhouse_memory *mem)
{
	return !(mem->flags & JAILHOUSE_MEM_COMM_REGION) && mem->size;
}

int npt_refresh_emulated(struct cell *cell)
{
	const struct jailhouse_memory *mem =
		jailhouse_cell_mem_regions(cell->config);
	unsigned int n;
	int err = 0;

	for (n = 0; !err && n < cell->config->num_memory_regions; n++)
		if (npt_mapped(&mem[n]))
			err = npt_punch_emulated(cell, &mem[n]);
	return err;
}

/*
 * Identity of the config's regions; never the hypervisor's memory. Empty
 * regions (an ivshmem device's unused sections) map nothing.
 */
int npt_map_regions(struct cell *cell)
{
	const struct jailhouse_memory *hv = &system_config->hypervisor_memory;
	const struct jailhouse_memory *mem =
		jailhouse_cell_mem_regions(cell->config);
	unsigned int n;
	int err;

	for (n = 0; n < cell->config->num_memory_regions; n++, mem++) {
		if (!npt_mapped(mem))
			continue;
		if (jailhouse_ranges_overlap(mem->phys_start, mem->size,
					     hv->phys_start, hv->size))
			return -EINVAL;
		err = paging_map(&npt_paging, &cell->arch.npt, mem->virt_start,
				 mem->phys_start, mem->size,
				 region_access(mem));
		if (!err)
			err = npt_punch_emulated(cell, mem);
		if (err) {
			printk("NPT: region %u of cell \"%s\": error %d\n", n,
			       cell->config->name, err);
			return err;
		}
	}
	return 0;
}

/* A region mapped back where it was split off becomes 2 MiB pages again. */
int npt_map_memory(struct cell *cell, const struct jailhouse_memory *mem)
{
	unsigned int access = region_access(mem);
	int err;

	err = paging_map(&npt_paging, &cell->arch.npt, mem->virt_start,
			 mem->phys_start, mem->size, access);
	if (!err && (access & PAGING_HUGE))
		paging_collapse(&npt_paging, &cell->arch.npt, mem->virt_start,
				mem->size);
	if (!err)
		err = npt_punch_emulated(cell, mem);
	return err;
}

int npt_unmap_memory(struct cell *cell, const struct jailhouse_memory *mem)
{
	return paging_unmap(&npt_paging, &cell->arch.npt, mem->virt_start,
			    mem->size);
}

/*
 * Every cell may read the ACPI PM timer, as in Jailhouse, whose inmate
 * library times with it: a read-only counter that writes leave alone.
 */
static int allow_pm_timer(__u8 *io_bitmap)
{
	__u16 port = system_config->platform.pm_timer_address;

	return port ? io_bitmap_allow(io_bitmap, port, PM_TIMER_PORTS) : 0;
}

static int bitmaps_init(struct cell *cell, size_t io_bitmap_size,
			const struct msr_bitmap_layout *msr_layout)
{
	struct arch_cell *arch = &cell->arch;
	int err;

	arch->io_bitmap_pages = io_bitmap_size / PAGE_SIZE;
	arch->io_bitmap = page_alloc(arch->io_bitmap_pages);
	arch->msr_bitmap_pages = msr_layout->size / PAGE_SIZE;
	arch->msr_bitmap = page_alloc(arch->msr_bitmap_pages);
	if (!arch->io_bitmap || !arch->msr_bitmap)
		return -ENOMEM;
	err = io_bitmap_from_cell(arch->io_bitmap, io_bitmap_size,
				  cell->config);
	if (!err)
		err = allow_pm_timer(arch->io_bitmap);
	if (err)
		return err;
	return msr_bitmap_from_cell(msr_layout, arch->msr_bitmap,
				    cell->config, cell_is_root(cell));
}

void npt_cell_exit(struct cell *cell)
{
	struct arch_cell *arch = &cell->arch;

	paging_destroy(&npt_paging, &arch->npt);
	page_free(arch->io_bitmap, arch->io_bitmap_pages);
	page_free(arch->msr_bitmap, arch->msr_bitmap_pages);
	arch->io_bitmap = NULL;
	arch->msr_bitmap = NULL;
}

int npt_cell_init(struct cell *cell, size_t io_bitmap_size,
		  const struct msr_bitmap_layout *msr_layout)
{
	int err;

	err = paging_create(&npt_paging, &cell->arch.npt);
	if (!err)
		err = npt_map_regions(cell);
	if (!err)
		err = bitmaps_init(cell, io_bitmap_size, msr_layout);
	if (err)
		npt_cell_exit(cell);
	return err;
}

/* Real mode, interrupts off: 1: hlt; jmp 1b. */
static const __u8 parking_loop[] = { 0xf4, 0xeb, 0xfd };

int npt_parking_init(struct paging_root *root)
{
	__u8 *page = page_alloc(1);
	int err;

	if (!page)
		return -ENOMEM;
	memcpy(page, parking_loop, sizeof(parking_loop));
	err = paging_create(&npt_paging, root);
	if (!err)
		err = paging_map(&npt_paging, root, 0, virt_to_phys(page),
				 PAGE_SIZE, PAGING_READ | PAGING_EXEC);
	return err;
}
