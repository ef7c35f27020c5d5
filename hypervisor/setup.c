// SPDX-License-Identifier: GPL-2.0
/*
 * Bring-up of the hypervisor on every CPU Linux hands over. The first CPU
 * to arrive sets up the global state; all of them then take their CPU
 * over and meet: only if every CPU succeeded does any of them start
 * running Linux as a guest, so that a failed enable leaves every CPU
 * native.
 */
#include <jailhouse/arch.h>
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/iommu.h>
#include <jailhouse/mem.h>
#include <jailhouse/printk.h>
#include <asm/spinlock.h>
#include <config.h>

void __attribute__((noreturn)) entry(struct per_cpu *cpu);

const struct jailhouse_system *system_config;

static spinlock_t init_lock;
static bool globals_done;
static int globals_error;
/* First error of any CPU; read after every CPU arrived. */
static int enable_error;
static unsigned int cpus_arrived;

extern char __image_end[];

struct per_cpu *per_cpu(unsigned int cpu_id)
{
	if (cpu_id >= hypervisor_header.max_cpus)
		return NULL;
	return (struct per_cpu *)(__image_end +
				  cpu_id * hypervisor_header.percpu_size);
}

static int config_init(void)
{
	const void *blob = __image_end + hypervisor_header.max_cpus *
				       hypervisor_header.percpu_size;
	struct jailhouse_config_error err;

	if (jailhouse_system_validate(blob, hypervisor_header.config_size,
				      &err))
		return -EINVAL;
	system_config = blob;
	return 0;
}

static int init_globals(void)
{
	int err;

	err = config_init();
	if (err)
		return err;
	console_init();
	printk("\nJailhouse hypervisor: starting on %u CPUs\n",
	       hypervisor_header.online_cpus);
	err = mem_init();
	if (!err)
		err = arch_init();
	if (err)
		return err;
	err = root_cell_init() ?: iommu_enable();
	if (err)
		return err;
	printk("Page pool: %lu of %lu pages in use\n", mem_pool.used,
	       mem_pool.pages);
	return 0;
}

static int global_setup(void)
{
	int err;

	spin_lock(&init_lock);
	if (!globals_done) {
		globals_error = init_globals();
		globals_done = true;
	}
	err = globals_error;
	spin_unlock(&init_lock);
	return err;
}

static void wait_for_all_cpus(int err)
{
	int none = 0;

	if (err)
		atomic_cmpxchg_seq_cst(&enable_error, &none, err);
	atomic_add_seq_cst(&cpus_arrived, 1);
	while (atomic_load_seq_cst(&cpus_arrived) <
	       hypervisor_header.online_cpus)
		cpu_relax();
}

void entry(struct per_cpu *cpu)
{
	int err;

	/* Globals first: arch_cpu_init() uses them (the xAPIC window). */
	err = arch_cpu_probe();
	if (!err)
		err = global_setup();
	if (!err)
		err = arch_cpu_init(cpu);
	cpu->cell = &root_cell;
	wait_for_all_cpus(err);
	err = atomic_load_seq_cst(&enable_error);
	if (err) {
		printk("CPU %u: enable failed (%d)\n", cpu->cpu_id, err);
		arch_cpu_leave(cpu, err);
	}
	printk("CPU %u: activating\n", cpu->cpu_id);
	arch_cpu_activate(cpu);
}
