// SPDX-License-Identifier: GPL-2.0
/*
 * The hypercall dispatcher; the ABI is include/jailhouse/hypercall.h.
 *
 * Every code but DEBUG_CONSOLE_PUTC manages the machine and is the root
 * cell's alone (hypercall_permitted()). Every argument is the caller's
 * and hostile: ids are looked up, never used as indexes; guest addresses
 * are checked against the caller's own RAM before anything reads them.
 */
#include <jailhouse/cell.h>
#include <jailhouse/cell-lifecycle.h>
#include <jailhouse/errno.h>
#include <jailhouse/guest-range.h>
#include <jailhouse/header.h>
#include <jailhouse/hypercall-handler.h>
#include <jailhouse/hypercall-services.h>

#include "config.h"

#define LONG_MAX_U64	0x7fffffffffffffffULL

/* CELL_CREATE: @gpa must hold at least a descriptor header in root RAM. */
static long create(struct per_cpu *cpu, const struct cell *caller,
		   unsigned long gpa)
{
	const struct jailhouse_cell_desc *desc = cell_desc(caller);
	int err;

	err = guest_range_check(jailhouse_cell_mem_regions(desc),
				desc->num_memory_regions, gpa,
				sizeof(struct jailhouse_cell_desc),
				JAILHOUSE_MEM_READ);
	return err ? err : cell_create(cpu, gpa);
}

/*
 * CELL_START, CELL_SET_LOADABLE, CELL_LOAD, CELL_DESTROY: @id must name a
 * cell other than the root cell; CELL_LOAD's @arg must hold a load chunk
 * in root RAM.
 */
static long manage(struct per_cpu *cpu, const struct cell *caller,
		   unsigned long code, unsigned long id, unsigned long arg)
{
	const struct jailhouse_cell_desc *desc = cell_desc(caller);
	struct cell *cell = cell_find(id);

	if (!cell)
		return -ENOENT;
	if (cell_is_root(cell))
		return -EINVAL;
	switch (code) {
	case JAILHOUSE_HC_CELL_START:
		return cell_start(cpu, cell);
	case JAILHOUSE_HC_CELL_SET_LOADABLE:
		return cell_set_loadable(cpu, cell);
	case JAILHOUSE_HC_CELL_LOAD:
		return guest_range_check(jailhouse_cell_mem_regions(desc),
					 desc->num_memory_regions, arg,
					 sizeof(struct jailhouse_load_chunk),
					 JAILHOUSE_MEM_READ) ?:
		       cell_load(cpu, cell, arg);
	default: /* JAILHOUSE_HC_CELL_DESTROY */
		return cell_destroy(cpu, cell);
	}
}

static long cell_get_state(unsigned long id)
{
	const struct cell *cell = cell_find(id);

	return cell ? (long)cell_state(cell) : -ENOENT;
}

static long hypervisor_get_info(unsigned long item)
{
	switch (item) {
	case JAILHOUSE_INFO_MEM_POOL_SIZE:
		return mem_pool_pages(false);
	case JAILHOUSE_INFO_MEM_POOL_USED:
		return mem_pool_pages(true);
	case JAILHOUSE_INFO_REMAP_POOL_SIZE:
		return remap_pool_pages(false);
	case JAILHOUSE_INFO_REMAP_POOL_USED:
		return remap_pool_pages(true);
	case JAILHOUSE_INFO_NUM_CELLS:
		return cell_count();
	default:
		return -EINVAL;
	}
}

/* A counter as a non-negative RAX value: saturates rather than wraps. */
static long counter_value(__u64 count)
{
	return count > LONG_MAX_U64 ? (long)LONG_MAX_U64 : (long)count;
}

static long cpu_get_info(unsigned long cpu_id, unsigned long item)
{
	const struct per_cpu *cpu = cpu_find(cpu_id);
	unsigned long stat;

	if (!cpu)
		return -EINVAL;
	if (item == JAILHOUSE_CPU_INFO_STATE)
		return cpu_failed(cpu) ? JAILHOUSE_CPU_FAILED :
					 JAILHOUSE_CPU_RUNNING;
	if (item < JAILHOUSE_CPU_INFO_STAT_BASE)
		return -EINVAL;
	stat = item - JAILHOUSE_CPU_INFO_STAT_BASE;
	if (stat >= JAILHOUSE_NUM_CPU_STATS)
		return -EINVAL;
	return counter_value(cpu_stats(cpu)->count[stat]);
}

/*
 * Jailhouse's inmate library ends its lines with "\r\n". The console
 * adds its own '\r' before each '\n' on the UART, so a cell's '\r' is
 * dropped (not shown as '?'): a carriage return alone would also let a
 * cell overwrite what the console showed before it on the same line.
 */
static long debug_console_putc(const struct cell *caller, unsigned long c)
{
	if ((char)c == '\r')
		return 0;
	if (!cell_is_root(caller) &&
	    !(cell_desc(caller)->flags &
	      JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED))
		return -EPERM;
	if (!cell_console_pass(caller))
		return -EBUSY;
	console_putc(jailhouse_console_char((char)c));
	return 0;
}

static long management_call(struct per_cpu *cpu, const struct cell *caller,
			    unsigned long code, unsigned long arg1,
			    unsigned long arg2)
{
	switch (code) {
	case JAILHOUSE_HC_DISABLE:
		return hypervisor_disable(cpu);
	case JAILHOUSE_HC_CELL_CREATE:
		return create(cpu, caller, arg1);
	case JAILHOUSE_HC_CELL_START:
	case JAILHOUSE_HC_CELL_SET_LOADABLE:
	case JAILHOUSE_HC_CELL_LOAD:
	case JAILHOUSE_HC_CELL_DESTROY:
		return manage(cpu, caller, code, arg1, arg2);
	case JAILHOUSE_HC_HYPERVISOR_GET_INFO:
		return hypervisor_get_info(arg1);
	case JAILHOUSE_HC_CELL_GET_STATE:
		return cell_get_state(arg1);
	default: /* JAILHOUSE_HC_CPU_GET_INFO */
		return cpu_get_info(arg1, arg2);
	}
}

/*
 * Codes that read or change cells run under the cell lock, and so does
 * GET_INFO: taking the lock reports the DMA faults since the last time
 * (iommu_check_faults()), so `jailhouse hypervisor info` shows them.
 */
static bool needs_cell_lock(unsigned long code)
{
	return code != JAILHOUSE_HC_DISABLE &&
	       code != JAILHOUSE_HC_CPU_GET_INFO;
}

static long root_call(struct per_cpu *cpu, const struct cell *caller,
		      unsigned long code, unsigned long arg1,
		      unsigned long arg2)
{
	long ret;

	if (!needs_cell_lock(code))
		return management_call(cpu, caller, code, arg1, arg2);
	cell_lock(cpu);
	ret = management_call(cpu, caller, code, arg1, arg2);
	cell_unlock();
	return ret;
}

/* The highest code the ABI defines (include/jailhouse/hypercall.h). */
#define LAST_CODE	JAILHOUSE_HC_CELL_LOAD

/*
 * The one place that says who may issue which code; the backend asks it
 * before it calls hypercall() and fails a cell it refuses.
 */
bool hypercall_permitted(const struct cell *cell, unsigned long code)
{
	return cell_is_root(cell) || code == JAILHOUSE_HC_DEBUG_CONSOLE_PUTC;
}

long hypercall(struct per_cpu *cpu, unsigned long code, unsigned long arg1,
	       unsigned long arg2)
{
	const struct cell *caller = cpu_cell(cpu);

	if (code > LAST_CODE)
		return -ENOSYS;
	if (!hypercall_permitted(caller, code))
		return -EPERM;
	if (code == JAILHOUSE_HC_DEBUG_CONSOLE_PUTC)
		return debug_console_putc(caller, arg1);
	return root_call(cpu, caller, code, arg1, arg2);
}
