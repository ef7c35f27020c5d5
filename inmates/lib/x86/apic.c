// SPDX-License-Identifier: GPL-2.0
/*
 * The local APIC, in whichever mode the hypervisor left it: x2APIC
 * through MSRs, or xAPIC through its MMIO page. The mode is read from
 * IA32_APIC_BASE and never changed.
 */
#include <inmate.h>

#define APIC_ID			0x020
#define APIC_TPR		0x080
#define APIC_EOI		0x0b0
#define APIC_SVR		0x0f0
#define APIC_ICR		0x300
#define APIC_ICR_HIGH		0x310
#define APIC_LVT_TIMER		0x320
#define APIC_TMICT		0x380
#define APIC_TDCR		0x3e0

#define APIC_SVR_ENABLE		0x100
#define APIC_SPURIOUS_VECTOR	0xff
#define APIC_ICR_BUSY		0x1000
#define APIC_LVT_MASKED		0x10000
#define APIC_LVT_PERIODIC	0x20000
#define APIC_TDCR_DIV_1		0xb
#define X2APIC_MSR_BASE		0x800

static bool x2apic;
static unsigned long xapic_base;

static u32 apic_read(unsigned int reg)
{
	if (x2apic)
		return read_msr(X2APIC_MSR_BASE + (reg >> 4));
	return mmio_read32(xapic_base + reg);
}

static void apic_write(unsigned int reg, u32 value)
{
	if (x2apic)
		write_msr(X2APIC_MSR_BASE + (reg >> 4), value);
	else
		mmio_write32(xapic_base + reg, value);
}

void apic_init(void)
{
	u64 base = read_msr(MSR_IA32_APIC_BASE);

	x2apic = base & APIC_BASE_X2APIC;
	xapic_base = base & APIC_BASE_ADDR_MASK;
	apic_write(APIC_TPR, 0);
	apic_write(APIC_SVR, APIC_SVR_ENABLE | APIC_SPURIOUS_VECTOR);
}

u32 apic_id(void)
{
	u32 id = apic_read(APIC_ID);

	return x2apic ? id : id >> 24;
}

void apic_eoi(void)
{
	apic_write(APIC_EOI, 0);
}

void apic_send_ipi(u32 dest_apic_id, u32 icr_low)
{
	if (x2apic) {
		write_msr(X2APIC_MSR_BASE + (APIC_ICR >> 4),
			  ((u64)dest_apic_id << 32) | icr_low);
		return;
	}
	apic_write(APIC_ICR_HIGH, dest_apic_id << 24);
	apic_write(APIC_ICR, icr_low);
	while (apic_read(APIC_ICR) & APIC_ICR_BUSY)
		cpu_relax();
}

int apic_timer_start_periodic(u64 period_ns, u8 vector)
{
	u64 ticks;

	if (!comm_region->apic_khz)
		return -1;
	ticks = ns_to_ticks(period_ns, comm_region->apic_khz);
	if (!ticks || ticks > 0xffffffff)
		return -1;
	apic_write(APIC_TDCR, APIC_TDCR_DIV_1);
	apic_write(APIC_LVT_TIMER, APIC_LVT_PERIODIC | vector);
	apic_write(APIC_TMICT, ticks);
	return 0;
}

void apic_timer_stop(void)
{
	apic_write(APIC_TMICT, 0);
	apic_write(APIC_LVT_TIMER, APIC_LVT_MASKED);
}
