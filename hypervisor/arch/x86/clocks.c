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

/*
 * The rate in kHz of a clock that @read gives (counting up) against the PM
 * timer at @port, over at least 10 ms. Each end reads both clocks back to
 * back, the other clock's span nested in the PM timer's, so that a pause
 * inside the window (an emulator's thread descheduled) stretches both.
 */
static __u32 measure_khz(__u16 port, __u64 (*read)(void))
{
	__u32 pm_start = pm_timer_read(port), pm_ticks;
	__u64 start = read(), ticks;

	do {
		cpu_relax();
		pm_ticks = (pm_timer_read(port) - pm_start) & PM_TIMER_MASK;
	} while (pm_ticks < PM_TIMER_CALIBRATE);
	ticks = read() - start;
	pm_ticks = (pm_timer_read(port) - pm_start) & PM_TIMER_MASK;
	return ticks * PM_TIMER_HZ / pm_ticks / 1000;
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
