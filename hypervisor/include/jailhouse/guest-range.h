/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Checks of guest-physical ranges a cell hands to the hypervisor.
 *
 * Every address and length in a hypercall comes from the calling cell and
 * is hostile until checked here against the caller's own memory regions.
 */
#ifndef _JAILHOUSE_GUEST_RANGE_H
#define _JAILHOUSE_GUEST_RANGE_H

#include <jailhouse/cell-config.h>

/**
 * Whether the guest-physical range [@gpa, @gpa + @len) lies entirely in
 * the cell's RAM: in memory regions (possibly several adjacent ones) that
 * each have every flag of @flags (JAILHOUSE_MEM_READ, ..._WRITE). Device
 * regions (JAILHOUSE_MEM_IO) and the comm region never qualify: reading a
 * register can have side effects, and the comm page is the hypervisor's.
 *
 * Overflow-safe for any 64-bit @gpa and @len; regions are as validated by
 * lib/config.c (non-empty, not wrapping).
 *
 * Return: 0, -EINVAL if @len is 0 or the range wraps around, -EFAULT if
 * any byte lies outside qualifying regions.
 */
int guest_range_check(const struct jailhouse_memory *regions,
		      unsigned int num_regions, __u64 gpa, __u64 len,
		      __u64 flags);

#endif /* !_JAILHOUSE_GUEST_RANGE_H */
