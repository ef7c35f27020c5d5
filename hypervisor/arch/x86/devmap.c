// SPDX-License-Identifier: GPL-2.0
/* Device windows; see asm/devmap.h. */
#include <jailhouse/header.h>
#include <jailhouse/mem.h>
#include <jailhouse/ivshmem.h>
#include <jailhouse/remap.h>
#include <asm/devmap.h>

/*
 * Between the MMIO read windows (mmio.c, up to JAILHOUSE_BASE -
 * 0x18000000) and the xAPIC window (ipi.c, JAILHOUSE_BASE - 0x10200000):
 * 18 slots of 2 MiB end at JAILHOUSE_BASE - 0x11c00000.
 */
#define DEVMAP_BASE		(JAILHOUSE_BASE - 0x14000000UL)

/* After the slots, a cached window onto RAM (ivshmem state tables). */
#define RAM_WINDOW		(DEVMAP_BASE + DEVMAP_SLOTS * PAGING_HUGE_SIZE)

_Static_assert(RAM_WINDOW + PAGING_HUGE_SIZE <= JAILHOUSE_BASE - 0x10200000UL,
	       "devmap slots reach the xAPIC");

static struct remap_window slots[DEVMAP_SLOTS];
static struct remap_window ram_window = {
	.virt = RAM_WINDOW,
	.flags = PAGING_READ | PAGING_WRITE,
};

volatile void *devmap(unsigned int slot, __u64 phys)
{
	struct remap_window *win = &slots[slot];

	if (slot >= DEVMAP_SLOTS)
		return NULL;
	win->virt = DEVMAP_BASE + slot * PAGING_HUGE_SIZE;
	win->flags = PAGING_READ | PAGING_WRITE | PAGING_UNCACHED;
	return remap_window(win, phys);
}

__u32 devmap_read(volatile void *p, unsigned int size)
{
	if (size == 1)
		return *(volatile __u8 *)p;
	if (size == 2)
		return *(volatile __u16 *)p;
	return *(volatile __u32 *)p;
}

void devmap_write(volatile void *p, unsigned int size, __u32 value)
{
	if (size == 1)
		*(volatile __u8 *)p = value;
	else if (size == 2)
		*(volatile __u16 *)p = value;
	else
		*(volatile __u32 *)p = value;
}

/* Callers serialise on the ivshmem lock (ivshmem.c). */
void *arch_ivshmem_map(__u64 phys)
{
	return remap_window(&ram_window, phys);
}
