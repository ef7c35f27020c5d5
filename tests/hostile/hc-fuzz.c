// SPDX-License-Identifier: GPL-2.0
/*
 * Hypercall fuzzer of the root cell, a test module that is never shipped:
 * loaded on top of an enabled hypervisor, it makes every online CPU issue
 * `iterations` hypercalls from ring 0 with random codes and arguments
 * (lib/fuzz.c), CPU n seeded with seed + n. Arguments aim at a page of
 * random bytes that starts like a cell descriptor, at root RAM, the
 * hypervisor's memory, MMIO and the ends of the address space. DISABLE is
 * skipped (it legitimately ends the hypervisor) and console calls print
 * a letter. Loading fails with -ENODEV when no hypervisor runs below;
 * the scenario that loads it checks that Linux and the hypervisor go on.
 */
#include <linux/cpu.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <asm/io.h>
#include <asm/processor.h>

#include <jailhouse/cell-config.h>
#include <jailhouse/header.h>

#include "hypercall.h"
#include "fuzz.h"

#define HV_MEMORY	0x3b000000ULL	/* memmap= of the test VM */
#define NUM_CODES		(JAILHOUSE_HC_DEBUG_CONSOLE_PUTC + 1)

static ulong seed = 1;
module_param(seed, ulong, 0444);
MODULE_PARM_DESC(seed, "first seed; CPU n uses seed + n");
static uint iterations = 1000;
module_param(iterations, uint, 0444);
MODULE_PARM_DESC(iterations, "hypercalls per CPU");

static __u64 targets[] = {
	0,			/* the fake descriptor, filled at load */
	0,			/* the module's own data, filled at load */
	0x1000, HV_MEMORY, HV_MEMORY + 0x100000, 0x3c000000,
	0xb0000000, 0xfec00000, 0xfed90000, 0xfee00000, 0xfffff000,
	1ULL << 52, 0xfffffffffffff000ULL,
};

static atomic_t answered = ATOMIC_INIT(0);

static bool hypervisor_present(void)
{
	unsigned int eax, sig[3];

	cpuid(JAILHOUSE_CPUID_SIGNATURE, &eax, &sig[0], &sig[1], &sig[2]);
	return !memcmp(sig, "Jailhouse\0\0\0", sizeof(sig));
}

static void fuzz_call(struct fuzz_rng *rng)
{
	__u64 code = fuzz_code(rng, NUM_CODES);
	__u64 arg1 = fuzz_value(rng, targets, ARRAY_SIZE(targets));
	__u64 arg2 = fuzz_value(rng, targets, ARRAY_SIZE(targets));

	if (code == JAILHOUSE_HC_DISABLE)
		return;
	if (code == JAILHOUSE_HC_DEBUG_CONSOLE_PUTC)
		arg1 = (arg1 & ~0xffULL) | 'h';
	if (jailhouse_call(code, arg1, arg2) >= 0)
		atomic_inc(&answered);
}

static void fuzz_cpu(struct work_struct *work)
{
	unsigned int cpu = raw_smp_processor_id();
	struct fuzz_rng rng;
	unsigned int i;

	fuzz_seed(&rng, seed + cpu);
	for (i = 0; i < iterations; i++) {
		fuzz_call(&rng);
		if (i % 1000 == 999)
			pr_info("jh_hcfuzz: CPU %u: %u calls\n", cpu, i + 1);
		cond_resched();
	}
}

/* fuzz_cpu() on every online CPU at once; returns when all are done. */
static int fuzz_all_cpus(void)
{
	struct work_struct *works;
	unsigned int cpu;

	works = kcalloc(nr_cpu_ids, sizeof(*works), GFP_KERNEL);
	if (!works)
		return -ENOMEM;
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		INIT_WORK(&works[cpu], fuzz_cpu);
		schedule_work_on(cpu, &works[cpu]);
	}
	for_each_online_cpu(cpu)
		flush_work(&works[cpu]);
	cpus_read_unlock();
	kfree(works);
	return 0;
}

/* A page that passes the first checks of a cell descriptor. */
static void *fake_descriptor(void)
{
	struct jailhouse_cell_desc *desc = kmalloc(PAGE_SIZE, GFP_KERNEL);

	if (!desc)
		return NULL;
	get_random_bytes(desc, PAGE_SIZE);
	memcpy(desc->signature, JAILHOUSE_CELL_DESC_SIGNATURE,
	       JAILHOUSE_SIGNATURE_LEN);
	desc->architecture = JAILHOUSE_ARCH_X86;
	desc->revision = JAILHOUSE_CONFIG_REVISION;
	return desc;
}

static int __init hc_fuzz_init(void)
{
	void *desc;
	int err;

	if (!hypervisor_present())
		return -ENODEV;
	desc = fake_descriptor();
	if (!desc)
		return -ENOMEM;
	targets[0] = virt_to_phys(desc);
	targets[1] = virt_to_phys(&answered);
	pr_info("jh_hcfuzz: seed %lu, %u calls per CPU\n", seed, iterations);
	err = fuzz_all_cpus();
	kfree(desc);
	if (err)
		return err;
	pr_info("jh_hcfuzz: done, %d calls answered >= 0\n",
		atomic_read(&answered));
	return 0;
}

static void __exit hc_fuzz_exit(void)
{
}

module_init(hc_fuzz_init);
module_exit(hc_fuzz_exit);
MODULE_DESCRIPTION("Root cell hypercall fuzzer (test only)");
MODULE_LICENSE("GPL");
