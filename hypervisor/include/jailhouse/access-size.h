/* SPDX-License-Identifier: GPL-2.0 */
/* Masks for guest accesses of 1, 2 or 4 bytes (ports, MMIO, PCI). */
#ifndef _JAILHOUSE_ACCESS_SIZE_H
#define _JAILHOUSE_ACCESS_SIZE_H

#include <jailhouse/types.h>

/** The low @size bytes (1, 2 or 4; more counts as 4) as a mask. */
static inline __u32 access_size_mask(unsigned int size)
{
	return size >= 4 ? 0xffffffff : (1U << (8 * size)) - 1;
}

#endif /* !_JAILHOUSE_ACCESS_SIZE_H */
