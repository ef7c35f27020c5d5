// SPDX-License-Identifier: GPL-2.0
/*
 * The core services of jailhouse/hypercall-handler.h over the core's
 * structures; those about cells are in cell.c.
 */
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/hypercall-handler.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>

struct per_cpu *cpu_find(unsigned long cpu_id)
{
	return cpu_id == (unsigned int)cpu_id ? per_cpu(cpu_id) : NULL;
}

bool cpu_failed(const struct per_cpu *cpu)
{
	return cpu->failed;
}

const struct vmexit_stats *cpu_stats(const struct per_cpu *cpu)
{
	return &cpu->stats;
}

unsigned long mem_pool_pages(bool used)
{
	return used ? mem_pool.used : mem_pool.pages;
}

/* The hypervisor maps what it needs once; there is no remapping pool. */
unsigned long remap_pool_pages(bool used)
{
	(void)used;
	return 0;
}

long hypervisor_disable(struct per_cpu *cpu)
{
	printk("CPU %u: leaving the hypervisor\n", cpu->cpu_id);
	arch_cpu_leave(cpu, 0);
}

void console_putc(char c)
{
	printk("%c", c);
}
