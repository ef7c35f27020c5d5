/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypercall dispatcher (hypervisor/hypercall.c) and the few core
 * services it uses.
 *
 * The backend's exit handler reads code, arg1 and arg2 from the guest's
 * RAX, RDI and RSI, calls hypercall() and writes the result to RAX.
 * Everything in arg1 and arg2 is the calling cell's and is checked before
 * use; see docs/isolation.md for each code's checks. hypercall() is
 * declared here only.
 */
#ifndef _JAILHOUSE_HYPERCALL_HANDLER_H
#define _JAILHOUSE_HYPERCALL_HANDLER_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>
#include <jailhouse/vmexit-stats.h>

struct cell;
struct per_cpu;

/**
 * Handle hypercall @code from the guest running on @cpu.
 * Return: the value for the guest's RAX, negative errno on failure:
 * -EPERM for a management code from a non-root cell (the backend fails
 * such a cell before it gets here), -ENOSYS for an unknown code.
 */
long hypercall(struct per_cpu *cpu, unsigned long code, unsigned long arg1,
	       unsigned long arg2);

/*
 * Core services the dispatcher relies on, implemented over the core's
 * structures in hypercall-services.c; the unit tests provide fakes.
 */

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
 * The lock over the cells (cell-lifecycle.c), held around cell
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

/** The hypervisor's CPU @cpu_id (Linux numbering), or NULL if none. */
struct per_cpu *cpu_find(unsigned long cpu_id);
/** Whether @cpu was stopped after a fatal error in its guest. */
bool cpu_failed(const struct per_cpu *cpu);
/** The VM-exit counters of @cpu. */
const struct vmexit_stats *cpu_stats(const struct per_cpu *cpu);

/** Pages of the hypervisor's memory pool: all (@used false) or in use. */
unsigned long mem_pool_pages(bool used);
/** Pages of the hypervisor's remapping address space: all or in use. */
unsigned long remap_pool_pages(bool used);

/**
 * DISABLE from the root cell: give @cpu back to Linux natively. Does not
 * return on success; Linux sees 0 as the hypercall's result.
 * Return: negative errno if the CPU cannot leave.
 */
long hypervisor_disable(struct per_cpu *cpu);

/**
 * Whether @cell may print one more character on the console now: at most
 * a burst per interval for each cell (hypercall-services.c), so that no
 * cell floods the console and the CPUs that wait for it.
 */
bool cell_console_pass(const struct cell *cell);
/** Print one character on the hypervisor console. */
void console_putc(char c);

#endif /* !_JAILHOUSE_HYPERCALL_HANDLER_H */
