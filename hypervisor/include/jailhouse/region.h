/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a cell's memory sits in the root cell: pure address arithmetic
 * over validated regions (lib/config.c: non-empty, not wrapping), so
 * that the host can test it.
 */
#ifndef _JAILHOUSE_REGION_H
#define _JAILHOUSE_REGION_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>

/**
 * The part of root region @root_mem that maps physical memory of @mem:
 * the intersection of their physical ranges, at the guest address the
 * root cell sees it under, with @root_mem's flags. The comm region (no
 * physical memory of its own) never intersects.
 * Return: whether there is such a part (then in *@part).
 */
bool region_root_part(const struct jailhouse_memory *root_mem,
		      const struct jailhouse_memory *mem,
		      struct jailhouse_memory *part);

#endif /* !_JAILHOUSE_REGION_H */
