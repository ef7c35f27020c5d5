// SPDX-License-Identifier: GPL-2.0
/*
 * Periodic local APIC timer (`period_us=N`, default 1000) and its jitter:
 * the deviation of each interval, measured with the TSC, from the period.
 * Every second's worth of ticks it prints min/avg/max in nanoseconds.
 */
#include <inmate.h>

#define TIMER_VECTOR		32
#define DEFAULT_PERIOD_US	1000

struct jitter {
	s64 min, max, sum;
	u64 count;
};

static u64 period_ns;
static u64 last_ns;
static struct jitter current;

static void jitter_add(struct jitter *j, s64 deviation)
{
	if (!j->count || deviation < j->min)
		j->min = deviation;
	if (!j->count || deviation > j->max)
		j->max = deviation;
	j->sum += deviation;
	j->count++;
}

static void timer_tick(unsigned int vector)
{
	u64 now = tsc_read_ns();

	(void)vector;
	if (last_ns)
		jitter_add(&current, (s64)(now - last_ns - period_ns));
	last_ns = now;
}

/* Take the statistics if a report is due, with the timer held off. */
static bool take_report(struct jitter *out, u64 ticks_per_report)
{
	bool due;

	irq_disable();
	due = current.count >= ticks_per_report;
	if (due) {
		*out = current;
		current = (struct jitter){ 0 };
	}
	return due;
}

static void wait_and_report(u64 ticks_per_report)
{
	struct jitter j;

	irq_enable_and_halt();
	if (!take_report(&j, ticks_per_report))
		return;
	printk("apic-demo: %llu ticks, jitter min %lld avg %lld max %lld ns\n",
	       j.count, j.min, j.sum / (s64)j.count, j.max);
}

void inmate_main(void)
{
	u64 period_us = cmdline_parse_int(cmdline, "period_us",
					  DEFAULT_PERIOD_US);
	u64 ticks_per_report;

	period_ns = period_us * NS_PER_USEC;
	ticks_per_report = period_ns ? NS_PER_SEC / period_ns : 0;
	printk("apic-demo: periodic APIC timer, period %llu us, "
	       "TSC %u kHz, APIC %u kHz\n", period_us, tsc_khz(),
	       comm_region->apic_khz);
	apic_init();
	int_set_handler(TIMER_VECTOR, timer_tick);
	if (!ticks_per_report ||
	    apic_timer_start_periodic(period_ns, TIMER_VECTOR)) {
		printk("apic-demo: cannot run the timer at this period\n");
		return;
	}
	while (!inmate_shutdown_approved())
		wait_and_report(ticks_per_report);
	apic_timer_stop();
	printk("apic-demo: shutdown request approved, stopping\n");
}
