/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cells: the root cell (Linux) and the cells created beside it
 * (docs/cells.md, "The hypervisor's side").
 */
#ifndef _JAILHOUSE_CELL_H
#define _JAILHOUSE_CELL_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>
#include <jailhouse/comm-region.h>
#include <asm/cell.h>

struct per_cpu;

/* Cells beside the root cell the hypervisor can hold at once. */
#define MAX_CELLS		16

/* A cell: its validated descriptor and what the hypervisor built for it. */
struct cell {
	const struct jailhouse_cell_desc *config;
	/** Id the root cell names it by; 0 is the root cell. */
	unsigned int id;
	/**
	 * JAILHOUSE_CELL_SHUT_DOWN (created, stopped), _RUNNING (started)
	 * or _FAILED (stopped by the hypervisor). While RUNNING, the comm
	 * region's cell_state refines it (cell_state()).
	 */
	unsigned int state;
	/** The comm region page, mapped at JAILHOUSE_COMM_REGION_ADDR. */
	struct jailhouse_comm_region *comm;
	/**
	 * Its CPUs are being or have been stopped (stop, destroy, failure):
	 * none of them may be woken by a SIPI (CPU_REQ_SIPI). Set under the
	 * cell lock or by the failing CPU, cleared only by start, with every
	 * CPU of the cell parked.
	 */
	bool frozen;
	/**
	 * Its loadable memory was cleared for the load under way: set by
	 * the first CELL_LOAD after create or SET_LOADABLE, cleared by
	 * SET_LOADABLE (cell lock).
	 */
	bool load_cleared;
	/** Pages of the descriptor copy in the pool (0: system config's). */
	unsigned long config_pages;
	/** Architecture state: nested page tables, permission bitmaps. */
	struct arch_cell arch;
};

/** Linux's cell, described by the system config's root cell. */
extern struct cell root_cell;

/** Build the root cell from the system config. Return: 0 or -errno. */
int root_cell_init(void);

/** The cells beside the root cell, NULL for free slots (cell_lock). */
extern struct cell *cells[MAX_CELLS];

#define for_each_cell(n, c)						\
	for ((n) = 0; (n) < MAX_CELLS; (n)++)				\
		if (((c) = cells[(n)]) != NULL)

/** Whether CPU @cpu_id is one of @cell's. */
bool cell_has_cpu(const struct cell *cell, unsigned int cpu_id);

/** The cell the guest on @cpu belongs to. */
struct cell *cpu_cell(struct per_cpu *cpu);
/** Whether @cell is the root cell (Linux). */
bool cell_is_root(const struct cell *cell);
/** The validated descriptor of @cell, in hypervisor memory. */
const struct jailhouse_cell_desc *cell_desc(const struct cell *cell);
/** The cell with id @id, or NULL. */
struct cell *cell_find(unsigned long id);
/** Number of cells, the root cell included. */
unsigned int cell_count(void);
/** JAILHOUSE_CELL_RUNNING ... _FAILED_COMM_REV of @cell. */
unsigned int cell_state(const struct cell *cell);

/**
 * Mark @cell FAILED and frozen, for good: only destroy ends it. The
 * caller parks its CPUs.
 */
void cell_set_failed(struct cell *cell);
/** Whether the hypervisor failed @cell. */
bool cell_failed(const struct cell *cell);

#endif /* !_JAILHOUSE_CELL_H */
