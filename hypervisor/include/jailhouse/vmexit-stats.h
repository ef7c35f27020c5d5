/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU VM-exit counters by reason (JAILHOUSE_CPU_STAT_VMEXITS_*),
 * read by the root cell with JAILHOUSE_HC_CPU_GET_INFO.
 *
 * Only the owning CPU writes its counters; other CPUs read them with
 * plain aligned 64-bit loads, which x86 performs atomically.
 */
#ifndef _JAILHOUSE_VMEXIT_STATS_H
#define _JAILHOUSE_VMEXIT_STATS_H

#include <jailhouse/hypercall.h>
#include <jailhouse/types.h>

struct vmexit_stats {
	__u64 count[JAILHOUSE_NUM_CPU_STATS];
};

/**
 * Count one exit in TOTAL and in @stat; a @stat that names no reason
 * counts as OTHER, so that the reasons always add up to TOTAL.
 */
static inline void vmexit_stats_count(struct vmexit_stats *stats,
				      unsigned int stat)
{
	if (stat == JAILHOUSE_CPU_STAT_VMEXITS_TOTAL ||
	    stat > JAILHOUSE_CPU_STAT_VMEXITS_OTHER)
		stat = JAILHOUSE_CPU_STAT_VMEXITS_OTHER;
	stats->count[JAILHOUSE_CPU_STAT_VMEXITS_TOTAL]++;
	stats->count[stat]++;
}

#endif /* !_JAILHOUSE_VMEXIT_STATS_H */
