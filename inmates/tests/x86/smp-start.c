// SPDX-License-Identifier: GPL-2.0
/*
 * A cell with more than one CPU starts the others as Jailhouse's inmate
 * library does (smp_start_cpu(): INIT and SIPI through the x2APIC ICR).
 * Each CPU it starts (`aps=N` of them, default 1, at the APIC ids after
 * its own) records its APIC id; the boot CPU prints them and reports
 * SUCCESS, or FAILURE for a CPU that did not arrive.
 */
#include "isolation.h"

#define X2APIC_ID	0x802

const char test_name[] = "smp-start";

static volatile u32 arrived_ids[SMP_MAX_APS];
static volatile unsigned int claimed, arrived;

/* The id is in place before the boot CPU sees it counted. */
static void __attribute__((noreturn)) secondary_main(void)
{
	unsigned int slot = __atomic_fetch_add(&claimed, 1, __ATOMIC_SEQ_CST);

	arrived_ids[slot] = read_msr(X2APIC_ID);
	__atomic_fetch_add(&arrived, 1, __ATOMIC_RELEASE);
	stop();
}

void inmate_main(void)
{
	unsigned int aps = cmdline_parse_int(cmdline, "aps", 1), n;
	u32 self = read_msr(X2APIC_ID);

	if (aps > SMP_MAX_APS)
		aps = SMP_MAX_APS;
	printk("%s: CPU %u of %u, starting %u more\n", test_name, self,
	       comm_region->num_cpus, aps);
	for (n = 1; n <= aps; n++) {
		if (smp_start_cpu(self + n, secondary_main)) {
			test_report(TEST_FAILURE, "APIC id %u did not start",
				    self + n);
			test_park();
		}
		while (__atomic_load_n(&arrived, __ATOMIC_ACQUIRE) < n)
			cpu_relax();
		printk("%s: APIC id %u started and running\n", test_name,
		       arrived_ids[n - 1]);
	}
	test_report(TEST_SUCCESS, "%u CPUs started by INIT/SIPI", aps);
	test_park();
}
