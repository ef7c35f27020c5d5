/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Core services of the hypercall dispatcher that are not about cells
 * (hypervisor/hypercall-services.c): CPUs, memory pools, the console.
 */
#ifndef _JAILHOUSE_HYPERCALL_SERVICES_H
#define _JAILHOUSE_HYPERCALL_SERVICES_H

#include <stdbool.h>
#include <jailhouse/vmexit-stats.h>

struct cell;
struct per_cpu;

/** The hypervisor's CPU @cpu_id (Linux numbering), or NULL if none. */
struct per_cpu *cpu_find(unsigned long cpu_id);
/** Whether @cpu was stopped after a fatal error in its guest. */
bool cpu_failed(const struct per_cpu *cpu);
/** The VM-exit counters of @cpu. */
const struct vmexit_stats *cpu_stats(const struct per_cpu *cpu);

/** Pages of the hypervisor's memory pool: all (@used false) or in use. */
unsigned long mem_pool_pages(bool used);
/** Pages of the hypervisor's remapping address space: all or in use. */
unsigned long remap_pool_pages(bool used);

/**
 * DISABLE from the root cell: give @cpu back to Linux natively. Does not
 * return on success; Linux sees 0 as the hypercall's result.
 * Return: negative errno if the CPU cannot leave.
 */
long hypervisor_disable(struct per_cpu *cpu);

/**
 * Whether @cell may print one more character on the console now: at most
 * a burst per interval for each cell, so that no
 * cell floods the console and the CPUs that wait for it.
 */
bool cell_console_pass(const struct cell *cell);
/** Print one character on the hypervisor console. */
void console_putc(char c);

#endif /* !_JAILHOUSE_HYPERCALL_SERVICES_H */
