// SPDX-License-Identifier: GPL-2.0
/*
 * The hypercall dispatcher's core services that are not about cells
 * (jailhouse/hypercall-services.h), over the core's structures.
 */
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/hypercall-services.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <jailhouse/ratelimit.h>
#include <asm/spinlock.h>

/* TSC cycles: between 0.5 and 2 s on the CPUs we run on. */
#define CONSOLE_LIMIT_INTERVAL	(1ULL << 31)
/* Characters per cell and interval: some lines, never a flood. */
#define CONSOLE_LIMIT_BURST	2048

static spinlock_t console_limit_lock;
/* Index: cell id (0 the root cell); a new cell inherits its slot's. */
static struct ratelimit console_limit[MAX_CELLS + 1];

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

bool cell_console_pass(const struct cell *cell)
{
	unsigned int missed;
	bool pass;

	if (cell->id > MAX_CELLS)
		return false;
	spin_lock(&console_limit_lock);
	pass = ratelimit_pass(&console_limit[cell->id], arch_tsc(),
			      CONSOLE_LIMIT_INTERVAL, CONSOLE_LIMIT_BURST,
			      &missed);
	spin_unlock(&console_limit_lock);
	if (missed)
		printk("\n(cell \"%s\": %u console characters dropped)\n",
		       cell->config->name, missed);
	return pass;
}

void console_putc(char c)
{
	printk("%c", c);
}
