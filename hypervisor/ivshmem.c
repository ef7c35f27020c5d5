// SPDX-License-Identifier: GPL-2.0
/*
 * The ivshmem device of jailhouse/ivshmem.h: endpoints, their links,
 * registers and interrupts. Register layout and values after Jailhouse's
 * ivshmem v2 specification (Documentation/ivshmem-v2-specification.md).
 */
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/errno.h>
#include <jailhouse/ivshmem.h>
#include <jailhouse/ivshmem-bar.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <asm/mmio.h>
#include <asm/spinlock.h>
#include <asm/vcpu.h>

#include "config.h"

#define IVSHMEM_ID		0x4106110aU	/* device << 16 | vendor */
#define STATUS_CAP_LIST		0x0010U
#define CMD_MEMORY		0x0002U
#define CMD_MASTER		0x0004U
#define BAR_SIZE		0x1000U
#define PBA_OFFSET		0x800U

#define CAP_PTR			0x34
#define CAP_VENDOR		0x40	/* 0x20 bytes, base address at 0x18 */
#define CAP_VENDOR_ID		0x09
#define CAP_VENDOR_LEN		0x20
#define CAP_MSIX		0x60
#define CAP_MSIX_ID		0x11
#define MSIX_ENABLE		0x8000U
#define MSIX_MASKALL		0x4000U
#define MSIX_ENTRY_MASKED	0x1U
#define ONE_SHOT		0x01U
#define INT_ENABLE		0x1U

/* Registers in BAR0. */
#define REG_ID			0x00
#define REG_MAX_PEERS		0x04
#define REG_INT_CONTROL		0x08
#define REG_DOORBELL		0x0c
#define REG_STATE		0x10

struct endpoint {
	/** The cell, NULL for a free slot. */
	struct cell *cell;
	const struct jailhouse_pci_device *dev;
	/** Its regions, from the state table on (lib/config.c's order). */
	const struct jailhouse_memory *shmem;
	__u32 bar[2];
	__u16 command;
	__u16 msix_control;
	__u8 priv_control;
	__u8 int_line;
	__u32 int_control;
	__u32 state;
	__u32 msix[JAILHOUSE_IVSHMEM_MAX_VECTORS][4];
};

static struct endpoint endpoints[IVSHMEM_MAX_ENDPOINTS];
static spinlock_t ivshmem_lock;

#define for_each_endpoint(ep)						\
	for ((ep) = endpoints; (ep) < endpoints + IVSHMEM_MAX_ENDPOINTS; \
	     (ep)++)

static bool is_ivshmem(const struct jailhouse_pci_device *dev)
{
	return dev->type == JAILHOUSE_PCI_TYPE_IVSHMEM;
}

static unsigned int count_ivshmem(const struct jailhouse_cell_desc *desc)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(desc);
	unsigned int n, count = 0;

	for (n = 0; n < desc->num_pci_devices; n++)
		count += is_ivshmem(&dev[n]);
	return count;
}

static unsigned int free_endpoints(void)
{
	const struct endpoint *ep;
	unsigned int count = 0;

	for_each_endpoint(ep)
		count += !ep->cell;
	return count;
}

int ivshmem_check(const struct jailhouse_cell_desc *desc)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(desc);
	unsigned int n;

	for (n = 0; n < desc->num_pci_devices; n++)
		if (is_ivshmem(&dev[n]) && !dev[n].shmem_vectors) {
			printk("Cell \"%s\" refused: PCI device %u: ivshmem "
			       "without MSI-X vectors (INTx is not "
			       "emulated)\n", desc->name, n);
			return -EINVAL;
		}
	if (count_ivshmem(desc) > free_endpoints()) {
		printk("Cell \"%s\" refused: more ivshmem devices than the "
		       "hypervisor holds (%u endpoints in all)\n", desc->name,
		       IVSHMEM_MAX_ENDPOINTS);
		return -EINVAL;
	}
	return 0;
}

/* ---- state table and interrupts (ivshmem_lock held) ---- */

static bool linked(const struct endpoint *a, const struct endpoint *b)
{
	return a->cell && b->cell && a->dev->domain == b->dev->domain &&
	       a->dev->bdf == b->dev->bdf;
}

/* The peer of @ep with id @id (@ep itself included), or NULL. */
static struct endpoint *peer(const struct endpoint *ep, unsigned int id)
{
	struct endpoint *other;

	for_each_endpoint(other)
		if (linked(ep, other) && other->dev->shmem_dev_id == id)
			return other;
	return NULL;
}

/* Peer @id's entry of @ep's state table, which no peer can write. */
static void state_entry_set(const struct endpoint *ep, unsigned int id,
			    __u32 value)
{
	__u64 phys = ep->shmem[JAILHOUSE_IVSHMEM_STATE_TABLE].phys_start +
		     id * sizeof(__u32);
	volatile __u32 *entry = arch_ivshmem_map(phys);

	if (entry)
		*entry = value;
}

static void state_table_set(const struct endpoint *ep, __u32 value)
{
	state_entry_set(ep, ep->dev->shmem_dev_id, value);
}

/*
 * The first endpoint of a device clears the whole table: a peer that
 * never came must read 0, whatever the memory held before (a stale
 * "ready" would send a peer's jobs into the void).
 */
static void state_table_clear_if_first(const struct endpoint *ep)
{
	const struct endpoint *other;
	unsigned int id;

	for_each_endpoint(other)
		if (other != ep && linked(ep, other))
			return;
	for (id = 0; id < ep->dev->shmem_peers; id++)
		state_entry_set(ep, id, 0);
}

/* Raise MSI-X vector @vector of @ep, if it takes interrupts now. */
static void raise(struct endpoint *ep, unsigned int vector)
{
	const __u32 *entry = ep->msix[vector];

	if (!(ep->int_control & INT_ENABLE) ||
	    (ep->msix_control & (MSIX_ENABLE | MSIX_MASKALL)) != MSIX_ENABLE ||
	    vector >= ep->dev->shmem_vectors ||
	    (entry[3] & MSIX_ENTRY_MASKED) ||
	    atomic_load_acquire(&ep->cell->frozen))
		return;
	if (ep->priv_control & ONE_SHOT)
		ep->int_control &= ~INT_ENABLE;
	arch_ivshmem_msi(ep->cell, ((__u64)entry[1] << 32) | entry[0],
			 entry[2]);
}

/* @ep's state becomes @state: the table says so, the others hear it. */
static void state_set(struct endpoint *ep, __u32 state)
{
	struct endpoint *other;

	if (ep->state == state)
		return;
	ep->state = state;
	state_table_set(ep, state);
	for_each_endpoint(other)
		if (other != ep && linked(ep, other))
			raise(other, 0);
}

/* As after a device reset; the state goes to 0 through state_set(). */
static void endpoint_reset(struct endpoint *ep)
{
	unsigned int n;

	ep->bar[0] = ep->bar[1] = 0;
	ep->command = ep->msix_control = 0;
	ep->priv_control = ep->int_line = 0;
	ep->int_control = 0;
	for (n = 0; n < JAILHOUSE_IVSHMEM_MAX_VECTORS; n++) {
		ep->msix[n][0] = ep->msix[n][1] = ep->msix[n][2] = 0;
		ep->msix[n][3] = MSIX_ENTRY_MASKED;
	}
	state_set(ep, 0);
}

/* ---- lifecycle (cell lock) ---- */

static struct endpoint *free_endpoint(void)
{
	struct endpoint *ep;

	for_each_endpoint(ep)
		if (!ep->cell)
			return ep;
	return NULL;
}

void ivshmem_cell_add(struct cell *cell)
{
	const struct jailhouse_cell_desc *desc = cell->config;
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(desc);
	struct endpoint *ep;
	unsigned int n;

	spin_lock(&ivshmem_lock);
	for (n = 0; n < desc->num_pci_devices; n++) {
		/* The root cell's INTx devices stay absent (see check). */
		ep = is_ivshmem(&dev[n]) && dev[n].shmem_vectors ?
		     free_endpoint() : NULL;
		if (!ep)
			continue;
		ep->dev = &dev[n];
		ep->shmem = jailhouse_cell_mem_regions(desc) +
			    dev[n].shmem_regions_start;
		ep->state = 0;
		ep->cell = cell;
		state_table_clear_if_first(ep);
		state_table_set(ep, 0);
		endpoint_reset(ep);
	}
	spin_unlock(&ivshmem_lock);
}

void ivshmem_cell_reset(struct cell *cell)
{
	struct endpoint *ep;

	spin_lock(&ivshmem_lock);
	for_each_endpoint(ep)
		if (ep->cell == cell)
			endpoint_reset(ep);
	spin_unlock(&ivshmem_lock);
}

void ivshmem_cell_remove(struct cell *cell)
{
	struct endpoint *ep;

	spin_lock(&ivshmem_lock);
	for_each_endpoint(ep)
		if (ep->cell == cell) {
			endpoint_reset(ep);
			ep->cell = NULL;
		}
	spin_unlock(&ivshmem_lock);
}

/* ---- configuration space ---- */

static struct endpoint *endpoint_of(const struct cell *cell,
				    const struct jailhouse_pci_device *dev)
{
	struct endpoint *ep;

	for_each_endpoint(ep)
		if (ep->cell == cell && ep->dev == dev)
			return ep;
	return NULL;
}

static __u32 vendor_cap_dword(const struct endpoint *ep, unsigned int off)
{
	const struct jailhouse_memory *shm = ep->shmem;
	__u64 rw = shm[JAILHOUSE_IVSHMEM_RW_SECTION].size;
	__u64 out = shm[JAILHOUSE_IVSHMEM_OUTPUT(0)].size;
	__u64 base = shm[JAILHOUSE_IVSHMEM_STATE_TABLE].virt_start;

	switch (off) {
	case 0x00:
		return (__u32)ep->priv_control << 24 | CAP_VENDOR_LEN << 16 |
		       CAP_MSIX << 8 | CAP_VENDOR_ID;
	case 0x04:
		return shm[JAILHOUSE_IVSHMEM_STATE_TABLE].size;
	case 0x08:
	case 0x0c:
		return rw >> (8 * (off - 0x08));
	case 0x10:
	case 0x14:
		return out >> (8 * (off - 0x10));
	case 0x18:
	case 0x1c:
		return base >> (8 * (off - 0x18));
	}
	return 0;
}

static __u32 cfg_dword(const struct endpoint *ep, unsigned int reg)
{
	if (reg >= CAP_VENDOR && reg < CAP_VENDOR + CAP_VENDOR_LEN)
		return vendor_cap_dword(ep, reg - CAP_VENDOR);
	switch (reg) {
	case 0x00:
	case 0x2c:
		return IVSHMEM_ID;
	case 0x04:
		return STATUS_CAP_LIST << 16 | ep->command;
	case 0x08:
		return ep->dev->class_code << 8;
	case 0x10:
		return ep->bar[0];
	case 0x14:
		return ep->bar[1];
	case CAP_PTR:
		return CAP_VENDOR;
	case 0x3c:
		return ep->int_line;
	case CAP_MSIX:
		return (__u32)(ep->msix_control |
			       (ep->dev->shmem_vectors - 1)) << 16 |
		       CAP_MSIX_ID;
	case CAP_MSIX + 4:
		return 1;			/* table at 0 of BAR1 */
	case CAP_MSIX + 8:
		return PBA_OFFSET | 1;
	}
	return 0;
}

/*
 * Whether BAR @n of @ep may decode at @base: ivshmem_bar_free(), and clear
 * of @ep's other BAR and of the decoded BARs of its cell's endpoints. A
 * BAR at 0 is unassigned and decodes nothing (in_bar()).
 */
static bool bar_placeable(const struct endpoint *ep, unsigned int n,
			  __u32 base)
{
	const struct endpoint *other;
	unsigned int m;

	if (!base)
		return true;
	if (!ivshmem_bar_free(base, BAR_SIZE, ep->cell->config,
			      mmio_emulated_range))
		return false;
	for_each_endpoint(other)
		for (m = 0; m < 2; m++)
			if (other->cell == ep->cell &&
			    (other == ep ? m != n :
			     other->command & CMD_MEMORY) &&
			    ivshmem_ranges_overlap(base, BAR_SIZE,
						   other->bar[m], BAR_SIZE))
				return false;
	return true;
}

/*
 * The writable bits of each register; everything else ignores writes.
 * BARs decode only where bar_placeable() allows: a BAR write while memory
 * decoding is on, or turning decoding on, that would decode elsewhere is
 * ignored (the register keeps its value, as if it did not take it).
 * Return: false if ignored so.
 */
static bool cfg_dword_write(struct endpoint *ep, unsigned int reg,
			    __u32 value)
{
	unsigned int n = (reg - 0x10) / 4;

	switch (reg) {
	case 0x04:
		if (value & CMD_MEMORY && !(ep->command & CMD_MEMORY) &&
		    (!bar_placeable(ep, 0, ep->bar[0]) ||
		     !bar_placeable(ep, 1, ep->bar[1])))
			return false;
		ep->command = value & (CMD_MEMORY | CMD_MASTER);
		break;
	case 0x10:
	case 0x14:
		value &= ~(BAR_SIZE - 1);
		if (ep->command & CMD_MEMORY && !bar_placeable(ep, n, value))
			return false;
		ep->bar[n] = value;
		break;
	case 0x3c:
		ep->int_line = value;
		break;
	case CAP_VENDOR:
		ep->priv_control = (value >> 24) & ONE_SHOT;
		break;
	case CAP_MSIX:
		ep->msix_control = (value >> 16) & (MSIX_ENABLE | MSIX_MASKALL);
		break;
	}
	return true;
}

static __u32 size_mask(unsigned int size)
{
	return size == 4 ? ~0U : (1U << (8 * size)) - 1;
}

void ivshmem_cfg_access(struct per_cpu *cpu,
			const struct jailhouse_pci_device *dev,
			unsigned int reg, unsigned int size, bool write,
			__u32 *value)
{
	unsigned int shift = 8 * (reg & 3), dword = reg & ~3U;
	__u32 mask = size_mask(size) << shift, old, new;
	struct endpoint *ep;
	bool taken = true;

	spin_lock(&ivshmem_lock);
	ep = endpoint_of(cpu->cell, dev);
	old = ep ? cfg_dword(ep, dword) : ~0U;
	new = (old & ~mask) | ((*value << shift) & mask);
	if (!write)
		*value = (old & mask) >> shift;
	else if (ep)
		taken = cfg_dword_write(ep, dword, new);
	spin_unlock(&ivshmem_lock);
	if (!taken && refusal_log_pass())
		printk("CPU %u: cell \"%s\": ivshmem %02x:%02x.%x register "
		       "0x%x write 0x%x ignored: a BAR would decode over memory, "
		       "an emulated page or another BAR\n", cpu->cpu_id,
		       cpu->cell->config->name, dev->bdf >> 8,
		       (dev->bdf >> 3) & 0x1f, dev->bdf & 7, dword, new);
}

/* ---- registers and MSI-X table ---- */

/* Whether @gpa is in BAR @n of @ep, its offset in *@off. */
static bool in_bar(const struct endpoint *ep, unsigned int n, __u64 gpa,
		   unsigned int *off)
{
	__u32 base = atomic_load_relaxed(&ep->bar[n]);

	if (!ep->cell || !base || !(ep->command & CMD_MEMORY) ||
	    gpa < base || gpa - base >= BAR_SIZE)
		return false;
	*off = gpa - base;
	return true;
}

/*
 * Whether @gpa is in a section that @ep's cell, the root cell, maps
 * read-only: the state table or another peer's output section. The
 * mapping keeps a write there out; the root cell is not stopped for it
 * (that would take Linux with it), the write is dropped.
 */
static bool root_read_only(const struct endpoint *ep, __u64 gpa)
{
	const struct jailhouse_memory *mem;
	unsigned int n;

	if (!ep->cell || !cell_is_root(ep->cell))
		return false;
	for (n = 0; n < JAILHOUSE_IVSHMEM_OUTPUT(ep->dev->shmem_peers); n++) {
		mem = &ep->shmem[n];
		if (!(mem->flags & JAILHOUSE_MEM_WRITE) &&
		    gpa >= mem->virt_start && gpa - mem->virt_start < mem->size)
			return true;
	}
	return false;
}

bool ivshmem_mmio_claims(const struct cell *cell, __u64 gpa)
{
	const struct endpoint *ep;
	unsigned int off;

	for_each_endpoint(ep)
		if (ep->cell == cell &&
		    (in_bar(ep, 0, gpa, &off) || in_bar(ep, 1, gpa, &off) ||
		     root_read_only(ep, gpa)))
			return true;
	return false;
}

static void doorbell(const struct endpoint *ep, __u32 value)
{
	struct endpoint *target = peer(ep, value >> 16);

	if (target)
		raise(target, value & 0xffff);
}

static void reg_access(struct endpoint *ep, unsigned int off, bool write,
		       __u32 *value)
{
	if (!write) {
		*value = off == REG_ID ? ep->dev->shmem_dev_id :
			 off == REG_MAX_PEERS ? ep->dev->shmem_peers :
			 off == REG_INT_CONTROL ? ep->int_control :
			 off == REG_STATE ? ep->state : 0;
		return;
	}
	if (off == REG_INT_CONTROL)
		ep->int_control = *value & INT_ENABLE;
	else if (off == REG_DOORBELL)
		doorbell(ep, *value);
	else if (off == REG_STATE)
		state_set(ep, *value);
}

/* The pending bits read 0: the device keeps no pending interrupts. */
static void msix_access(struct endpoint *ep, unsigned int off, bool write,
			__u32 *value)
{
	unsigned int vector = off / 16;
	__u32 *word = NULL;

	if (vector < ep->dev->shmem_vectors)
		word = &ep->msix[vector][(off % 16) / 4];
	if (!write)
		*value = word ? *word : 0;
	else if (word)
		*word = *value;
}

bool ivshmem_mmio_access(struct per_cpu *cpu, __u64 gpa, unsigned int size,
			 bool write, __u32 *value)
{
	struct endpoint *ep;
	unsigned int off;
	bool found = false, dropped = false;

	spin_lock(&ivshmem_lock);
	for_each_endpoint(ep) {
		if (ep->cell != cpu->cell)
			continue;
		if (write && root_read_only(ep, gpa)) {
			found = dropped = true;
		} else if (in_bar(ep, 0, gpa, &off)) {
			found = true;
			if (size == 4)
				reg_access(ep, off, write, value);
		} else if (in_bar(ep, 1, gpa, &off)) {
			found = true;
			if (size == 4)
				msix_access(ep, off, write, value);
		} else {
			continue;
		}
		break;
	}
	spin_unlock(&ivshmem_lock);
	if (dropped && refusal_log_pass())
		printk("CPU %u: root cell: write to read-only ivshmem memory "
		       "at 0x%llx dropped\n", cpu->cpu_id, gpa);
	/* Only aligned 32-bit accesses do anything; others read 0. */
	if (found && size != 4 && !write)
		*value = 0;
	return found;
}
