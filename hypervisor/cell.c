// SPDX-License-Identifier: GPL-2.0
/*
 * The cells the hypervisor holds: the root cell and the slots of the
 * others, looked up by id. Changes happen under cell_lock (control.c).
 */
#include <jailhouse/arch.h>
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/comm.h>
#include <jailhouse/control.h>
#include <jailhouse/ivshmem.h>

#include "config.h"

struct cell root_cell;
struct cell *cells[MAX_CELLS];

int root_cell_init(void)
{
	int err;

	root_cell.config = &system_config->root_cell;
	root_cell.state = JAILHOUSE_CELL_RUNNING;
	err = arch_cell_init(&root_cell);
	if (!err)
		ivshmem_cell_add(&root_cell);
	return err;
}

bool cell_has_cpu(const struct cell *cell, unsigned int cpu_id)
{
	return jailhouse_cell_has_cpu(cell->config, cpu_id);
}

struct cell *cpu_cell(struct per_cpu *cpu)
{
	return cpu->cell;
}

bool cell_is_root(const struct cell *cell)
{
	return cell == &root_cell;
}

const struct jailhouse_cell_desc *cell_desc(const struct cell *cell)
{
	return cell->config;
}

/* Ids are looked up, never used as indexes before the range check. */
struct cell *cell_find(unsigned long id)
{
	if (id == 0)
		return &root_cell;
	if (id > MAX_CELLS)
		return NULL;
	return atomic_load_acquire(&cells[id - 1]);
}

unsigned int cell_count(void)
{
	unsigned int n, count = 1;
	struct cell *cell;

	for_each_cell(n, cell)
		count++;
	return count;
}

/*
 * Frozen first: a SIPI a sibling sends before it parks then finds the
 * cell frozen, at the sender (apic.c) or at the target (take_sipi()),
 * and no CPU of it runs again. Start, set loadable and load refuse a
 * failed cell (cell-lifecycle.c), so the freeze is never lifted.
 */
void cell_set_failed(struct cell *cell)
{
	atomic_store_seq_cst(&cell->frozen, true);
	atomic_store_release(&cell->state, JAILHOUSE_CELL_FAILED);
}

bool cell_failed(const struct cell *cell)
{
	return atomic_load_acquire(&cell->state) == JAILHOUSE_CELL_FAILED;
}

/*
 * A started cell reports its own state in the comm region; a stopped or
 * failed one has the hypervisor's.
 */
unsigned int cell_state(const struct cell *cell)
{
	unsigned int state = atomic_load_acquire(&cell->state);

	if (state != JAILHOUSE_CELL_RUNNING || !cell->comm)
		return state;
	return comm_cell_state(cell->comm);
}
