// SPDX-License-Identifier: GPL-2.0
/* Time from the TSC, at the frequency the hypervisor measured. */
#include <inmate.h>

u32 tsc_khz(void)
{
	u32 khz = comm_region->tsc_khz;

	return khz ? khz : KHZ_PER_GHZ;
}

u64 tsc_read_ns(void)
{
	return ticks_to_ns(read_tsc(), tsc_khz());
}

void delay_us(u64 us)
{
	u64 start = read_tsc();
	u64 ticks = ns_to_ticks(us * NS_PER_USEC, tsc_khz());

	while (read_tsc() - start < ticks)
		cpu_relax();
}
