// SPDX-License-Identifier: GPL-2.0
/*
 * A cell of more than one CPU runs as Jailhouse's smp-demo does: every
 * CPU arrives at the reset entry when the cell starts and notes its APIC
 * id; the first waits until all of the cell's have (comm region
 * num_cpus), then starts each of the others in turn with INIT and SIPI
 * through the x2APIC ICR (smp_start_cpu()). Each started CPU sends the
 * boot CPU an IPI (vector 40, x2APIC ICR by APIC id), which it waits for
 * before the next. SUCCESS once all answered, FAILURE for a CPU that
 * did not arrive, start or answer.
 */
#include "isolation.h"

#define X2APIC_ID	0x802
#define IPI_VECTOR	40
#define IPI_WAIT_US	1000000

const char test_name[] = "smp-start";

static volatile bool ipi_received;
static u32 boot_id;

static void ipi_interrupt(unsigned int vector)
{
	(void)vector;
	ipi_received = true;
}

static void __attribute__((noreturn)) secondary_main(void)
{
	printk("%s: APIC id %u started and running\n", test_name,
	       (u32)read_msr(X2APIC_ID));
	apic_send_ipi(boot_id, APIC_ICR_FIXED | APIC_ICR_ASSERT | IPI_VECTOR);
	stop();
}

static bool ipi_arrived(void)
{
	u64 end = tsc_read_ns() + IPI_WAIT_US * 1000ULL;

	while (!ipi_received)
		if (tsc_read_ns() > end)
			return false;
	return true;
}

static void start_one(u32 apic_id)
{
	ipi_received = false;
	if (smp_start_cpu(apic_id, secondary_main)) {
		test_report(TEST_FAILURE, "APIC id %u did not start", apic_id);
		test_park();
	}
	if (!ipi_arrived()) {
		test_report(TEST_FAILURE, "no IPI from APIC id %u", apic_id);
		test_park();
	}
	printk("%s: IPI from APIC id %u received\n", test_name, apic_id);
}

void inmate_main(void)
{
	unsigned int n;

	boot_id = read_msr(X2APIC_ID);
	printk("%s: boot CPU %u, %u of %u CPUs arrived\n", test_name, boot_id,
	       smp_num_cpus, comm_region->num_cpus);
	if (smp_num_cpus != comm_region->num_cpus) {
		test_report(TEST_FAILURE, "%u CPUs did not arrive",
			    comm_region->num_cpus - smp_num_cpus);
		test_park();
	}
	apic_init();
	int_set_handler(IPI_VECTOR, ipi_interrupt);
	irq_enable();
	for (n = 1; n < smp_num_cpus; n++)
		start_one(smp_cpu_ids[n]);
	irq_disable();
	test_report(TEST_SUCCESS, "%u CPUs started by INIT/SIPI",
		    smp_num_cpus - 1);
	test_park();
}
