// SPDX-License-Identifier: GPL-2.0
/*
 * CELL_CREATE, _START, _SET_LOADABLE, _LOAD and _DESTROY (docs/cells.md, "The
 * hypervisor's side"). The root cell asks, under the cell lock; every
 * step that fails undoes the ones before it.
 */
#include <jailhouse/arch.h>
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/cell-mem.h>
#include <jailhouse/comm.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/guest-range.h>
#include <jailhouse/cell-lifecycle.h>
#include <jailhouse/iommu.h>
#include <jailhouse/ivshmem.h>
#include <jailhouse/mem.h>
#include <jailhouse/pci-bars.h>
#include <jailhouse/pci.h>
#include <jailhouse/printk.h>
#include <jailhouse/string.h>
#include <asm/spinlock.h>

#include "config.h"
#include "config_rules.h"

/* The largest valid descriptor is below 20 KiB. */
#define MAX_DESC_PAGES	8

static spinlock_t cell_spinlock;

/*
 * Wait for the lock, doing what other CPUs ask meanwhile; then the DMA
 * faults since the last holder, which may fail a cell, come first.
 */
void cell_lock(struct per_cpu *cpu)
{
	while (atomic_xchg_acquire(&cell_spinlock.locked, 1))
		cpu_handle_requests(cpu);
	iommu_check_faults();
}

void cell_unlock(void)
{
	spin_unlock(&cell_spinlock);
}

static struct per_cpu *cpu_of(unsigned int id)
{
	return id < hypervisor_header.max_cpus ? per_cpu(id) : NULL;
}

#define for_each_cpu_of(id, cpu, owner)					\
	for ((id) = 0; (id) < hypervisor_header.max_cpus; (id)++)	\
		if (((cpu) = per_cpu(id))->cell == (owner))

/* ---- CPUs ---- */

/* Stop @cell's CPUs for good: no SIPI of the cell wakes them again. */
static int park_cpus(struct cell *cell)
{
	struct per_cpu *cpu;
	unsigned int id;
	int err = 0;

	atomic_store_seq_cst(&cell->frozen, true);
	for_each_cpu_of(id, cpu, cell)
		if (cpu_request(cpu, CPU_REQ_PARK, true))
			err = -EBUSY;
	return err;
}

/* The root CPUs drop the translations of memory they just lost. */
static int flush_root(struct per_cpu *self)
{
	struct per_cpu *cpu;
	unsigned int id;
	int err = 0;

	for_each_cpu_of(id, cpu, &root_cell) {
		if (cpu == self)
			arch_cpu_tlb_flush(cpu);
		else if (!cpu->failed &&
			 cpu_request(cpu, CPU_REQ_TLB_FLUSH, true))
			err = -EBUSY;
	}
	return err;
}

/*
 * Give @cell's parked CPUs to @to; each switches itself (CPU_REQ_MOVE).
 * One that does not answer stays: a retry moves it.
 */
static int move_cpus(struct cell *cell, struct cell *to)
{
	struct per_cpu *cpu;
	unsigned int id;
	int err = 0;

	for_each_cpu_of(id, cpu, cell)
		if (cpu_move(cpu, to))
			err = -EBUSY;
	return err;
}

/*
 * Mapping memory back into the root cell collapses its tables and frees
 * table pages that a root CPU may be walking in an exit (MMIO decoding)
 * at that moment. Every root CPU passes the end of an exit before the
 * cell lock is released; the pool hands pages out only under that lock,
 * so a walker never reads a table page that serves something else.
 */
static int root_tables_settled(struct per_cpu *caller)
{
	int err = flush_root(caller);

	if (err)
		printk("root CPUs did not answer after a table change\n");
	return err;
}

/* Park the root CPUs @cell claims and hand them over; all or none. */
static int take_cpus(struct cell *cell)
{
	struct per_cpu *cpu;
	unsigned int id;

	for_each_cpu_of(id, cpu, &root_cell)
		if (cell_has_cpu(cell, id) && cpu_move(cpu, cell)) {
			move_cpus(cell, &root_cell);
			return -EBUSY;
		}
	return 0;
}

/* ---- checks at create ---- */

static void report_violation(struct jailhouse_checker *chk,
			     const struct jailhouse_violation *v)
{
	if (chk->violations > 1)
		return;
	printk("Cell \"%s\" refused: %s %d: %s (0x%llx)\n", v->cell->name,
	       v->item ? v->item : "cell",
	       v->index == JAILHOUSE_VIOLATION_NO_INDEX ? -1 : (int)v->index,
	       jailhouse_rule_text(v->rule), v->value);
}

/* The shared rules: @desc against the system and every cell. */
static int check_rules(const struct jailhouse_cell_desc *desc)
{
	const struct jailhouse_cell_desc *all[MAX_CELLS + 1];
	struct jailhouse_checker chk = {
		.sys = system_config,
		.report = report_violation,
		.phys_bits = arch_phys_addr_bits(),
		.guest_bits = arch_guest_addr_bits(),
	};
	struct cell *cell;
	unsigned int n, num = 0;

	for_each_cell(n, cell)
		all[num++] = cell->config;
	all[num++] = desc;
	return jailhouse_check_all(&chk, all, num) ? -EINVAL : 0;
}

/* Every CPU the cell claims entered the hypervisor and is the root's. */
static int check_cpus(const struct jailhouse_cell_desc *desc)
{
	unsigned int id;
	struct per_cpu *cpu;

	for (id = 0; id < desc->cpu_set_size * 8; id++) {
		if (!jailhouse_cell_has_cpu(desc, id))
			continue;
		cpu = cpu_of(id);
		if (!cpu || cpu->cell != &root_cell || cpu->failed) {
			printk("Cell \"%s\" refused: CPU %u is not the root "
			       "cell's\n", desc->name, id);
			return -EBUSY;
		}
	}
	return 0;
}

/*
 * A device that may master the bus goes to a cell only behind an active
 * IOMMU unit (docs/isolation.md, "DMA"): elsewhere it would reach all
 * memory. An ivshmem device is virtual: ivshmem_check() has its rules.
 */
static int check_pci(const struct jailhouse_cell_desc *desc)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(desc);
	unsigned int n;

	for (n = 0; n < desc->num_pci_devices; n++) {
		if (dev[n].type == JAILHOUSE_PCI_TYPE_IVSHMEM)
			continue;
		if (dev[n].domain ||
		    !pci_desc_device(root_cell.config, dev[n].bdf)) {
			printk("Cell \"%s\" refused: PCI device %u is not the "
			       "root cell's\n", desc->name, n);
			return -EINVAL;
		}
		if ((dev[n].flags & JAILHOUSE_PCI_FLAG_DMA) &&
		    !iommu_covers(&dev[n])) {
			printk("Cell \"%s\" refused: PCI device %u may do "
			       "DMA, and no active IOMMU unit covers it\n",
			       desc->name, n);
			return -EINVAL;
		}
	}
	return 0;
}

/* Copy the descriptor at @gpa out of root memory and validate it. */
static int copy_config(struct cell *cell, __u64 gpa)
{
	struct jailhouse_cell_desc head;
	struct jailhouse_config_error err;
	void *copy;
	size_t size;
	int ret;

	ret = copy_from_root(&head, gpa, sizeof(head));
	if (ret)
		return ret;
	size = jailhouse_cell_size(&head);
	if (size > MAX_DESC_PAGES * PAGE_SIZE)
		return -E2BIG;
	cell->config_pages = (size + PAGE_SIZE - 1) / PAGE_SIZE;
	copy = page_alloc(cell->config_pages);
	if (!copy)
		return -ENOMEM;
	cell->config = copy;
	ret = copy_from_root(copy, gpa, size);
	if (!ret && jailhouse_cell_validate(copy, size, &err)) {
		printk("Cell descriptor refused: %s %u: %s\n", err.item,
		       err.index, err.reason);
		ret = -EINVAL;
	}
	return ret;
}

/* Device memory only of the cell's own devices, or marked assignable. */
static int check_io_regions(const struct jailhouse_cell_desc *desc)
{
	int n = pci_io_region_refused(desc, root_cell.config);

	if (n < 0)
		return 0;
	printk("Cell \"%s\" refused: memory region %d: %s (0x%llx)\n",
	       desc->name, n, jailhouse_rule_text(JH_RULE_IO_NOT_OWN),
	       jailhouse_cell_mem_regions(desc)[n].phys_start);
	return -EINVAL;
}

static int check_config(const struct jailhouse_cell_desc *desc)
{
	return check_rules(desc) ?: check_cpus(desc) ?: check_pci(desc) ?:
	       ivshmem_check(desc) ?: check_io_regions(desc) ?:
	       arch_cell_check(desc);
}

/* ---- comm region ---- */

static const struct jailhouse_memory *
comm_region_of(const struct jailhouse_cell_desc *desc)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(desc);
	unsigned int n;

	for (n = 0; n < desc->num_memory_regions; n++)
		if (mem[n].flags & JAILHOUSE_MEM_COMM_REGION)
			return &mem[n];
	return NULL;
}

/* The comm page, mapped where the config's comm region says. */
static int comm_setup(struct cell *cell)
{
	const struct jailhouse_memory *region = comm_region_of(cell->config);
	struct jailhouse_memory page;

	cell->comm = page_alloc(1);
	if (!cell->comm)
		return -ENOMEM;
	if (!region)
		return 0;
	if (region->size != PAGE_SIZE)
		return -EINVAL;
	page = *region;
	page.phys_start = virt_to_phys(cell->comm);
	return arch_map_memory_region(cell, &page);
}

/* ---- create ---- */

/*
 * A non-sandbox cell in RUNNING_LOCKED vetoes the creation of other
 * cells, as in Jailhouse (never a destroy); a sandbox cell's lock counts
 * for nothing.
 */
static bool locked_by_other(void)
{
	struct cell *cell;
	unsigned int n;

	for_each_cell(n, cell)
		if (!(cell->config->flags & JAILHOUSE_CELL_SANDBOX) &&
		    cell_state(cell) == JAILHOUSE_CELL_RUNNING_LOCKED)
			return true;
	return false;
}

static int free_slot(void)
{
	unsigned int n;

	for (n = 0; n < MAX_CELLS; n++)
		if (!cells[n])
			return n;
	return -ENOSPC;
}

static void cell_free(struct cell *cell)
{
	page_free(cell->comm, 1);
	if (cell->config_pages)
		page_free((void *)cell->config, cell->config_pages);
	page_free(cell, 1);
}

/* Memory and CPUs back to the root cell, arch state freed. */
static void cell_unbuild(struct per_cpu *caller, struct cell *cell)
{
	root_regions_set(cell, 0, true);
	root_tables_settled(caller);
	move_cpus(cell, &root_cell);
	arch_cell_exit(cell);
}

/* Arch state, comm page, CPUs, memory: the steps of create after checks. */
static int cell_build(struct per_cpu *caller, struct cell *cell)
{
	int err;

	err = arch_cell_init(cell);
	if (err)
		return err;
	err = comm_setup(cell);
	if (err)
		goto err_arch;
	err = take_cpus(cell);
	if (err)
		goto err_cpus;
	err = root_regions_set(cell, 0, false);
	if (err)
		goto err_cpus;
	err = flush_root(caller);
	if (err)
		cell_unbuild(caller, cell);
	return err;

err_cpus:
	move_cpus(cell, &root_cell);
err_arch:
	arch_cell_exit(cell);
	return err;
}

/*
 * The cell's devices move to it once it is listed. A move the IOMMU did
 * not confirm fails the create: the cell leaves the list again, its
 * devices go back to the root cell (or stay blocked), and so do its
 * memory and CPUs.
 */
static int take_devices(struct per_cpu *caller, struct cell *cell, int slot)
{
	int err;

	atomic_store_release(&cells[slot], cell);
	err = pci_root_devices_update();
	if (!err)
		return 0;
	printk("Cell \"%s\" refused: the IOMMU did not confirm a device "
	       "move\n", cell->config->name);
	atomic_store_release(&cells[slot], NULL);
	pci_root_devices_update();
	cell_unbuild(caller, cell);
	return err;
}

long cell_create(struct per_cpu *caller, unsigned long config_gpa)
{
	struct cell *cell;
	int slot, err;

	if (locked_by_other())
		return -EPERM;
	slot = free_slot();
	if (slot < 0)
		return slot;
	cell = page_alloc(1);
	if (!cell)
		return -ENOMEM;
	/* Its CPUs arrive parked; only start wakes them. */
	cell->frozen = true;
	/* Before the build: the IOMMU's domain of the cell derives from it. */
	cell->id = slot + 1;
	cell->state = JAILHOUSE_CELL_SHUT_DOWN;
	err = copy_config(cell, config_gpa);
	if (!err)
		err = check_config(cell->config);
	if (!err)
		err = cell_build(caller, cell);
	if (!err)
		err = take_devices(caller, cell, slot);
	if (err) {
		cell_free(cell);
		return err;
	}
	ivshmem_cell_add(cell);
	arch_root_resources_update();
	printk("Cell \"%s\" created (id %u)\n", cell->config->name, cell->id);
	return cell->id;
}

/* ---- stop, start, set loadable ---- */

static __u64 tsc_now(void *ctx)
{
	(void)ctx;
	return arch_tsc();
}

/* Whether stopping @cell needs its consent over the comm region. */
static bool needs_consent(const struct cell *cell)
{
	return cell->state == JAILHOUSE_CELL_RUNNING &&
	       !(cell->config->flags & JAILHOUSE_CELL_PASSIVE_COMMREG) &&
	       !comm_state_terminal(comm_cell_state(cell->comm));
}

/*
 * Ask a running cell to shut down. No answer in time fails the cell,
 * which then stops all the same; a denial keeps it running.
 */
static int request_shutdown(struct cell *cell)
{
	const struct comm_clock clock = {
		.now = tsc_now,
		.ticks_per_ms = arch_tsc_khz(),
	};
	int reply;

	reply = comm_send_message(cell->comm, JAILHOUSE_MSG_SHUTDOWN_REQUEST,
				  &clock, comm_reply_timeout_ms(cell->config));
	if (reply == JAILHOUSE_MSG_REQUEST_APPROVED) {
		comm_wait_terminal(cell->comm, &clock, COMM_APPROVED_GRACE_MS);
		return 0;
	}
	if (reply != -ETIMEDOUT)
		return -EPERM;
	printk("Cell \"%s\" FAILED: no answer to the shutdown request\n",
	       cell->config->name);
	cell_set_failed(cell);
	return 0;
}

/* Stop @cell, with its consent if it needs one. */
static int cell_stop(struct cell *cell)
{
	int err;

	if (needs_consent(cell)) {
		err = request_shutdown(cell);
		if (err)
			return err;
	}
	err = park_cpus(cell);
	if (err)
		return err;
	if (cell->state == JAILHOUSE_CELL_RUNNING)
		cell->state = JAILHOUSE_CELL_SHUT_DOWN;
	return 0;
}

static bool has_cpus(const struct cell *cell)
{
	struct per_cpu *cpu;
	unsigned int id;

	for_each_cpu_of(id, cpu, cell)
		return true;
	return false;
}

/*
 * Every CPU of the cell starts at the reset address, as under Jailhouse,
 * whose inmate library counts the CPUs that arrive there and halts all
 * but the first until it sends them INIT and SIPI (docs/inmates.md).
 */
static int reset_cpus(struct cell *cell)
{
	struct per_cpu *cpu;
	unsigned int id;
	int err = 0;

	for_each_cpu_of(id, cpu, cell) {
		cpu->reset_address = cell->config->cpu_reset_address;
		if (cpu_request(cpu, CPU_REQ_RESET, true))
			err = -EBUSY;
	}
	return err;
}

long cell_start(struct per_cpu *caller, struct cell *cell)
{
	int err;

	if (!has_cpus(cell) ||
	    (cell->state == JAILHOUSE_CELL_RUNNING &&
	     !comm_state_terminal(comm_cell_state(cell->comm))))
		return -EBUSY;
	(void)caller;
	err = park_cpus(cell);
	if (err)
		return err;
	/* Asked with every CPU parked: none of them can fail it any more. */
	if (cell_failed(cell))
		return -ENOTRECOVERABLE;
	ivshmem_cell_reset(cell);
	comm_region_init(cell->comm, cell->config, system_config,
			 arch_tsc_khz(), arch_apic_khz());
	cell->state = JAILHOUSE_CELL_RUNNING;
	/* Every CPU is parked: from here the cell's SIPIs count again. */
	atomic_store_seq_cst(&cell->frozen, false);
	/* Before its CPUs run, so that their first output is not cut by it. */
	printk("Cell \"%s\" started\n", cell->config->name);
	return reset_cpus(cell);
}

long cell_set_loadable(struct per_cpu *caller, struct cell *cell)
{
	int err;

	(void)caller;
	if (cell_failed(cell))
		return -ENOTRECOVERABLE;
	err = cell_stop(cell);
	if (!err)
		cell->load_cleared = false;
	return err;
}

/*
 * The loader's verified bytes go straight from its buffer in root RAM to
 * the cell: loadable memory never returns to the root cell, so nothing
 * can change it between the loader's verification and start. The first
 * chunk after SET_LOADABLE clears that memory, so that nothing of an
 * earlier load is left for an unsigned string to complete; a restart
 * without a load (shutdown, start) keeps what the cell had.
 */
long cell_load(struct per_cpu *caller, struct cell *cell,
	       unsigned long chunk_gpa)
{
	const struct jailhouse_cell_desc *desc = cell->config;
	struct jailhouse_load_chunk chunk;
	int err;

	(void)caller;
	if (cell_failed(cell))
		return -ENOTRECOVERABLE;
	if (cell->state == JAILHOUSE_CELL_RUNNING)
		return -EBUSY;
	err = copy_from_root(&chunk, chunk_gpa, sizeof(chunk));
	if (err)
		return err;
	if (chunk.size == 0 || chunk.size > JAILHOUSE_LOAD_MAX_SIZE)
		return -EINVAL;
	if (guest_range_check(jailhouse_cell_mem_regions(desc),
			      desc->num_memory_regions, chunk.dst, chunk.size,
			      JAILHOUSE_MEM_LOADABLE))
		return -ERANGE;
	desc = root_cell.config;
	if (guest_range_check(jailhouse_cell_mem_regions(desc),
			      desc->num_memory_regions, chunk.src, chunk.size,
			      JAILHOUSE_MEM_READ))
		return -EFAULT;
	if (!cell->load_cleared) {
		err = cell_clear_loadable(cell);
		if (err)
			return err;
		cell->load_cleared = true;
	}
	return copy_root_to_cell(cell, chunk.dst, chunk.src, chunk.size);
}

/* ---- destroy ---- */

/*
 * Stop @cell whatever it does: a cell other than a sandbox is asked
 * first, within its bounded reply timeout, but neither its answer nor
 * a RUNNING_LOCKED state (its own or another cell's) can veto destroy.
 */
static void destroy_stop(struct cell *cell)
{
	if (!(cell->config->flags & JAILHOUSE_CELL_SANDBOX) &&
	    needs_consent(cell))
		request_shutdown(cell);
}

/*
 * The CPUs leave first, each switching to the root cell itself, so that
 * no CPU runs with the cell's tables once they change; then its devices'
 * DMA is blocked and its memory zeroed before the root cell maps it
 * again. Destroy goes on if the IOMMU does not confirm a device's block
 * or its return: that device stays blocked, the root cell's only once a
 * later move is confirmed (pci_root_devices_update()).
 */
long cell_destroy(struct per_cpu *caller, struct cell *cell)
{
	int err;

	destroy_stop(cell);
	err = park_cpus(cell);
	if (!err)
		err = move_cpus(cell, &root_cell);
	if (!err) {
		ivshmem_cell_remove(cell);
		iommu_block_cell_devices(cell);
		err = cell_scrub(cell);
	}
	if (err)
		return err;
	atomic_store_release(&cells[cell->id - 1], NULL);
	root_regions_set(cell, 0, true);
	root_tables_settled(caller);
	arch_root_resources_update();
	pci_root_devices_update();
	arch_cell_exit(cell);
	printk("Cell \"%s\" destroyed\n", cell->config->name);
	cell_free(cell);
	return 0;
}
