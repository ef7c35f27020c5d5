// SPDX-License-Identifier: GPL-2.0
/*
 * x86 side of cells (jailhouse/arch.h): kicks are NMIs, parking and
 * reset are the backend's, the clocks are clocks.c's.
 */
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/iommu.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <jailhouse/string.h>
#include <asm/apic.h>
#include <asm/clocks.h>
#include <asm/cpu-state.h>
#include <asm/ioapic.h>
#include <asm/iopm.h>
#include <asm/ipi.h>
#include <asm/msix.h>
#include <asm/processor.h>
#include <asm/smt.h>
#include <asm/vcpu.h>

#include "config.h"

/* The larger of the two backends' I/O bitmaps (asm/iopm.h). */
#define IO_BITMAP_MAX_PAGES	(SVM_IOPM_SIZE / PAGE_SIZE)
/* Where root_ports_update() builds the root's next I/O bitmap. */
static __u8 *ports_scratch;

int arch_init(void)
{
	int err;

	ports_scratch = page_alloc(IO_BITMAP_MAX_PAGES);
	if (!ports_scratch)
		return -ENOMEM;
	err = ipi_init();
	if (err)
		return err;
	clocks_init();
	err = cpu_state_init();
	if (!err)
		err = vcpu_vendor->init();
	if (err)
		return err;
	ioapic_init();
	return iommu_init();
}

#define CPUID_ADDRESS_SIZES	0x80000008
#define PHYS_BITS_MASK		0xff

unsigned int arch_phys_addr_bits(void)
{
	struct cpuid_regs r;

	cpuid(CPUID_ADDRESS_SIZES, 0, &r);
	return r.eax & PHYS_BITS_MASK;
}

/* 4 KiB pages, 9 bits per level. */
unsigned int arch_guest_addr_bits(void)
{
	return 12 + 9 * npt_paging.levels;
}

void arch_cpu_kick(struct per_cpu *target)
{
	ipi_send_nmi(target->arch.apic_id);
}

void arch_cpu_park(struct per_cpu *cpu)
{
	vcpu_vendor->park(cpu);
}

void arch_cpu_reset(struct per_cpu *cpu, __u64 address)
{
	/* Nothing the CPU's last guest latched carries over. */
	cpu->arch.pci_addr = 0;
	cpu->arch.pci_bar_sizing = 0;
	memset(cpu->arch.ioapic_select, 0, sizeof(cpu->arch.ioapic_select));
	apic_clear(cpu);
	apic_cpu_reset(cpu);
	vcpu_reset_msrs(cpu);
	cpu_state_clear();
	/* Before the guest reads it from its comm region. */
	if (!cell_is_root(cpu->cell) && cpu->cell->comm &&
	    !cpu->cell->comm->apic_khz)
		cpu->cell->comm->apic_khz = clocks_cell_cpu_apic_khz();
	/* After the measurement, which divides by 1. */
	if (!cell_is_root(cpu->cell))
		apic_timer_divide_jailhouse();
	vcpu_vendor->reset(cpu, address);
}

static __u64 desc_cpus(const struct jailhouse_cell_desc *desc)
{
	unsigned int id;
	__u64 mask = 0;

	for (id = 0; id < APIC_MAX_CPUS; id++)
		if (jailhouse_cell_has_cpu(desc, id))
			mask |= 1ULL << id;
	return mask;
}

/*
 * A sandbox cell gets whole cores: SMT siblings share caches, predictors
 * and fill buffers, through which one thread observes the other.
 */
int arch_cell_check(const struct jailhouse_cell_desc *desc)
{
	unsigned int shift, cpu;

	if (msix_cell_check(desc))
		return -EPERM;
	if (!(desc->flags & JAILHOUSE_CELL_SANDBOX))
		return 0;
	if (!cpu_smt_shift(&shift)) {
		printk("Cell \"%s\": SMT topology unknown, its CPUs are taken "
		       "as whole cores\n", desc->name);
		return 0;
	}
	if (!apic_smt_split(desc_cpus(desc), shift, &cpu))
		return 0;
	printk("Cell \"%s\" refused: CPU %u shares its core with a CPU "
	       "outside the cell (SMT), and the cell is a sandbox\n",
	       desc->name, cpu);
	return -EBUSY;
}

void arch_cpu_tlb_flush(struct per_cpu *cpu)
{
	vcpu_vendor->tlb_flush(cpu);
}

/* The cell's devices reach the memory its CPUs reach, if it is DMA memory. */
int arch_map_memory_region(struct cell *cell,
			   const struct jailhouse_memory *mem)
{
	int err;

	err = vcpu_vendor->map_memory(cell, mem);
	if (err)
		return err;
	err = iommu_map_memory(cell, mem);
	if (err)
		vcpu_vendor->unmap_memory(cell, mem);
	return err;
}

/* Devices first: once this returns, no DMA reaches @mem either. */
int arch_unmap_memory_region(struct cell *cell,
			     const struct jailhouse_memory *mem)
{
	return iommu_unmap_memory(cell, mem) ?:
	       vcpu_vendor->unmap_memory(cell, mem);
}

static void deny_ports(__u8 *bitmap, const struct jailhouse_cell_desc *desc)
{
	const struct jailhouse_pio *pio = jailhouse_cell_pio(desc);
	unsigned int n;

	for (n = 0; n < desc->num_pio_ranges; n++)
		io_bitmap_deny(bitmap, pio[n].base, pio[n].length);
}

/*
 * Built aside and copied byte by byte, so that no port the root cell
 * keeps is denied even for a moment. The ranges are validated: no call
 * can fail.
 */
static void root_ports_update(void)
{
	struct arch_cell *arch = &root_cell.arch;
	size_t size = arch->io_bitmap_pages * PAGE_SIZE;
	struct cell *cell;
	unsigned int n;

	io_bitmap_from_cell(ports_scratch, size, root_cell.config);
	for_each_cell(n, cell)
		deny_ports(ports_scratch, cell->config);
	memcpy(arch->io_bitmap, ports_scratch, size);
}

void arch_root_resources_update(void)
{
	root_ports_update();
	ioapic_root_pins_update();
}
