/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _JAILHOUSE_CELL_H
#define _JAILHOUSE_CELL_H

#include <jailhouse/cell-config.h>
#include <asm/cell.h>

/* A cell: its validated descriptor and what the hypervisor built for it. */
struct cell {
	const struct jailhouse_cell_desc *config;
	/** Architecture state: nested page tables, permission bitmaps. */
	struct arch_cell arch;
};

/** Linux's cell, described by the system config's root cell. */
extern struct cell root_cell;

/** Build the root cell from the system config. Return: 0 or -errno. */
int root_cell_init(void);

#endif /* !_JAILHOUSE_CELL_H */
