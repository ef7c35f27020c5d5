/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cell lock and the management hypercalls that create, start, load
 * and destroy cells (hypervisor/cell-lifecycle.c).
 */
#ifndef _JAILHOUSE_CELL_LIFECYCLE_H
#define _JAILHOUSE_CELL_LIFECYCLE_H

struct cell;
struct per_cpu;

/**
 * The lock over the cells, held around cell
 * management and state queries; @cpu does what other CPUs ask of it
 * while it waits.
 */
void cell_lock(struct per_cpu *cpu);
void cell_unlock(void);

/**
 * CELL_CREATE: build a cell from the descriptor at root guest-physical
 * @config_gpa (docs/cells.md). Return: the new cell's id or -errno.
 */
long cell_create(struct per_cpu *caller, unsigned long config_gpa);
/** CELL_START of a cell other than the root cell. Return: 0 or -errno. */
long cell_start(struct per_cpu *caller, struct cell *cell);
/**
 * CELL_SET_LOADABLE: stop the cell (with its consent where it needs one:
 * -EPERM if it denies). Its loadable regions stay out of the root cell.
 */
long cell_set_loadable(struct per_cpu *caller, struct cell *cell);
/**
 * CELL_LOAD: copy into the stopped @cell what the struct
 * jailhouse_load_chunk at root guest-physical @chunk_gpa describes.
 * Return: 0, -EBUSY (running), -EINVAL (size), -ERANGE (destination not
 * loadable), -EFAULT (source not root RAM).
 */
long cell_load(struct per_cpu *caller, struct cell *cell,
	       unsigned long chunk_gpa);
/** CELL_DESTROY: stop, scrub and dissolve the cell. */
long cell_destroy(struct per_cpu *caller, struct cell *cell);

#endif /* !_JAILHOUSE_CELL_LIFECYCLE_H */
