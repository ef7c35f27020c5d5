/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cells beside the root cell: JAILHOUSE_CELL_CREATE, _LOAD, _START,
 * _SHUTDOWN, _DESTROY and _INFO (docs/cells.md).
 *
 * Every handler takes the enable lock and answers -ENODEV unless the
 * hypervisor runs; each refusal logs one line naming the cell, the field
 * and the reason, and leaves nothing half-applied.
 */
#ifndef _JAILHOUSE_MODULE_CELL_H
#define _JAILHOUSE_MODULE_CELL_H

#include <linux/types.h>

#include <jailhouse/cell-config.h>
#include <jailhouse/hypercall.h>
#include <jailhouse/ioctl.h>

#include "verify.h"

long jailhouse_cmd_cell_create(struct jailhouse_cell_create_args __user *arg);
long jailhouse_cmd_cell_load(struct jailhouse_cell_load_args __user *arg);
long jailhouse_cmd_cell_start(struct jailhouse_cell_id __user *arg);
long jailhouse_cmd_cell_shutdown(struct jailhouse_cell_id __user *arg);
long jailhouse_cmd_cell_destroy(struct jailhouse_cell_id __user *arg);
long jailhouse_cmd_cell_info(struct jailhouse_cell_info __user *arg);
long jailhouse_cmd_cell_load_linux(struct jailhouse_cell_linux_args __user *arg);

/*
 * The steps of a load, for loads laid out elsewhere (linux.c). Each
 * runs under jailhouse_lock and logs its refusals.
 */
struct cell;

/** The cell @id names, if the hypervisor runs and the name is sane. */
int jailhouse_cell_lookup(const struct jailhouse_cell_id *id,
			  struct cell **out);
/** Its validated descriptor. */
const struct jailhouse_cell_desc *jailhouse_cell_desc(const struct cell *cell);
/** An inmate image signed for the cell and admitted by its class. */
int jailhouse_cell_verify_inmate(struct cell *cell, int fd,
				 struct jailhouse_verified *v);
/**
 * An unsigned string (`cell load -s`): data the inmate trusts, so its
 * class must accept such strings. Measure it with
 * jailhouse_cell_measure_string() once its place is checked, before
 * anything loads.
 */
int jailhouse_cell_read_string(struct cell *cell, int fd,
			       struct jailhouse_verified *v);
/** Log @size bytes the loader puts at @address unsigned. */
int jailhouse_cell_measure_string(struct cell *cell, u64 address,
				  const void *data, size_t size);
/** Stop the cell for a load (SET_LOADABLE); it is no longer loaded. */
int jailhouse_cell_stop_for_load(struct cell *cell);
/** Have the hypervisor copy @size bytes of @data to @address. */
int jailhouse_cell_copy(struct cell *cell, u64 address, const void *data,
			size_t size, struct jailhouse_load_chunk *chunk);
/** The load completed: start is allowed. */
void jailhouse_cell_set_loaded(struct cell *cell);

/**
 * Whether any cell exists; under jailhouse_lock. JAILHOUSE_DISABLE is
 * refused (-EBUSY) while one does, which also keeps the module pinned.
 */
bool jailhouse_cells_present(void);

#endif /* !_JAILHOUSE_MODULE_CELL_H */
