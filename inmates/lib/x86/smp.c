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
