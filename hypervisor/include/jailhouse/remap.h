/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Windows in the hypervisor's address space for memory outside its own
 * (hypervisor/remap.c).
 */
#ifndef _JAILHOUSE_REMAP_H
#define _JAILHOUSE_REMAP_H

#include <jailhouse/types.h>

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

#endif /* !_JAILHOUSE_REMAP_H */
