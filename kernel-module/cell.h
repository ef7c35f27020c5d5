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

#include <jailhouse/ioctl.h>

long jailhouse_cmd_cell_create(struct jailhouse_cell_create_args __user *arg);
long jailhouse_cmd_cell_load(struct jailhouse_cell_load_args __user *arg);
long jailhouse_cmd_cell_start(struct jailhouse_cell_id __user *arg);
long jailhouse_cmd_cell_shutdown(struct jailhouse_cell_id __user *arg);
long jailhouse_cmd_cell_destroy(struct jailhouse_cell_id __user *arg);
long jailhouse_cmd_cell_info(struct jailhouse_cell_info __user *arg);

/**
 * Whether any cell exists; under jailhouse_lock. JAILHOUSE_DISABLE is
 * refused (-EBUSY) while one does, which also keeps the module pinned.
 */
bool jailhouse_cells_present(void);

#endif /* !_JAILHOUSE_MODULE_CELL_H */
