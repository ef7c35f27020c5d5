// SPDX-License-Identifier: GPL-2.0
/*
 * The rules `jh-config check` applies and the hypervisor re-applies at
 * cell create. Inputs are validated configs (lib/config.c), so counts and
 * ranges are known to be in bounds and not to wrap.
 */
#include "config_rules.h"

#define RULE_PAGE_SIZE		4096ULL
#define NO_INDEX		JAILHOUSE_VIOLATION_NO_INDEX

static const char *const rule_texts[JH_RULE_COUNT] = {
	[JH_RULE_MISALIGNED] = "region is not page-aligned (4 KiB)",
	[JH_RULE_ZERO_SIZE] = "region has size zero",
	[JH_RULE_OVERLAP] =
		"region overlaps another region of the cell (guest addresses)",
	[JH_RULE_OUTSIDE_ROOT] = "region is not inside the root cell's memory",
	[JH_RULE_CPU_NOT_IN_ROOT] = "CPU is not one of the root cell's CPUs",
	[JH_RULE_CPU_CONFLICT] = "CPU is claimed by two cells",
	[JH_RULE_MEM_CONFLICT] = "memory is claimed by two cells",
	[JH_RULE_PIO_CONFLICT] = "I/O ports are claimed by two cells",
	[JH_RULE_PCI_CONFLICT] = "PCI device is claimed by two cells",
	[JH_RULE_IRQ_CONFLICT] = "IOAPIC pin is claimed by two cells",
	[JH_RULE_HYPERVISOR_MEM] = "region touches the hypervisor's memory",
	[JH_RULE_LOADABLE_NOT_RAM] = "loadable region is not RAM (it needs "
		"read and write, and must be neither I/O nor the comm region)",
	[JH_RULE_DMA_NO_IOMMU] = "DMA-capable PCI device in a sandbox cell "
		"without an IOMMU unit covering it",
	[JH_RULE_BAD_IOMMU] = "IOMMU index names no IOMMU unit of the platform",
	[JH_RULE_BAD_IOAPIC] = "IOAPIC id names no IOAPIC of the platform",
	[JH_RULE_ROOT_NO_CPU] = "the other cells leave the root cell no CPU",
	[JH_RULE_NAME_CONFLICT] = "two cells have the same name",
	[JH_RULE_IVSHMEM_ACCESS] = "ivshmem region writable beyond its role "
		"(state table, another peer's output section), or loadable, "
		"I/O or the comm region",
	[JH_RULE_IVSHMEM_PEER] = "ivshmem peer id is claimed by two cells",
	[JH_RULE_IVSHMEM_MISMATCH] = "ivshmem peers disagree on peers, "
		"vectors or shared regions",
	[JH_RULE_IVSHMEM_ROOT] = "ivshmem section shared with the root cell "
		"(a peer of the device) is not flagged rootshared",
	[JH_RULE_IOMMU_REGS] = "region touches an IOMMU unit's registers",
	[JH_RULE_IOMMU_BUS] =
		"the device's bus is not one its IOMMU unit covers",
	[JH_RULE_EMULATED_DEVICE] = "region's physical range touches a device "
		"the hypervisor emulates or owns (local APIC, IOAPIC, "
		"MMCONFIG, debug console)",
	[JH_RULE_PHYS_BITS] = "region's physical range lies beyond the "
		"CPU's physical address width",
	[JH_RULE_GUEST_BITS] = "region's guest range lies beyond what the "
		"nested page tables translate",
	[JH_RULE_FIRMWARE_RAM] = "RAM region is not RAM in the firmware's "
		"memory map (ACPI, reserved or a hole); map it as io",
	[JH_RULE_IO_NOT_OWN] = "I/O memory in no BAR of its PCI devices and "
		"in no assignable region of the root cell",
	[JH_RULE_ROOT_IRQ] = "IOAPIC pin carries an interrupt a root cell "
		"driver requested (see /proc/interrupts); unbind its driver "
		"first, or use a policy class with root-irqs",
	[JH_RULE_IOAPIC_SID] = "the IOAPIC's requester id (source-id) is "
		"on no bus an AMD-Vi unit covers: the hypervisor could not "
		"remap its pins",
};

const char *jailhouse_rule_text(enum jailhouse_rule rule)
{
	if ((unsigned int)rule >= JH_RULE_COUNT)
		return "unknown rule";
	return rule_texts[rule];
}

static void report(struct jailhouse_checker *chk,
		   const struct jailhouse_violation *v)
{
	chk->violations++;
	chk->report(chk, v);
}

/* Report a violation of one element of one cell. */
static void flag(struct jailhouse_checker *chk, enum jailhouse_rule rule,
		 const struct jailhouse_cell_desc *cell, const char *item,
		 unsigned int index, __u64 value)
{
	const struct jailhouse_violation v = {
		.rule = rule, .cell = cell, .item = item, .index = index,
		.value = value,
	};

	report(chk, &v);
}

/* Report a resource claimed by element @i of @a and @j of @b. */
static void flag_conflict(struct jailhouse_checker *chk,
			  enum jailhouse_rule rule,
			  const struct jailhouse_cell_desc *a, unsigned int i,
			  const struct jailhouse_cell_desc *b, unsigned int j,
			  const char *item, __u64 value)
{
	const struct jailhouse_violation v = {
		.rule = rule, .cell = a, .item = item, .index = i,
		.other = b, .other_index = j, .value = value,
	};

	report(chk, &v);
}

static bool is_root(const struct jailhouse_checker *chk,
		    const struct jailhouse_cell_desc *cell)
{
	return cell == &chk->sys->root_cell;
}

static bool is_comm(const struct jailhouse_memory *mem)
{
	return mem->flags & JAILHOUSE_MEM_COMM_REGION;
}

static bool is_ram(const struct jailhouse_memory *mem)
{
	const __u64 rw = JAILHOUSE_MEM_READ | JAILHOUSE_MEM_WRITE;

	return (mem->flags & rw) == rw &&
	       !(mem->flags & (JAILHOUSE_MEM_IO | JAILHOUSE_MEM_COMM_REGION));
}

/*
 * Whether the root cell's regions cover [start, start + size) without a
 * gap. Each pass moves @pos past one root region, and no region can be
 * used twice, so this ends after at most num_memory_regions passes.
 */
static bool covered_by_root(const struct jailhouse_system *sys,
			    __u64 start, __u64 size)
{
	const struct jailhouse_cell_desc *root = &sys->root_cell;
	const struct jailhouse_memory *r = jailhouse_cell_mem_regions(root);
	__u64 last = start + size - 1, pos = start, r_last;
	unsigned int i;

	for (i = 0; i < root->num_memory_regions; i++) {
		if (is_comm(&r[i]) || !r[i].size || pos < r[i].phys_start ||
		    pos - r[i].phys_start >= r[i].size)
			continue;
		r_last = r[i].phys_start + r[i].size - 1;
		if (r_last >= last)
			return true;
		pos = r_last + 1;
		i = -1U;	/* look for the region holding the new pos */
	}
	return false;
}

/* Role of region @i among the regions of @dev (an ivshmem device), or -1. */
static int ivshmem_role(const struct jailhouse_pci_device *dev,
			unsigned int i)
{
	unsigned int first, end;

	if (dev->type != JAILHOUSE_PCI_TYPE_IVSHMEM)
		return -1;
	jailhouse_ivshmem_regions(dev, &first, &end);
	return i >= first && i < end ? (int)(i - first) : -1;
}

/*
 * The ivshmem device of @cell whose regions hold region @i, its role in
 * *role; NULL if none (lib/config.c lets a region have one role at most).
 */
static const struct jailhouse_pci_device *
ivshmem_of_region(const struct jailhouse_cell_desc *cell, unsigned int i,
		  int *role)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(cell);
	unsigned int n;

	for (n = 0; n < cell->num_pci_devices; n++) {
		*role = ivshmem_role(&dev[n], i);
		if (*role >= 0)
			return &dev[n];
	}
	return NULL;
}

/* The read-write and output sections of an ivshmem device may be empty. */
static bool may_be_empty(const struct jailhouse_cell_desc *cell,
			 unsigned int i)
{
	int role;

	return ivshmem_of_region(cell, i, &role) &&
	       role != JAILHOUSE_IVSHMEM_STATE_TABLE;
}

/* Written only where its role allows; plain memory otherwise. */
static bool ivshmem_access_ok(const struct jailhouse_pci_device *dev,
			      int role, const struct jailhouse_memory *mem)
{
	if (mem->flags & (JAILHOUSE_MEM_LOADABLE | JAILHOUSE_MEM_IO |
			  JAILHOUSE_MEM_COMM_REGION))
		return false;
	return !(mem->flags & JAILHOUSE_MEM_WRITE) ||
	       role == JAILHOUSE_IVSHMEM_RW_SECTION ||
	       role == (int)JAILHOUSE_IVSHMEM_OUTPUT(dev->shmem_dev_id);
}

static void check_ivshmem_region(struct jailhouse_checker *chk,
				 const struct jailhouse_cell_desc *cell,
				 unsigned int i,
				 const struct jailhouse_memory *mem)
{
	const struct jailhouse_pci_device *dev;
	int role;

	dev = ivshmem_of_region(cell, i, &role);
	if (dev && mem->size && !ivshmem_access_ok(dev, role, mem))
		flag(chk, JH_RULE_IVSHMEM_ACCESS, cell, "memory region", i,
		     mem->phys_start);
}

/* The IOMMU unit whose registers [start, start + size) touches, or -1. */
static int iommu_regs_touched(const struct jailhouse_system *sys,
			      __u64 start, __u64 size)
{
	const struct jailhouse_platform_info *pf = &sys->platform;
	unsigned int i;

	for (i = 0; i < pf->num_iommu_units; i++)
		if (jailhouse_ranges_overlap(start, size,
					     pf->iommu_units[i].base,
					     pf->iommu_units[i].size))
			return i;
	return -1;
}

/* Whether [start, start + size) fits in @bits of address, 0 meaning @max. */
static bool fits_bits(__u64 start, __u64 size, unsigned int bits,
		      unsigned int max)
{
	if (!bits || bits > max)
		bits = max;
	return bits >= 64 || start + size - 1 < (1ULL << bits);
}

static void check_widths(struct jailhouse_checker *chk,
			 const struct jailhouse_cell_desc *cell,
			 unsigned int i, const struct jailhouse_memory *mem)
{
	if (!fits_bits(mem->virt_start, mem->size, chk->guest_bits,
		       JAILHOUSE_X86_GUEST_BITS))
		flag(chk, JH_RULE_GUEST_BITS, cell, "memory region", i,
		     mem->virt_start);
	if (!is_comm(mem) &&
	    !fits_bits(mem->phys_start, mem->size, chk->phys_bits,
		       JAILHOUSE_X86_PHYS_BITS))
		flag(chk, JH_RULE_PHYS_BITS, cell, "memory region", i,
		     mem->phys_start);
}

/* Whether region @i's physical range touches [base, base + size). */
static void check_kept(struct jailhouse_checker *chk,
		       const struct jailhouse_cell_desc *cell, unsigned int i,
		       const struct jailhouse_memory *mem, __u64 base,
		       __u64 size)
{
	if (size && jailhouse_ranges_overlap(mem->phys_start, mem->size,
					     base, size))
		flag(chk, JH_RULE_EMULATED_DEVICE, cell, "memory region", i,
		     base);
}

/*
 * The devices the hypervisor emulates or drives itself. It leaves them
 * out of nested tables by guest address; by physical address, here,
 * they must not be in a region at all (IOMMU units: JH_RULE_IOMMU_REGS).
 */
static void check_kept_devices(struct jailhouse_checker *chk,
			       const struct jailhouse_cell_desc *cell,
			       unsigned int i,
			       const struct jailhouse_memory *mem)
{
	const struct jailhouse_platform_info *pf = &chk->sys->platform;
	const struct jailhouse_console *con = &chk->sys->debug_console;
	unsigned int n;

	check_kept(chk, cell, i, mem, JAILHOUSE_X86_APIC_BASE,
		   RULE_PAGE_SIZE);
	if (pf->pci_mmconfig_base)
		check_kept(chk, cell, i, mem, pf->pci_mmconfig_base,
			   ((__u64)pf->pci_mmconfig_end_bus + 1) << 20);
	if (con->type == JAILHOUSE_CON_TYPE_UART_MMIO)
		check_kept(chk, cell, i, mem, con->address, con->size);
	for (n = 0; n < pf->num_ioapics; n++)
		check_kept(chk, cell, i, mem, pf->ioapics[n].address,
			   RULE_PAGE_SIZE);
}

/* A firmware range of type RAM (@ram) or any other touches the range. */
static bool firmware_touches(const struct jailhouse_system *sys,
			     __u64 start, __u64 size, bool ram)
{
	const struct jailhouse_firmware_range *r =
		jailhouse_system_firmware_map(sys);
	unsigned int n;

	for (n = 0; n < sys->num_firmware_ranges; n++)
		if ((r[n].type == JAILHOUSE_FIRMWARE_RAM) == ram &&
		    jailhouse_ranges_overlap(start, size, r[n].start,
					     r[n].size))
			return true;
	return false;
}

/*
 * As the loader's check_linux_ram() over the live firmware map: a RAM
 * region touches no firmware range but RAM, and some RAM.
 */
static void check_firmware_ram(struct jailhouse_checker *chk,
			       const struct jailhouse_cell_desc *cell,
			       unsigned int i,
			       const struct jailhouse_memory *mem)
{
	const struct jailhouse_system *sys = chk->sys;

	if (!(sys->flags & JAILHOUSE_SYS_FIRMWARE_MAP) ||
	    (mem->flags & JAILHOUSE_MEM_IO))
		return;
	if (firmware_touches(sys, mem->phys_start, mem->size, false) ||
	    !firmware_touches(sys, mem->phys_start, mem->size, true))
		flag(chk, JH_RULE_FIRMWARE_RAM, cell, "memory region", i,
		     mem->phys_start);
}

bool jailhouse_region_inside(const struct jailhouse_memory *mem, __u64 base,
			     __u64 size)
{
	return size >= mem->size && mem->phys_start >= base &&
	       mem->phys_start - base <= size - mem->size;
}

/* Region @mem lies in one memory BAR of PCI device @dev of the root. */
static bool in_root_bar(const struct jailhouse_system *sys,
			const struct jailhouse_pci_device *dev,
			const struct jailhouse_memory *mem)
{
	const struct jailhouse_pci_bar *bar = jailhouse_system_root_bars(sys);
	unsigned int n;

	for (n = 0; n < sys->num_root_bars; n++)
		if (dev->domain == 0 && bar[n].bdf == dev->bdf &&
		    jailhouse_region_inside(mem, bar[n].start, bar[n].size))
			return true;
	return false;
}

bool jailhouse_root_assignable(const struct jailhouse_cell_desc *root,
			       const struct jailhouse_memory *mem)
{
	const struct jailhouse_memory *r = jailhouse_cell_mem_regions(root);
	const __u64 flags = JAILHOUSE_MEM_IO | JAILHOUSE_MEM_ASSIGNABLE;
	unsigned int n;

	for (n = 0; n < root->num_memory_regions; n++)
		if ((r[n].flags & flags) == flags &&
		    jailhouse_region_inside(mem, r[n].phys_start, r[n].size))
			return true;
	return false;
}

/*
 * As the hypervisor's pci_io_region_refused() over the live BARs: an
 * I/O region lies in a BAR of one of the cell's own PCI devices or in an
 * assignable region of the root cell.
 */
static void check_own_io(struct jailhouse_checker *chk,
			 const struct jailhouse_cell_desc *cell,
			 unsigned int i, const struct jailhouse_memory *mem)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(cell);
	unsigned int n;

	if (!(chk->sys->flags & JAILHOUSE_SYS_ROOT_BARS) ||
	    !(mem->flags & JAILHOUSE_MEM_IO) ||
	    jailhouse_root_assignable(&chk->sys->root_cell, mem))
		return;
	for (n = 0; n < cell->num_pci_devices; n++)
		if (in_root_bar(chk->sys, &dev[n], mem))
			return;
	flag(chk, JH_RULE_IO_NOT_OWN, cell, "memory region", i,
	     mem->phys_start);
}

static void check_region(struct jailhouse_checker *chk,
			 const struct jailhouse_cell_desc *cell,
			 unsigned int i, const struct jailhouse_memory *mem)
{
	const struct jailhouse_memory *hv = &chk->sys->hypervisor_memory;

	check_ivshmem_region(chk, cell, i, mem);
	if (mem->size == 0 && !may_be_empty(cell, i))
		flag(chk, JH_RULE_ZERO_SIZE, cell, "memory region", i, 0);
	else if ((mem->phys_start | mem->virt_start | mem->size) %
		 RULE_PAGE_SIZE)
		flag(chk, JH_RULE_MISALIGNED, cell, "memory region", i,
		     mem->phys_start);
	if ((mem->flags & JAILHOUSE_MEM_LOADABLE) && !is_ram(mem))
		flag(chk, JH_RULE_LOADABLE_NOT_RAM, cell, "memory region", i,
		     mem->virt_start);
	if (mem->size == 0)
		return;
	check_widths(chk, cell, i, mem);
	if (is_comm(mem))
		return;
	if (jailhouse_ranges_overlap(mem->phys_start, mem->size,
				     hv->phys_start, hv->size))
		flag(chk, JH_RULE_HYPERVISOR_MEM, cell, "memory region", i,
		     mem->phys_start);
	if (iommu_regs_touched(chk->sys, mem->phys_start, mem->size) >= 0)
		flag(chk, JH_RULE_IOMMU_REGS, cell, "memory region", i,
		     mem->phys_start);
	if (is_root(chk, cell))
		return;
	if (!covered_by_root(chk->sys, mem->phys_start, mem->size))
		flag(chk, JH_RULE_OUTSIDE_ROOT, cell, "memory region", i,
		     mem->phys_start);
	check_kept_devices(chk, cell, i, mem);
	if (chk->machine_rules) {
		check_firmware_ram(chk, cell, i, mem);
		check_own_io(chk, cell, i, mem);
	}
}

static void check_regions(struct jailhouse_checker *chk,
			  const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(cell);
	unsigned int i, j;

	for (i = 0; i < cell->num_memory_regions; i++) {
		check_region(chk, cell, i, &mem[i]);
		for (j = i + 1; j < cell->num_memory_regions; j++)
			if (jailhouse_ranges_overlap(mem[i].virt_start,
						     mem[i].size,
						     mem[j].virt_start,
						     mem[j].size))
				flag_conflict(chk, JH_RULE_OVERLAP, cell, i,
					      cell, j, "memory region",
					      mem[j].virt_start);
	}
}

static bool iommu_exists(const struct jailhouse_checker *chk, __u8 index)
{
	return index < chk->sys->platform.num_iommu_units;
}

/* Requester id @bdf (bus << 8 | devfn) is on a bus @unit covers. */
static bool unit_covers(const struct jailhouse_iommu *unit, __u16 bdf)
{
	return bdf >> 8 >= unit->start_bus && bdf >> 8 <= unit->end_bus;
}

static bool iommu_covers(const struct jailhouse_checker *chk,
			 const struct jailhouse_pci_device *dev)
{
	return dev->domain == 0 &&
	       unit_covers(&chk->sys->platform.iommu_units[dev->iommu],
			   dev->bdf);
}

/*
 * AMD-Vi remaps an IOAPIC's pins through a table that the device table
 * entry of the IOAPIC's requester id names, and a unit's device table
 * holds only the ids of its buses. (VT-d needs no table per requester;
 * source-id 0 is "not known".)
 */
static void check_ioapic_sources(struct jailhouse_checker *chk)
{
	const struct jailhouse_platform_info *pf = &chk->sys->platform;
	unsigned int i, u;
	__u16 sid;

	if (!pf->num_iommu_units ||
	    pf->iommu_units[0].type != JAILHOUSE_IOMMU_AMD)
		return;
	for (i = 0; i < pf->num_ioapics; i++) {
		sid = pf->ioapics[i].source_id;
		for (u = 0; u < pf->num_iommu_units; u++)
			if (unit_covers(&pf->iommu_units[u], sid))
				break;
		if (sid && u == pf->num_iommu_units)
			flag(chk, JH_RULE_IOAPIC_SID, &chk->sys->root_cell,
			     "platform IOAPIC", i, sid);
	}
}

static void check_pci(struct jailhouse_checker *chk,
		      const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(cell);
	unsigned int i;

	for (i = 0; i < cell->num_pci_devices; i++) {
		if (dev[i].iommu != JAILHOUSE_PCI_NO_IOMMU &&
		    !iommu_exists(chk, dev[i].iommu))
			flag(chk, JH_RULE_BAD_IOMMU, cell, "PCI device", i,
			     dev[i].iommu);
		else if (dev[i].iommu != JAILHOUSE_PCI_NO_IOMMU &&
			 !iommu_covers(chk, &dev[i]))
			flag(chk, JH_RULE_IOMMU_BUS, cell, "PCI device", i,
			     dev[i].bdf);
		if ((cell->flags & JAILHOUSE_CELL_SANDBOX) &&
		    (dev[i].flags & JAILHOUSE_PCI_FLAG_DMA) &&
		    !iommu_exists(chk, dev[i].iommu))
			flag(chk, JH_RULE_DMA_NO_IOMMU, cell, "PCI device", i,
			     dev[i].bdf);
	}
}

static bool ioapic_exists(const struct jailhouse_checker *chk, __u32 id)
{
	const struct jailhouse_platform_info *pf = &chk->sys->platform;
	unsigned int i;

	for (i = 0; i < pf->num_ioapics; i++)
		if (pf->ioapics[i].id == id)
			return true;
	return false;
}

/* First pin both pin sets hold, or -1. */
static int common_pin(const struct jailhouse_irqchip *x,
		      const struct jailhouse_irqchip *y)
{
	unsigned int pin;

	if (x->ioapic_id != y->ioapic_id)
		return -1;
	for (pin = 0; pin < JAILHOUSE_IOAPIC_PINS; pin++)
		if (x->pin_bitmap[pin / 32] & y->pin_bitmap[pin / 32] &
		    (1U << (pin % 32)))
			return pin;
	return -1;
}

/*
 * As the loader's check_linux_irqs() over the live IRQs: no pin of the
 * cell carries an interrupt a root cell driver requested.
 */
static void check_root_irqs(struct jailhouse_checker *chk,
			    const struct jailhouse_cell_desc *cell,
			    unsigned int i, const struct jailhouse_irqchip *chip)
{
	const struct jailhouse_system *sys = chk->sys;
	const struct jailhouse_irqchip *root =
		jailhouse_system_root_irqchips(sys);
	unsigned int n;
	int pin;

	if (!(sys->flags & JAILHOUSE_SYS_ROOT_IRQS) || chk->root_irqs_allowed)
		return;
	for (n = 0; n < sys->num_root_irqchips; n++) {
		pin = common_pin(chip, &root[n]);
		if (pin >= 0)
			flag(chk, JH_RULE_ROOT_IRQ, cell, "IOAPIC pin set", i,
			     pin);
	}
}

static void check_irqchips(struct jailhouse_checker *chk,
			   const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_irqchip *chip = jailhouse_cell_irqchips(cell);
	unsigned int i;

	for (i = 0; i < cell->num_irqchips; i++) {
		if (!ioapic_exists(chk, chip[i].ioapic_id))
			flag(chk, JH_RULE_BAD_IOAPIC, cell, "IOAPIC pin set",
			     i, chip[i].ioapic_id);
		if (chk->machine_rules && !is_root(chk, cell))
			check_root_irqs(chk, cell, i, &chip[i]);
	}
}

/* Whether @a and @b are endpoints of one ivshmem device. */
static bool ivshmem_linked(const struct jailhouse_pci_device *a,
			   const struct jailhouse_pci_device *b)
{
	return a->type == JAILHOUSE_PCI_TYPE_IVSHMEM &&
	       b->type == JAILHOUSE_PCI_TYPE_IVSHMEM &&
	       a->domain == b->domain && a->bdf == b->bdf;
}

/* Linked endpoints @da of @a and @db of @b agree on what they share. */
static bool ivshmem_agree(const struct jailhouse_cell_desc *a,
			  const struct jailhouse_pci_device *da,
			  const struct jailhouse_cell_desc *b,
			  const struct jailhouse_pci_device *db)
{
	const struct jailhouse_memory *ma =
		jailhouse_cell_mem_regions(a) + da->shmem_regions_start;
	const struct jailhouse_memory *mb =
		jailhouse_cell_mem_regions(b) + db->shmem_regions_start;
	unsigned int n;

	if (da->shmem_peers != db->shmem_peers ||
	    da->shmem_vectors != db->shmem_vectors)
		return false;
	for (n = 0; n < JAILHOUSE_IVSHMEM_OUTPUT(da->shmem_peers); n++)
		if (ma[n].phys_start != mb[n].phys_start ||
		    ma[n].size != mb[n].size)
			return false;
	return true;
}

/* PCI device @i of @a and @j of @b are linked ivshmem endpoints. */
static void check_link(struct jailhouse_checker *chk,
		       const struct jailhouse_cell_desc *a, unsigned int i,
		       const struct jailhouse_cell_desc *b, unsigned int j)
{
	const struct jailhouse_pci_device *da =
		&jailhouse_cell_pci_devices(a)[i];
	const struct jailhouse_pci_device *db =
		&jailhouse_cell_pci_devices(b)[j];

	if (da->shmem_dev_id == db->shmem_dev_id)
		flag_conflict(chk, JH_RULE_IVSHMEM_PEER, a, i, b, j,
			      "PCI device", da->shmem_dev_id);
	if (!ivshmem_agree(a, da, b, db))
		flag_conflict(chk, JH_RULE_IVSHMEM_MISMATCH, a, i, b, j,
			      "PCI device", da->bdf);
}

/*
 * Sections of @dev, an endpoint the root cell is a peer of, stay the
 * root's: they must say so (`rootshared`), so that the policy's
 * root-shared rule, which reads the flag, sees them.
 */
static void check_root_shared(struct jailhouse_checker *chk,
			      const struct jailhouse_cell_desc *cell,
			      const struct jailhouse_pci_device *dev)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(cell);
	unsigned int n, first, end;

	jailhouse_ivshmem_regions(dev, &first, &end);
	for (n = first; n < end; n++)
		if (mem[n].size && !(mem[n].flags & JAILHOUSE_MEM_ROOTSHARED))
			flag(chk, JH_RULE_IVSHMEM_ROOT, cell, "memory region",
			     n, mem[n].phys_start);
}

/* The cell's ivshmem endpoints against the root cell's. */
static void check_root_links(struct jailhouse_checker *chk,
			     const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_cell_desc *root = &chk->sys->root_cell;
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(cell);
	const struct jailhouse_pci_device *rdev =
		jailhouse_cell_pci_devices(root);
	unsigned int i, j;

	for (i = 0; i < cell->num_pci_devices; i++)
		for (j = 0; j < root->num_pci_devices; j++)
			if (ivshmem_linked(&dev[i], &rdev[j])) {
				check_link(chk, cell, i, root, j);
				check_root_shared(chk, cell, &dev[i]);
			}
}

static void check_cpus_in_root(struct jailhouse_checker *chk,
			       const struct jailhouse_cell_desc *cell)
{
	unsigned int cpu;

	for (cpu = 0; cpu < cell->cpu_set_size * 8; cpu++)
		if (jailhouse_cell_has_cpu(cell, cpu) &&
		    !jailhouse_cell_has_cpu(&chk->sys->root_cell, cpu))
			flag(chk, JH_RULE_CPU_NOT_IN_ROOT, cell, "CPU set",
			     NO_INDEX, cpu);
}

/* Names are NUL-padded to their full length (lib/config.c checks it). */
static bool same_name(const struct jailhouse_cell_desc *a,
		      const struct jailhouse_cell_desc *b)
{
	return memcmp(a->name, b->name, sizeof(a->name)) == 0;
}

void jailhouse_check_cell(struct jailhouse_checker *chk,
			  const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_cell_desc *root = &chk->sys->root_cell;

	check_regions(chk, cell);
	check_pci(chk, cell);
	check_irqchips(chk, cell);
	if (is_root(chk, cell)) {
		check_ioapic_sources(chk);
		return;
	}
	check_cpus_in_root(chk, cell);
	check_root_links(chk, cell);
	if (same_name(cell, root))
		flag_conflict(chk, JH_RULE_NAME_CONFLICT, cell, NO_INDEX, root,
			      NO_INDEX, "name", 0);
}

static void pair_cpus(struct jailhouse_checker *chk,
		      const struct jailhouse_cell_desc *a,
		      const struct jailhouse_cell_desc *b)
{
	unsigned int cpu;

	for (cpu = 0; cpu < a->cpu_set_size * 8; cpu++)
		if (jailhouse_cell_has_cpu(a, cpu) &&
		    jailhouse_cell_has_cpu(b, cpu))
			flag_conflict(chk, JH_RULE_CPU_CONFLICT, a, NO_INDEX,
				      b, NO_INDEX, "CPU set", cpu);
}

/*
 * Region @i of @a and @j of @b are the same section of one ivshmem device
 * (check_link() makes sure that the peers agree on where it is).
 */
static bool ivshmem_shared(const struct jailhouse_cell_desc *a,
			   unsigned int i,
			   const struct jailhouse_cell_desc *b,
			   unsigned int j)
{
	const struct jailhouse_pci_device *da, *db;
	int role_a, role_b;

	da = ivshmem_of_region(a, i, &role_a);
	db = ivshmem_of_region(b, j, &role_b);
	return da && db && role_a == role_b && ivshmem_linked(da, db);
}

static void pair_memory(struct jailhouse_checker *chk,
			const struct jailhouse_cell_desc *a,
			const struct jailhouse_cell_desc *b)
{
	const struct jailhouse_memory *ma = jailhouse_cell_mem_regions(a);
	const struct jailhouse_memory *mb = jailhouse_cell_mem_regions(b);
	unsigned int i, j;

	for (i = 0; i < a->num_memory_regions; i++)
		for (j = 0; j < b->num_memory_regions; j++)
			if (!is_comm(&ma[i]) && !is_comm(&mb[j]) &&
			    jailhouse_ranges_overlap(ma[i].phys_start,
						     ma[i].size,
						     mb[j].phys_start,
						     mb[j].size) &&
			    !ivshmem_shared(a, i, b, j))
				flag_conflict(chk, JH_RULE_MEM_CONFLICT, a, i,
					      b, j, "memory region",
					      ma[i].phys_start);
}

static void pair_pio(struct jailhouse_checker *chk,
		     const struct jailhouse_cell_desc *a,
		     const struct jailhouse_cell_desc *b)
{
	const struct jailhouse_pio *pa = jailhouse_cell_pio(a);
	const struct jailhouse_pio *pb = jailhouse_cell_pio(b);
	unsigned int i, j;

	for (i = 0; i < a->num_pio_ranges; i++)
		for (j = 0; j < b->num_pio_ranges; j++)
			if (jailhouse_ranges_overlap(pa[i].base, pa[i].length,
						     pb[j].base, pb[j].length))
				flag_conflict(chk, JH_RULE_PIO_CONFLICT, a, i,
					      b, j, "port I/O range",
					      pa[i].base);
}

static void pair_pci(struct jailhouse_checker *chk,
		     const struct jailhouse_cell_desc *a,
		     const struct jailhouse_cell_desc *b)
{
	const struct jailhouse_pci_device *da = jailhouse_cell_pci_devices(a);
	const struct jailhouse_pci_device *db = jailhouse_cell_pci_devices(b);
	unsigned int i, j;

	for (i = 0; i < a->num_pci_devices; i++)
		for (j = 0; j < b->num_pci_devices; j++)
			if (ivshmem_linked(&da[i], &db[j]))
				check_link(chk, a, i, b, j);
			else if (da[i].domain == db[j].domain &&
				 da[i].bdf == db[j].bdf)
				flag_conflict(chk, JH_RULE_PCI_CONFLICT, a, i,
					      b, j, "PCI device", da[i].bdf);
}

static void pair_irqchips(struct jailhouse_checker *chk,
			  const struct jailhouse_cell_desc *a,
			  const struct jailhouse_cell_desc *b)
{
	const struct jailhouse_irqchip *ca = jailhouse_cell_irqchips(a);
	const struct jailhouse_irqchip *cb = jailhouse_cell_irqchips(b);
	unsigned int i, j;
	int pin;

	for (i = 0; i < a->num_irqchips; i++)
		for (j = 0; j < b->num_irqchips; j++) {
			pin = common_pin(&ca[i], &cb[j]);
			if (pin >= 0)
				flag_conflict(chk, JH_RULE_IRQ_CONFLICT, a, i,
					      b, j, "IOAPIC pin set", pin);
		}
}

void jailhouse_check_pair(struct jailhouse_checker *chk,
			  const struct jailhouse_cell_desc *a,
			  const struct jailhouse_cell_desc *b)
{
	pair_cpus(chk, a, b);
	pair_memory(chk, a, b);
	pair_pio(chk, a, b);
	pair_pci(chk, a, b);
	pair_irqchips(chk, a, b);
	if (same_name(a, b))
		flag_conflict(chk, JH_RULE_NAME_CONFLICT, a, NO_INDEX, b,
			      NO_INDEX, "name", 0);
}

static bool cpu_taken(unsigned int cpu,
		      const struct jailhouse_cell_desc *const *cells,
		      unsigned int num)
{
	unsigned int n;

	for (n = 0; n < num; n++)
		if (jailhouse_cell_has_cpu(cells[n], cpu))
			return true;
	return false;
}

void jailhouse_check_root_cpus(struct jailhouse_checker *chk,
			       const struct jailhouse_cell_desc *const *cells,
			       unsigned int num)
{
	const struct jailhouse_cell_desc *root = &chk->sys->root_cell;
	unsigned int cpu;

	for (cpu = 0; cpu < root->cpu_set_size * 8; cpu++)
		if (jailhouse_cell_has_cpu(root, cpu) &&
		    !cpu_taken(cpu, cells, num))
			return;
	flag(chk, JH_RULE_ROOT_NO_CPU, root, "CPU set", NO_INDEX, 0);
}

unsigned int jailhouse_check_all(struct jailhouse_checker *chk,
				 const struct jailhouse_cell_desc *const *cells,
				 unsigned int num)
{
	unsigned int before = chk->violations, i, j;

	jailhouse_check_cell(chk, &chk->sys->root_cell);
	for (i = 0; i < num; i++) {
		jailhouse_check_cell(chk, cells[i]);
		for (j = i + 1; j < num; j++)
			jailhouse_check_pair(chk, cells[i], cells[j]);
	}
	jailhouse_check_root_cpus(chk, cells, num);
	return chk->violations - before;
}
