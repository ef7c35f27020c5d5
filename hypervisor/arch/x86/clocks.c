// SPDX-License-Identifier: GPL-2.0
/*
 * The clocks cells are told about (jailhouse/arch.h, the comm region):
 * the TSC and the local APIC timer, each from the system config or, where
 * it says 0, measured against the ACPI PM timer over 10 ms.
 *
 * The TSC is measured at enable. The APIC timer is measured on the first
 * CPU that starts in a cell other than the root cell, before its guest
 * runs, right after apic_clear() stopped its timer: Linux has taken that
 * CPU offline and no longer uses it. (Measuring on a live Linux CPU at
 * enable lost a timer event about once in 20 enables under QEMU, and RCU
 * stalled.)
 */
#include <jailhouse/arch.h>
#include <jailhouse/atomic.h>
#include <jailhouse/control.h>
#include <jailhouse/printk.h>
#include <asm/apic.h>
#include <asm/clocks.h>
#include <asm/processor.h>

#include "config.h"

#define PM_TIMER_HZ		3579545
#define PM_TIMER_MASK		0xffffff
/* 10 ms of PM timer ticks. */
#define PM_TIMER_CALIBRATE	(PM_TIMER_HZ / 100)
/* When nothing else is known: 1 GHz, what inmates assume too. */
#define DEFAULT_TSC_KHZ		1000000

#define MSR_X2APIC_TMCCT	0x839
#define TIMER_DIVIDE_BY_1	0xb
#define TIMER_COUNT_MAX		0xffffffffU

static __u32 tsc_khz, apic_khz;

__u64 arch_tsc(void)
{
	return read_tsc();
}

__u32 arch_tsc_khz(void)
{
	return tsc_khz;
}

__u32 arch_apic_khz(void)
{
	return apic_khz;
}

static __u32 pm_timer_read(__u16 port)
{
	return inl(port) & PM_TIMER_MASK;
}

/* A PM timer reading and the other clock's value at that moment. */
struct clock_sample {
	__u32 pm;
	__u64 ticks;
};

#define SAMPLE_TRIES		3

/*
 * Read the PM timer between two readings of the other clock, and take
 * their midpoint as its value then: nesting one span in the other would
 * leave out (or add) the port reads at each end, a bias that made the APIC
 * timer 0.5 % slow under QEMU. Of a few tries, the tightest pair counts,
 * so that a pause in one (an emulator's thread descheduled) does no harm.
 */
static struct clock_sample sample_clocks(__u16 port, __u64 (*read)(void))
{
	struct clock_sample best = { 0 }, now;
	__u64 before, span, best_span = ~0ULL;
	unsigned int try;

	for (try = 0; try < SAMPLE_TRIES; try++) {
		before = read();
		now.pm = pm_timer_read(port);
		span = read() - before;
		now.ticks = before + span / 2;
		if (span < best_span) {
			best = now;
			best_span = span;
		}
	}
	return best;
}

/* The rate in kHz of a clock that @read gives (counting up) over 10 ms. */
static __u32 measure_khz(__u16 port, __u64 (*read)(void))
{
	struct clock_sample start = sample_clocks(port, read), end;
	__u32 pm_ticks;

	do {
		cpu_relax();
		pm_ticks = (pm_timer_read(port) - start.pm) & PM_TIMER_MASK;
	} while (pm_ticks < PM_TIMER_CALIBRATE);
	end = sample_clocks(port, read);
	pm_ticks = (end.pm - start.pm) & PM_TIMER_MASK;
	return (end.ticks - start.ticks) * PM_TIMER_HZ / pm_ticks / 1000;
}

/* The APIC timer's count so far, counting up from its start at the max. */
static __u64 apic_timer_elapsed(void)
{
	return TIMER_COUNT_MAX - apic_reg_read(MSR_X2APIC_TMCCT);
}

/* One-shot, masked, divide by 1, from the largest count; stopped again. */
static __u32 measure_apic(__u16 port)
{
	__u32 khz;

	apic_reg_write(MSR_X2APIC_LVT_TIMER, APIC_LVT_MASKED);
	apic_reg_write(MSR_X2APIC_TDCR, TIMER_DIVIDE_BY_1);
	apic_reg_write(MSR_X2APIC_TMICT, TIMER_COUNT_MAX);
	khz = measure_khz(port, apic_timer_elapsed);
	apic_reg_write(MSR_X2APIC_TMICT, 0);
	return khz;
}

void clocks_init(void)
{
	const struct jailhouse_platform_info *pf = &system_config->platform;

	tsc_khz = pf->tsc_khz;
	if (!tsc_khz && pf->pm_timer_address)
		tsc_khz = measure_khz(pf->pm_timer_address, arch_tsc);
	if (!tsc_khz)
		tsc_khz = DEFAULT_TSC_KHZ;
	apic_khz = pf->apic_khz;
	printk("TSC: %u kHz\n", tsc_khz);
}

__u32 clocks_cell_cpu_apic_khz(void)
{
	const struct jailhouse_platform_info *pf = &system_config->platform;
	__u32 khz = atomic_load_relaxed(&apic_khz);

	if (!khz && pf->pm_timer_address) {
		khz = measure_apic(pf->pm_timer_address);
		atomic_store_relaxed(&apic_khz, khz);
		printk("APIC timer: %u kHz\n", khz);
	}
	return khz;
}
