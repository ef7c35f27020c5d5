// SPDX-License-Identifier: GPL-2.0
/*
 * The clocks cells are told about (jailhouse/arch.h, the comm region):
 * the TSC and the local APIC timer, each from the system config or, where
 * it says 0, measured against the ACPI PM timer over 10 ms.
 *
 * The TSC is measured at enable. The APIC timer is measured on the first
 * CPU that starts in a cell other than the root cell, before its guest
 * runs: Linux has taken that CPU offline and no longer uses its timer.
 * (Measuring on a live Linux CPU at enable lost a timer event about once
 * in 20 enables under QEMU, and RCU stalled.) Its state is saved and put
 * back all the same, for the next guest.
 */
#include <jailhouse/arch.h>
#include <jailhouse/control.h>
#include <jailhouse/printk.h>
#include <asm/apic.h>
#include <asm/clocks.h>
#include <asm/ipi.h>
#include <asm/processor.h>

#include "config.h"

#define PM_TIMER_HZ		3579545
#define PM_TIMER_MASK		0xffffff
/* 10 ms of PM timer ticks. */
#define PM_TIMER_CALIBRATE	(PM_TIMER_HZ / 100)
/* When nothing else is known: 1 GHz, what inmates assume too. */
#define DEFAULT_TSC_KHZ		1000000

#define MSR_TSC_DEADLINE	0x6e0
#define MSR_X2APIC_BASE		0x800
#define APIC_REG_LVT_TIMER	0x320
#define APIC_REG_TIMER_INITIAL	0x380
#define APIC_REG_TIMER_CURRENT	0x390
#define APIC_REG_TIMER_DIVIDE	0x3e0
#define LVT_MASKED		(1U << 16)
#define LVT_TIMER_MODE_MASK	(3U << 17)
#define LVT_TIMER_PERIODIC	(1U << 17)
#define LVT_TIMER_DEADLINE	(2U << 17)
#define TIMER_DIVIDE_BY_1	0xb

static __u32 tsc_khz, apic_khz;

/* What Linux left in its APIC timer. */
struct apic_timer {
	__u32 lvt, divide, initial, current;
	__u64 deadline;
};

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

static __u32 apic_read(unsigned int reg)
{
	if (x2apic_mode())
		return read_msr(MSR_X2APIC_BASE + (reg >> 4));
	return *xapic_reg(reg);
}

static void apic_write(unsigned int reg, __u32 value)
{
	if (x2apic_mode())
		write_msr(MSR_X2APIC_BASE + (reg >> 4), value);
	else
		*xapic_reg(reg) = value;
}

static void timer_save(struct apic_timer *t)
{
	t->lvt = apic_read(APIC_REG_LVT_TIMER);
	t->divide = apic_read(APIC_REG_TIMER_DIVIDE);
	t->initial = apic_read(APIC_REG_TIMER_INITIAL);
	t->current = apic_read(APIC_REG_TIMER_CURRENT);
	t->deadline = (t->lvt & LVT_TIMER_MODE_MASK) == LVT_TIMER_DEADLINE ?
		      read_msr(MSR_TSC_DEADLINE) : 0;
}

/*
 * Back to the saved mode: a periodic timer restarts its period, a
 * one-shot one counts down what was left, a deadline is armed again
 * (at once if it passed meanwhile).
 */
static void timer_restore(const struct apic_timer *t)
{
	apic_write(APIC_REG_LVT_TIMER, t->lvt);
	apic_write(APIC_REG_TIMER_DIVIDE, t->divide);
	switch (t->lvt & LVT_TIMER_MODE_MASK) {
	case LVT_TIMER_DEADLINE:
		if (t->deadline)
			write_msr(MSR_TSC_DEADLINE, t->deadline);
		break;
	case LVT_TIMER_PERIODIC:
		apic_write(APIC_REG_TIMER_INITIAL, t->initial);
		break;
	default:
		apic_write(APIC_REG_TIMER_INITIAL, t->current);
	}
}

static void wait_10ms(__u16 pm_port)
{
	__u32 start = inl(pm_port) & PM_TIMER_MASK;

	while (((inl(pm_port) - start) & PM_TIMER_MASK) < PM_TIMER_CALIBRATE)
		cpu_relax();
}

static __u32 measure_tsc(__u16 pm_port)
{
	__u64 start = arch_tsc();

	wait_10ms(pm_port);
	return (arch_tsc() - start) / 10;
}

static __u32 measure_apic(__u16 pm_port)
{
	struct apic_timer saved;
	__u32 khz;

	timer_save(&saved);
	apic_write(APIC_REG_LVT_TIMER, LVT_MASKED);
	apic_write(APIC_REG_TIMER_DIVIDE, TIMER_DIVIDE_BY_1);
	apic_write(APIC_REG_TIMER_INITIAL, 0xffffffff);
	wait_10ms(pm_port);
	khz = (0xffffffff - apic_read(APIC_REG_TIMER_CURRENT)) / 10;
	timer_restore(&saved);
	return khz;
}

void clocks_init(void)
{
	const struct jailhouse_platform_info *pf = &system_config->platform;

	tsc_khz = pf->tsc_khz;
	if (!tsc_khz && pf->pm_timer_address)
		tsc_khz = measure_tsc(pf->pm_timer_address);
	if (!tsc_khz)
		tsc_khz = DEFAULT_TSC_KHZ;
	apic_khz = pf->apic_khz;
	printk("TSC: %u kHz\n", tsc_khz);
}

__u32 clocks_cell_cpu_apic_khz(void)
{
	const struct jailhouse_platform_info *pf = &system_config->platform;
	__u32 khz = __atomic_load_n(&apic_khz, __ATOMIC_RELAXED);

	if (!khz && pf->pm_timer_address) {
		khz = measure_apic(pf->pm_timer_address);
		__atomic_store_n(&apic_khz, khz, __ATOMIC_RELAXED);
		printk("APIC timer: %u kHz\n", khz);
	}
	return khz;
}
