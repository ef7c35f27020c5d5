// SPDX-License-Identifier: GPL-2.0
/*
 * The smallest useful inmate: says hello, shows what the comm region
 * told it, then waits for the shutdown request and approves it.
 */
#include <inmate.h>

void inmate_main(void)
{
	const struct jailhouse_comm_region *comm = comm_region;

	printk("tiny-demo: hello from the cell\n");
	printk("tiny-demo: hypervisor %s, %u CPU(s), TSC %u kHz, APIC %u kHz\n",
	       hypervisor_present() ? "Jailhouse" : "not found",
	       comm->num_cpus, comm->tsc_khz, comm->apic_khz);
	printk("tiny-demo: console type %u at 0x%llx, command line \"%s\"\n",
	       comm->console.type, comm->console.address, cmdline);
	while (!inmate_shutdown_approved())
		cpu_relax();
	printk("tiny-demo: shutdown request approved, stopping\n");
}
