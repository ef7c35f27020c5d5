// SPDX-License-Identifier: GPL-2.0
/*
 * The environment Jailhouse's inmate library expects (docs/inmates.md),
 * used the way that library uses it: the local APIC through the x2APIC
 * MSRs only (id, spurious vector, one-shot timer at apic_khz / 16 without
 * touching the divide register, EOI, self IPI), on any host, and the ACPI
 * PM timer port from the comm region. Prints ten PM
 * timer readings and the timer's delay, then reports SUCCESS; a refused
 * access fails the cell instead.
 */
#include "isolation.h"

#define X2APIC_ID		0x802
#define X2APIC_EOI		0x80b
#define X2APIC_SVR		0x80f
#define X2APIC_ICR		0x830
#define X2APIC_LVT_TIMER	0x832
#define X2APIC_TMICT		0x838
#define X2APIC_TMCCT		0x839
#define X2APIC_TDCR		0x83e
#define X2APIC_SELF_IPI		0x83f
#define SVR_ENABLE_SPURIOUS	0x1ff
#define TDCR_DIV_16		0x3
#define TIMER_EARLIEST_NS	5000000ULL
#define TIMER_VECTOR		0x40
#define IPI_VECTOR		0x41
#define PM_TIMER_MASK		0xffffff
#define PM_TIMER_HZ		3579545ULL
/*
 * TSC cycles to wait for an interrupt: seconds at any speed, since an
 * emulator on a loaded host may run the CPU only now and then.
 */
#define WAIT_CYCLES		10000000000ULL
#define PM_READINGS		10

const char test_name[] = "x2apic-lib";

static volatile unsigned int timer_hits, ipi_hits;

static void timer_interrupt(unsigned int vector)
{
	(void)vector;
	timer_hits++;
	write_msr(X2APIC_EOI, 0);
}

static void ipi_interrupt(unsigned int vector)
{
	(void)vector;
	ipi_hits++;
	write_msr(X2APIC_EOI, 0);
}

static bool wait_for(volatile unsigned int *hits)
{
	u64 start = read_tsc();

	irq_enable();
	while (!*hits && read_tsc() - start < WAIT_CYCLES)
		cpu_relax();
	irq_disable();
	return *hits;
}

/* Ten readings 1 ms apart, each later than the one before. */
static bool pm_timer_runs(u16 port)
{
	u32 last = inl(port) & PM_TIMER_MASK, now;
	unsigned int n;

	for (n = 0; n < PM_READINGS; n++) {
		delay_us(1000);
		now = inl(port) & PM_TIMER_MASK;
		printk("%s: pm-timer %u: %llu us\n", test_name, n,
		       (((now - last) & PM_TIMER_MASK) * 1000000ULL) /
		       PM_TIMER_HZ);
		if (now == last)
			return false;
		last = now;
	}
	return true;
}

/*
 * As Jailhouse's library: the divide register left as the cell found it
 * (by 16), a 10 ms one-shot at comm region apic_khz / 16 ticks per
 * second. A wrong divide fires far too early (by 1: after 0.6 ms);
 * late is fine, an emulator may pause.
 */
static bool timer_fires(void)
{
	u64 ticks = comm_region->apic_khz * 1000ULL / 16 / 100, start;
	u32 divide = read_msr(X2APIC_TDCR);

	if (!ticks)
		ticks = 1000000;
	write_msr(X2APIC_LVT_TIMER, TIMER_VECTOR);
	start = tsc_read_ns();
	write_msr(X2APIC_TMICT, ticks);
	if (!wait_for(&timer_hits))
		return false;
	printk("%s: APIC timer fired after %llu us (divide 0x%x), current "
	       "count %llu\n", test_name, (tsc_read_ns() - start) / 1000,
	       divide, read_msr(X2APIC_TMCCT));
	return divide == TDCR_DIV_16 &&
	       tsc_read_ns() - start >= TIMER_EARLIEST_NS;
}

void inmate_main(void)
{
	u16 pm_port = comm_region->pm_timer_address;
	u32 id = read_msr(X2APIC_ID);

	printk("%s: x2APIC id %u\n", test_name, id);
	write_msr(X2APIC_SVR, SVR_ENABLE_SPURIOUS);
	int_set_handler(TIMER_VECTOR, timer_interrupt);
	int_set_handler(IPI_VECTOR, ipi_interrupt);
	if (!pm_port || !pm_timer_runs(pm_port)) {
		test_report(TEST_FAILURE, "PM timer at port 0x%x not running",
			    pm_port);
		test_park();
	}
	if (!timer_fires()) {
		test_report(TEST_FAILURE, "no APIC timer interrupt, or not at "
			    "apic_khz / 16");
		test_park();
	}
	write_msr(X2APIC_SELF_IPI, IPI_VECTOR);
	if (!wait_for(&ipi_hits)) {
		test_report(TEST_FAILURE, "no self IPI");
		test_park();
	}
	ipi_hits = 0;
	write_msr(X2APIC_ICR, ((u64)id << 32) | IPI_VECTOR);
	if (!wait_for(&ipi_hits)) {
		test_report(TEST_FAILURE, "no IPI to x2APIC id %u", id);
		test_park();
	}
	test_report(TEST_SUCCESS, "x2APIC MSRs and PM timer as Jailhouse's "
		    "library uses them");
	test_park();
}
