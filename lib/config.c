// SPDX-License-Identifier: GPL-2.0
/*
 * Structural validation of binary configs: every length, count and offset
 * before use, every flag and reserved field. The semantic rules (overlaps,
 * ownership, the hypervisor's memory...) live in config_rules.c.
 */
#include "config.h"

#define CONFIG_PAGE_SIZE	4096ULL

static int fail(struct jailhouse_config_error *err, const char *item,
		const char *reason)
{
	err->item = item;
	err->index = 0;
	err->indexed = false;
	err->reason = reason;
	return -EINVAL;
}

static int fail_at(struct jailhouse_config_error *err, const char *item,
		   unsigned int index, const char *reason)
{
	fail(err, item, reason);
	err->index = index;
	err->indexed = true;
	return -EINVAL;
}

bool jailhouse_all_zero(const void *p, size_t len)
{
	const __u8 *b = p;

	while (len--)
		if (*b++)
			return false;
	return true;
}

/* [start, start + size) does not wrap around the 64-bit space. */
static bool range_wraps(__u64 start, __u64 size)
{
	return size && start + (size - 1) < start;
}

bool jailhouse_ranges_overlap(__u64 a_start, __u64 a_size,
			      __u64 b_start, __u64 b_size)
{
	if (!a_size || !b_size)
		return false;
	return a_start <= b_start + (b_size - 1) &&
	       b_start <= a_start + (a_size - 1);
}

const __u8 *jailhouse_cell_cpu_set(const struct jailhouse_cell_desc *cell)
{
	return (const __u8 *)(cell + 1);
}

const struct jailhouse_memory *
jailhouse_cell_mem_regions(const struct jailhouse_cell_desc *cell)
{
	return (const void *)(jailhouse_cell_cpu_set(cell) +
			      cell->cpu_set_size);
}

const struct jailhouse_pio *
jailhouse_cell_pio(const struct jailhouse_cell_desc *cell)
{
	return (const void *)(jailhouse_cell_mem_regions(cell) +
			      cell->num_memory_regions);
}

const struct jailhouse_msr_range *
jailhouse_cell_msrs(const struct jailhouse_cell_desc *cell)
{
	return (const void *)(jailhouse_cell_pio(cell) +
			      cell->num_pio_ranges);
}

const struct jailhouse_pci_device *
jailhouse_cell_pci_devices(const struct jailhouse_cell_desc *cell)
{
	return (const void *)(jailhouse_cell_msrs(cell) +
			      cell->num_msr_ranges);
}

const struct jailhouse_irqchip *
jailhouse_cell_irqchips(const struct jailhouse_cell_desc *cell)
{
	return (const void *)(jailhouse_cell_pci_devices(cell) +
			      cell->num_pci_devices);
}

bool jailhouse_cell_has_cpu(const struct jailhouse_cell_desc *cell,
			    unsigned int cpu)
{
	if (cpu / 8 >= cell->cpu_set_size)
		return false;
	return jailhouse_cell_cpu_set(cell)[cpu / 8] & (1U << (cpu % 8));
}

/* Only meaningful once the counts are known to be within their limits. */
static size_t arrays_size(const struct jailhouse_cell_desc *cell)
{
	return (size_t)cell->cpu_set_size +
	       cell->num_memory_regions * sizeof(struct jailhouse_memory) +
	       cell->num_pio_ranges * sizeof(struct jailhouse_pio) +
	       cell->num_msr_ranges * sizeof(struct jailhouse_msr_range) +
	       cell->num_pci_devices * sizeof(struct jailhouse_pci_device) +
	       cell->num_irqchips * sizeof(struct jailhouse_irqchip);
}

size_t jailhouse_cell_size(const struct jailhouse_cell_desc *cell)
{
	return sizeof(*cell) + arrays_size(cell);
}

/* The arrays after the root cell's, once their counts are in bounds. */
static size_t machine_size(const struct jailhouse_system *sys)
{
	return sys->num_firmware_ranges *
	       sizeof(struct jailhouse_firmware_range) +
	       sys->num_root_bars * sizeof(struct jailhouse_pci_bar) +
	       sys->num_root_irqchips * sizeof(struct jailhouse_irqchip);
}

size_t jailhouse_system_size(const struct jailhouse_system *sys)
{
	return sizeof(*sys) + arrays_size(&sys->root_cell) + machine_size(sys);
}

const struct jailhouse_firmware_range *
jailhouse_system_firmware_map(const struct jailhouse_system *sys)
{
	return (const void *)((const __u8 *)&sys->root_cell +
			      jailhouse_cell_size(&sys->root_cell));
}

const struct jailhouse_pci_bar *
jailhouse_system_root_bars(const struct jailhouse_system *sys)
{
	return (const void *)(jailhouse_system_firmware_map(sys) +
			      sys->num_firmware_ranges);
}

const struct jailhouse_irqchip *
jailhouse_system_root_irqchips(const struct jailhouse_system *sys)
{
	return (const void *)(jailhouse_system_root_bars(sys) +
			      sys->num_root_bars);
}

static const char *revision_problem(__u16 revision, __u16 expected)
{
	if (revision <= JAILHOUSE_UPSTREAM_REVISION)
		return "a Jailhouse binary; convert it with jh-config import";
	if (revision != expected)
		return "unsupported config revision";
	return NULL;
}

/* Printable ASCII without quote and backslash: safe in text and logs. */
static bool name_char_ok(char c)
{
	return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\';
}

const char *jailhouse_cell_name_problem(const char *name)
{
	size_t len = 0;

	while (len < JAILHOUSE_CELL_NAME_LEN && name[len]) {
		if (!name_char_ok(name[len]))
			return "holds a character other than printable ASCII "
			       "(quote and backslash excluded)";
		len++;
	}
	if (len == 0)
		return "empty";
	if (len == JAILHOUSE_CELL_NAME_LEN)
		return "not NUL-terminated within 32 bytes";
	if (!jailhouse_all_zero(name + len, JAILHOUSE_CELL_NAME_LEN - len))
		return "padding after the NUL is not zero";
	return NULL;
}

static const char *console_problem(const struct jailhouse_console *con)
{
	if (con->reserved)
		return "reserved field is not zero";
	switch (con->type) {
	case JAILHOUSE_CON_TYPE_NONE:
		if (!jailhouse_all_zero(con, sizeof(*con)))
			return "type none with an address, size or divider";
		return NULL;
	case JAILHOUSE_CON_TYPE_UART_PIO:
		if (con->size == 0 || con->address >= JAILHOUSE_PIO_PORTS ||
		    con->size > JAILHOUSE_PIO_PORTS - con->address)
			return "port range empty or beyond port 0xffff";
		return NULL;
	case JAILHOUSE_CON_TYPE_UART_MMIO:
		if (con->size == 0 || range_wraps(con->address, con->size))
			return "MMIO range empty or wrapping";
		return NULL;
	default:
		return "unknown console type";
	}
}

static const char *limit_problem(const struct jailhouse_cell_desc *cell)
{
	if (cell->cpu_set_size == 0 || cell->cpu_set_size % 8 ||
	    cell->cpu_set_size > JAILHOUSE_MAX_CPU_SET_SIZE)
		return "CPU set size is 0, not a multiple of 8 or above 128";
	if (cell->num_memory_regions > JAILHOUSE_MAX_MEM_REGIONS)
		return "more than 256 memory regions";
	if (cell->num_pio_ranges > JAILHOUSE_MAX_PIO_RANGES)
		return "more than 256 port I/O ranges";
	if (cell->num_msr_ranges > JAILHOUSE_MAX_MSR_RANGES)
		return "more than 256 MSR ranges";
	if (cell->num_pci_devices > JAILHOUSE_MAX_PCI_DEVICES)
		return "more than 256 PCI devices";
	if (cell->num_irqchips > JAILHOUSE_MAX_IRQCHIPS)
		return "more than 8 IOAPIC pin sets";
	return NULL;
}

static const char *header_problem(const struct jailhouse_cell_desc *cell)
{
	if (memcmp(cell->signature, JAILHOUSE_CELL_DESC_SIGNATURE,
		   JAILHOUSE_SIGNATURE_LEN) != 0)
		return "not a cell descriptor (bad signature)";
	if (cell->architecture != JAILHOUSE_ARCH_X86)
		return "built for another architecture";
	if (revision_problem(cell->revision, JAILHOUSE_CONFIG_REVISION))
		return revision_problem(cell->revision,
					JAILHOUSE_CONFIG_REVISION);
	if (cell->flags & ~JAILHOUSE_CELL_FLAGS_VALID)
		return "unknown cell flags";
	if (cell->reserved)
		return "reserved field is not zero";
	return limit_problem(cell);
}

static const char *memory_problem(const struct jailhouse_memory *mem)
{
	if (mem->flags & ~JAILHOUSE_MEM_FLAGS_VALID)
		return "unknown flags";
	if ((mem->flags & 0xf0000) && !(mem->flags & JAILHOUSE_MEM_IO))
		return "access widths given for a region that is not I/O";
	if ((mem->flags & JAILHOUSE_MEM_ASSIGNABLE) &&
	    !(mem->flags & JAILHOUSE_MEM_IO))
		return "assignable region that is not I/O";
	if ((mem->flags & JAILHOUSE_MEM_COMM_REGION) && mem->phys_start)
		return "comm region with a physical address (must be 0)";
	if (range_wraps(mem->phys_start, mem->size) ||
	    range_wraps(mem->virt_start, mem->size))
		return "wraps around the end of the address space";
	return NULL;
}

static const char *pio_problem(const struct jailhouse_pio *pio)
{
	if (pio->length == 0)
		return "zero ports";
	if (pio->base >= JAILHOUSE_PIO_PORTS ||
	    pio->length > JAILHOUSE_PIO_PORTS - pio->base)
		return "reaches beyond port 0xffff";
	return NULL;
}

static const char *msr_problem(const struct jailhouse_msr_range *msr)
{
	if (msr->count == 0)
		return "zero MSRs";
	if (msr->count - 1 > 0xffffffffU - msr->base)
		return "wraps around the MSR index space";
	if (msr->flags == 0 || msr->flags & ~JAILHOUSE_MSR_FLAGS_VALID)
		return "access must be read, write or both";
	if (msr->reserved)
		return "reserved field is not zero";
	return NULL;
}

static const char *ivshmem_problem(const struct jailhouse_pci_device *dev)
{
	if (dev->flags || dev->iommu != JAILHOUSE_PCI_NO_IOMMU)
		return "ivshmem device with flags or an IOMMU (it does no DMA)";
	if ((dev->class_code & 0xff0000) != JAILHOUSE_IVSHMEM_CLASS)
		return "ivshmem device whose class is not 0xff";
	if (dev->shmem_peers < 2 ||
	    dev->shmem_peers > JAILHOUSE_IVSHMEM_MAX_PEERS ||
	    dev->shmem_dev_id >= dev->shmem_peers)
		return "ivshmem peers not 2-16, or peer id not below them";
	if (dev->shmem_vectors > JAILHOUSE_IVSHMEM_MAX_VECTORS)
		return "ivshmem device with more than 16 vectors";
	return NULL;
}

static const char *pci_problem(const struct jailhouse_pci_device *dev)
{
	if (dev->type == JAILHOUSE_PCI_TYPE_IVSHMEM)
		return ivshmem_problem(dev);
	if (dev->type != JAILHOUSE_PCI_TYPE_DEVICE &&
	    dev->type != JAILHOUSE_PCI_TYPE_BRIDGE)
		return "unknown type";
	if (dev->flags & ~JAILHOUSE_PCI_FLAGS_VALID)
		return "unknown flags";
	if (dev->class_code > 0xffffff)
		return "class code above 0xffffff";
	if (dev->shmem_regions_start || dev->shmem_dev_id ||
	    dev->shmem_peers || dev->shmem_vectors)
		return "ivshmem fields set on a device that is not ivshmem";
	return NULL;
}

/* Memory regions of ivshmem device @dev: [*first, *end). */
void jailhouse_ivshmem_regions(const struct jailhouse_pci_device *dev,
			       unsigned int *first, unsigned int *end)
{
	*first = dev->shmem_regions_start;
	*end = *first + JAILHOUSE_IVSHMEM_OUTPUT(dev->shmem_peers);
}

/*
 * The device reports one base address and three sizes (docs/config-format.md):
 * its non-empty sections follow each other in guest addresses from the
 * state table on, and the output sections all have one size.
 */
static const char *ivshmem_layout_problem(const struct jailhouse_memory *shm,
					  unsigned int peers)
{
	const unsigned int out0 = JAILHOUSE_IVSHMEM_OUTPUT(0);
	__u64 next = shm[0].virt_start + shm[0].size;
	unsigned int n;

	/* An empty state table is the config rules' (JH_RULE_ZERO_SIZE). */
	if (!shm[0].size)
		return NULL;
	for (n = 1; n < JAILHOUSE_IVSHMEM_OUTPUT(peers); n++) {
		if (n > out0 && shm[n].size != shm[out0].size)
			return "ivshmem output sections of different sizes";
		if (!shm[n].size)
			continue;
		if (shm[n].virt_start != next)
			return "ivshmem sections not contiguous in guest "
			       "addresses";
		next += shm[n].size;
	}
	return NULL;
}

/*
 * Each ivshmem device's regions exist, are laid out as the device
 * reports them, and belong to no other ivshmem device of the cell (so
 * that every region has at most one role).
 */
static int ivshmem_validate(const struct jailhouse_cell_desc *cell,
			    struct jailhouse_config_error *err)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(cell);
	unsigned int i, j, first, end, first_j, end_j;
	const char *problem;

	for (i = 0; i < cell->num_pci_devices; i++) {
		if (dev[i].type != JAILHOUSE_PCI_TYPE_IVSHMEM)
			continue;
		jailhouse_ivshmem_regions(&dev[i], &first, &end);
		if (end > cell->num_memory_regions)
			return fail_at(err, "PCI device", i, "ivshmem regions "
				       "beyond the cell's memory regions");
		problem = ivshmem_layout_problem(
			jailhouse_cell_mem_regions(cell) + first,
			dev[i].shmem_peers);
		if (problem)
			return fail_at(err, "PCI device", i, problem);
		for (j = 0; j < i; j++) {
			if (dev[j].type != JAILHOUSE_PCI_TYPE_IVSHMEM)
				continue;
			jailhouse_ivshmem_regions(&dev[j], &first_j, &end_j);
			if (first < end_j && first_j < end)
				return fail_at(err, "PCI device", i,
					       "ivshmem regions shared with "
					       "another ivshmem device");
		}
	}
	return 0;
}

static const char *irqchip_problem(const struct jailhouse_irqchip *chip)
{
	return chip->reserved ? "reserved field is not zero" : NULL;
}

/*
 * Run @problem over @count elements of @size bytes at @base; report the
 * first one that has a problem.
 */
#define CHECK_ARRAY(err, item, base, count, problem)			\
	({								\
		const char *__why = NULL;				\
		unsigned int __i;					\
		for (__i = 0; __i < (count) && !__why; __i++)		\
			__why = problem(&(base)[__i]);			\
		__why ? fail_at(err, item, __i - 1, __why) : 0;		\
	})

static int elements_validate(const struct jailhouse_cell_desc *cell,
			     struct jailhouse_config_error *err)
{
	if (jailhouse_all_zero(jailhouse_cell_cpu_set(cell),
			       cell->cpu_set_size))
		return fail(err, "CPU set", "the cell has no CPU");
	return CHECK_ARRAY(err, "memory region",
			   jailhouse_cell_mem_regions(cell),
			   cell->num_memory_regions, memory_problem) ?:
	       CHECK_ARRAY(err, "port I/O range", jailhouse_cell_pio(cell),
			   cell->num_pio_ranges, pio_problem) ?:
	       CHECK_ARRAY(err, "MSR range", jailhouse_cell_msrs(cell),
			   cell->num_msr_ranges, msr_problem) ?:
	       CHECK_ARRAY(err, "PCI device",
			   jailhouse_cell_pci_devices(cell),
			   cell->num_pci_devices, pci_problem) ?:
	       CHECK_ARRAY(err, "IOAPIC pin set",
			   jailhouse_cell_irqchips(cell),
			   cell->num_irqchips, irqchip_problem) ?:
	       ivshmem_validate(cell, err);
}

/*
 * Validate the cell header at the start of @avail bytes and the arrays
 * after it; the arrays must end exactly at @avail.
 */
static int cell_validate(const struct jailhouse_cell_desc *cell,
			 size_t avail, struct jailhouse_config_error *err)
{
	const char *why;

	if (avail < sizeof(*cell))
		return fail(err, "cell header", "truncated");
	why = header_problem(cell);
	if (why)
		return fail(err, "cell header", why);
	why = jailhouse_cell_name_problem(cell->name);
	if (why)
		return fail(err, "cell name", why);
	why = console_problem(&cell->console);
	if (why)
		return fail(err, "cell console", why);
	if (avail - sizeof(*cell) != arrays_size(cell))
		return fail(err, "cell header",
			    "element counts do not match the blob's length");
	return elements_validate(cell, err);
}

int jailhouse_cell_validate(const void *blob, size_t size,
			    struct jailhouse_config_error *err)
{
	return cell_validate(blob, size, err);
}

/* Counts in bounds, and 0 for what the flags do not say is there. */
static const char *machine_counts_problem(const struct jailhouse_system *sys)
{
	if (sys->num_firmware_ranges > JAILHOUSE_MAX_FIRMWARE_RANGES ||
	    sys->num_root_bars > JAILHOUSE_MAX_ROOT_BARS ||
	    sys->num_root_irqchips > JAILHOUSE_MAX_IOAPICS)
		return "more firmware ranges, root BARs or root pin sets "
		       "than allowed";
	if ((!(sys->flags & JAILHOUSE_SYS_FIRMWARE_MAP) &&
	     sys->num_firmware_ranges) ||
	    (!(sys->flags & JAILHOUSE_SYS_ROOT_BARS) && sys->num_root_bars) ||
	    (!(sys->flags & JAILHOUSE_SYS_ROOT_IRQS) &&
	     sys->num_root_irqchips))
		return "firmware ranges, root BARs or root pins without "
		       "their flag";
	return NULL;
}

static const char *
firmware_range_problem(const struct jailhouse_firmware_range *r)
{
	if (!r->size || range_wraps(r->start, r->size))
		return "empty or wrapping";
	if (r->type < JAILHOUSE_FIRMWARE_RAM ||
	    r->type > JAILHOUSE_FIRMWARE_NVS)
		return "unknown type";
	return r->reserved ? "reserved field is not zero" : NULL;
}

static const char *root_bar_problem(const struct jailhouse_pci_bar *bar)
{
	if (!bar->size || range_wraps(bar->start, bar->size))
		return "empty or wrapping";
	if (bar->bar > 5)
		return "BAR number above 5";
	return jailhouse_all_zero(bar->reserved, sizeof(bar->reserved)) ?
	       NULL : "reserved field is not zero";
}

/* The arrays after the root cell's, which @sys's counts size. */
static int machine_validate(const struct jailhouse_system *sys,
			    struct jailhouse_config_error *err)
{
	return CHECK_ARRAY(err, "firmware range",
			   jailhouse_system_firmware_map(sys),
			   sys->num_firmware_ranges, firmware_range_problem) ?:
	       CHECK_ARRAY(err, "root BAR", jailhouse_system_root_bars(sys),
			   sys->num_root_bars, root_bar_problem) ?:
	       CHECK_ARRAY(err, "root pin set",
			   jailhouse_system_root_irqchips(sys),
			   sys->num_root_irqchips, irqchip_problem);
}

static const char *system_header_problem(const struct jailhouse_system *sys)
{
	if (memcmp(sys->signature, JAILHOUSE_SYSTEM_SIGNATURE,
		   JAILHOUSE_SIGNATURE_LEN) != 0)
		return "not a system config (bad signature)";
	if (sys->architecture != JAILHOUSE_ARCH_X86)
		return "built for another architecture";
	if (revision_problem(sys->revision, JAILHOUSE_SYSTEM_REVISION))
		return revision_problem(sys->revision,
					JAILHOUSE_SYSTEM_REVISION);
	if ((sys->flags & ~JAILHOUSE_SYS_FLAGS_VALID) || sys->reserved ||
	    sys->reserved2)
		return "unknown flags or reserved field not zero";
	return machine_counts_problem(sys);
}

static const char *hypervisor_memory_problem(const struct jailhouse_memory *m)
{
	if (m->size == 0 || m->phys_start % CONFIG_PAGE_SIZE ||
	    m->size % CONFIG_PAGE_SIZE)
		return "zero-sized or not page-aligned";
	if (range_wraps(m->phys_start, m->size))
		return "wraps around the end of the address space";
	if (m->virt_start || m->flags)
		return "virtual address and flags must be zero";
	return NULL;
}

static const char *iommu_problem(const struct jailhouse_iommu *unit)
{
	if (unit->type != JAILHOUSE_IOMMU_INTEL &&
	    unit->type != JAILHOUSE_IOMMU_AMD)
		return "unknown type";
	if (unit->base == 0 || unit->size == 0 ||
	    range_wraps(unit->base, unit->size))
		return "register range empty or wrapping";
	if (unit->start_bus > unit->end_bus)
		return "bus range ends before it starts";
	if (unit->reserved)
		return "reserved field is not zero";
	return NULL;
}

static const char *ioapic_problem(const struct jailhouse_ioapic *ioapic)
{
	if (ioapic->address == 0)
		return "no register address";
	if (ioapic->reserved)
		return "reserved field is not zero";
	return NULL;
}

static int platform_validate(const struct jailhouse_platform_info *pf,
			     struct jailhouse_config_error *err)
{
	if (pf->num_iommu_units > JAILHOUSE_MAX_IOMMU_UNITS ||
	    pf->num_ioapics > JAILHOUSE_MAX_IOAPICS)
		return fail(err, "platform", "more than 8 IOMMUs or IOAPICs");
	if (pf->reserved0 || pf->reserved1)
		return fail(err, "platform", "reserved field is not zero");
	if (!jailhouse_all_zero(&pf->iommu_units[pf->num_iommu_units],
		      (JAILHOUSE_MAX_IOMMU_UNITS - pf->num_iommu_units) *
		      sizeof(pf->iommu_units[0])) ||
	    !jailhouse_all_zero(&pf->ioapics[pf->num_ioapics],
		      (JAILHOUSE_MAX_IOAPICS - pf->num_ioapics) *
		      sizeof(pf->ioapics[0])))
		return fail(err, "platform", "unused IOMMU or IOAPIC slot "
			    "is not zero");
	return CHECK_ARRAY(err, "IOMMU unit", pf->iommu_units,
			   pf->num_iommu_units, iommu_problem) ?:
	       CHECK_ARRAY(err, "IOAPIC", pf->ioapics, pf->num_ioapics,
			   ioapic_problem);
}

int jailhouse_system_validate(const void *blob, size_t size,
			      struct jailhouse_config_error *err)
{
	const struct jailhouse_system *sys = blob;
	const char *why;
	int ret;

	if (size < sizeof(*sys))
		return fail(err, "system header", "truncated");
	why = system_header_problem(sys);
	if (why)
		return fail(err, "system header", why);
	why = hypervisor_memory_problem(&sys->hypervisor_memory);
	if (why)
		return fail(err, "hypervisor memory", why);
	why = console_problem(&sys->debug_console);
	if (why)
		return fail(err, "debug console", why);
	ret = platform_validate(&sys->platform, err);
	if (ret)
		return ret;
	/*
	 * The root cell's header is the last member of the system config,
	 * its arrays then the machine's follow (counts checked above).
	 */
	if (size - sizeof(*sys) < machine_size(sys))
		return fail(err, "system header", "element counts do not "
			    "match the blob's length");
	ret = cell_validate(&sys->root_cell,
			    size - (sizeof(*sys) - sizeof(sys->root_cell)) -
			    machine_size(sys), err);
	return ret ?: machine_validate(sys, err);
}
