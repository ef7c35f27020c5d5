/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _JAILHOUSE_PERCPU_H
#define _JAILHOUSE_PERCPU_H

#include <jailhouse/types.h>

#define PAGE_SIZE		4096
#define PERCPU_STACK_SIZE	(4 * PAGE_SIZE)

/*
 * One CPU's private data area. The loader reserves header->percpu_size
 * bytes per possible CPU right behind the core image; the layout is the
 * hypervisor's own business.
 */
struct per_cpu {
	/** The stack the CPU runs on while in the hypervisor. */
	__u8 stack[PERCPU_STACK_SIZE];
	/** Logical CPU id as Linux numbers it. */
	unsigned int cpu_id;
} __attribute__((aligned(PAGE_SIZE)));

#endif /* !_JAILHOUSE_PERCPU_H */
