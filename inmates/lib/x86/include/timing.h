/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Conversions between clock ticks and nanoseconds for a clock of a given
 * frequency in kHz (the comm region gives the TSC's and the APIC timer's).
 */
#ifndef _INMATE_TIMING_H
#define _INMATE_TIMING_H

#include <jailhouse/types.h>

#define NS_PER_USEC		1000ULL
#define NS_PER_MSEC		1000000ULL
#define NS_PER_SEC		1000000000ULL
#define KHZ_PER_GHZ		1000000U

/* value * mul / div without overflowing for any value, for div != 0. */
static inline __u64 scale_u64(__u64 value, __u32 mul, __u32 div)
{
	return (value / div) * mul + (value % div) * mul / div;
}

static inline __u64 ticks_to_ns(__u64 ticks, __u32 khz)
{
	return scale_u64(ticks, NS_PER_MSEC, khz);
}

static inline __u64 ns_to_ticks(__u64 ns, __u32 khz)
{
	return scale_u64(ns, khz, NS_PER_MSEC);
}

#endif /* !_INMATE_TIMING_H */
