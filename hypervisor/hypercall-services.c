// SPDX-License-Identifier: GPL-2.0
/*
 * The core services of jailhouse/hypercall-handler.h over the core's
 * structures. Until cells can be created (the cells issue), the root cell
 * is the only cell; it has id 0 and runs.
 */
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/hypercall-handler.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>

#define ROOT_CELL_ID	0

struct cell *cpu_cell(struct per_cpu *cpu)
{
	return cpu->cell;
}

bool cell_is_root(const struct cell *cell)
{
	return cell == &root_cell;
}

const struct jailhouse_cell_desc *cell_desc(const struct cell *cell)
{
	return cell->config;
}

struct cell *cell_find(unsigned long id)
{
	return id == ROOT_CELL_ID ? &root_cell : NULL;
}

unsigned int cell_count(void)
{
	return 1;
}

unsigned int cell_state(const struct cell *cell)
{
	(void)cell;
	return JAILHOUSE_CELL_RUNNING;
}

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
