// SPDX-License-Identifier: GPL-2.0
/*
 * Further CPUs of the cell, started as Jailhouse's inmate library starts
 * them: INIT, 10 ms, SIPI to vector 0 (the reset entry at address 0),
 * 200 us, SIPI again, each through the x2APIC ICR MSR, which every cell
 * but the root cell has on any host (docs/inmates.md). header.S sends a
 * CPU that finds smp_ap_stack set to smp_ap_startup() on that stack.
 */
#include <inmate.h>

#define X2APIC_ICR		0x830
#define ICR_INIT		0x00500
#define ICR_SIPI		0x00600
#define ICR_ASSERT		0x04000
#define INIT_DELAY_US		10000
#define SIPI_DELAY_US		200
#define AP_STACK_SIZE		0x2000
/* How long a started CPU may take to arrive: a second of TSC time. */
#define AP_ARRIVAL_US		1000000

/*
 * Read by header.S (32 and 64 bits): 0 for the boot CPU. In .data, not
 * .bss: the boot CPU reads it before it clears the bss.
 */
volatile unsigned long smp_ap_stack __attribute__((section(".data")));
/*
 * The reset entry's count (header.S): smp_arrivals numbers the CPUs
 * as they arrive (the first boots), smp_counted rises once each noted
 * its APIC id in smp_cpu_ids.
 */
volatile u32 smp_arrivals __attribute__((section(".data")));
volatile u32 smp_counted __attribute__((section(".data")));
volatile u8 smp_cpu_ids[SMP_MAX_APS + 1] __attribute__((section(".data")));
unsigned int smp_num_cpus;

static void (*volatile ap_entry)(void);
static u8 ap_stacks[SMP_MAX_APS][AP_STACK_SIZE]
	__attribute__((aligned(16)));
static unsigned int aps_started;

void smp_ap_startup(void);

void smp_ap_startup(void)
{
	void (*entry)(void) = ap_entry;

	int_init();
	/* The boot CPU may go on: this CPU is off the reset path. */
	smp_ap_stack = 0;
	ap_entry = NULL;
	entry();
}

/*
 * Wait until every CPU of the cell counted itself, a second at most;
 * then the count starts over, so that the next start of the cell
 * (without a new image) finds it at 0. A CPU still missing keeps it.
 */
void smp_wait_arrivals(void)
{
	u64 end = tsc_read_ns() + AP_ARRIVAL_US * 1000ULL;

	while (smp_counted < comm_region->num_cpus)
		if (tsc_read_ns() > end)
			break;
	smp_num_cpus = smp_counted;
	if (smp_num_cpus > SMP_MAX_APS + 1)
		smp_num_cpus = SMP_MAX_APS + 1;
	if (smp_counted < comm_region->num_cpus)
		return;
	smp_counted = 0;
	smp_arrivals = 0;
}

static void send_icr(u32 apic_id, u32 low)
{
	write_msr(X2APIC_ICR, ((u64)apic_id << 32) | ICR_ASSERT | low);
}

static bool ap_arrived(void)
{
	u64 end = tsc_read_ns() + AP_ARRIVAL_US * 1000ULL;

	while (ap_entry)
		if (tsc_read_ns() > end)
			return false;
	return true;
}

int smp_start_cpu(u32 apic_id, void (*entry)(void))
{
	if (aps_started == SMP_MAX_APS)
		return -1;
	ap_entry = entry;
	smp_ap_stack = (unsigned long)ap_stacks[aps_started] + AP_STACK_SIZE;
	memory_barrier();
	send_icr(apic_id, ICR_INIT);
	delay_us(INIT_DELAY_US);
	send_icr(apic_id, ICR_SIPI);
	delay_us(SIPI_DELAY_US);
	send_icr(apic_id, ICR_SIPI);
	if (!ap_arrived()) {
		smp_ap_stack = 0;
		ap_entry = NULL;
		return -1;
	}
	aps_started++;
	return 0;
}
