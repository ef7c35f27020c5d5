/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where an inmate image may be loaded: `jailhouse cell load` copies an
 * image only into one memory region of the target cell that the cell's
 * descriptor marks LOADABLE. Shared by the loader (the check that counts)
 * and the host tools and unit tests.
 */
#ifndef _JAILHOUSE_LIB_LOADABLE_H
#define _JAILHOUSE_LIB_LOADABLE_H

#include "config.h"

/* Whether a region may be loaded: LOADABLE, neither comm region nor I/O. */
bool jailhouse_region_loadable(const struct jailhouse_memory *mem);

/**
 * Find the region of a validated cell descriptor that holds the whole
 * guest-physical range [@address, @address + @size): a LOADABLE region
 * that is neither the comm region nor I/O memory. No arithmetic here can
 * overflow, whatever the caller passes.
 *
 * Return: the region's index, -EINVAL if @size is 0, -ERANGE if no
 * single loadable region holds the range.
 */
int jailhouse_loadable_region(const struct jailhouse_cell_desc *cell,
			      __u64 address, __u64 size);

#endif /* !_JAILHOUSE_LIB_LOADABLE_H */
