// SPDX-License-Identifier: GPL-2.0
/*
 * `jh-config import`: Jailhouse revision-14 binary configs to ours.
 *
 * The layout below is written from the facts of Jailhouse's public
 * include/jailhouse/cell-config.h (revision 14, all packed); only what we
 * read is named. What has no counterpart here is refused with a message
 * (cache regions, stream IDs, ivshmem devices, non-8250 consoles, virtual
 * PCI); what we do not need is dropped (PCI BAR masks and capabilities,
 * vPCI IRQ base, APIC mode, VT-d interrupt limit). Jailhouse has no MSR
 * list, so an imported root cell gets the MSRs Linux needs
 * (config_linux_root_msrs); other cells get none. IOAPICs are named by
 * address in Jailhouse and by id here: an IOAPIC at 0xfec00000 + n * 4 KiB
 * becomes id n with GSI base 0 (adjust gsi-base by hand on machines with
 * several IOAPICs).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/config.h"
#include "config-names.h"
#include "config-tool.h"

struct jh14_console {
	__u64 address;
	__u32 size;
	__u16 type;
	__u16 flags;
	__u32 divider;
	__u32 gate_nr;
	__u64 clock_reg;
} JAILHOUSE_PACKED;

struct jh14_cell {
	char signature[5];
	__u8 architecture;
	__u16 revision;
	char name[32];
	__u32 id;
	__u32 flags;
	__u32 cpu_set_size;
	__u32 num_memory_regions;
	__u32 num_cache_regions;
	__u32 num_irqchips;
	__u32 num_pio_regions;
	__u32 num_pci_devices;
	__u32 num_pci_caps;
	__u32 num_stream_ids;
	__u32 vpci_irq_base;
	__u64 cpu_reset_address;
	__u64 msg_reply_timeout;
	struct jh14_console console;
} JAILHOUSE_PACKED;

struct jh14_irqchip {
	__u64 address;
	__u32 id;
	__u32 pin_base;
	__u32 pin_bitmap[4];
} JAILHOUSE_PACKED;

struct jh14_pio {
	__u16 base;
	__u16 length;
} JAILHOUSE_PACKED;

struct jh14_pci_device {
	__u8 type;
	__u8 iommu;
	__u16 domain;
	__u16 bdf;
	__u8 unused[50];	/* BAR masks, capabilities, MSI(-X), shmem */
} JAILHOUSE_PACKED;

struct jh14_iommu {
	__u32 type;
	__u64 base;
	__u32 size;
	__u8 vendor[12];	/* AMD / TI PVU specifics */
} JAILHOUSE_PACKED;

struct jh14_system {
	char signature[5];
	__u8 architecture;
	__u16 revision;
	__u32 flags;
	struct jailhouse_memory hypervisor_memory;
	struct jh14_console debug_console;
	__u64 pci_mmconfig_base;
	__u8 pci_mmconfig_end_bus;
	__u8 pci_is_virtual;
	__u16 pci_domain;
	struct jh14_iommu iommu_units[8];
	__u16 pm_timer_address;
	__u8 apic_mode;
	__u8 padding;
	__u32 vtd_interrupt_limit;
	__u32 tsc_khz;
	__u32 apic_khz;
	__u8 arm_rest[28];	/* the larger ARM side of the union */
	struct jh14_cell root_cell;
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jh14_console, 32);
JAILHOUSE_ABI_SIZE(struct jh14_cell, 132);
JAILHOUSE_ABI_SIZE(struct jh14_irqchip, 32);
JAILHOUSE_ABI_SIZE(struct jh14_pio, 4);
JAILHOUSE_ABI_SIZE(struct jh14_pci_device, 56);
JAILHOUSE_ABI_SIZE(struct jh14_iommu, 28);
JAILHOUSE_ABI_SIZE(struct jh14_system, 488);

#define JH14_CACHE_SIZE		12
#define JH14_PCI_CAP_SIZE	8
#define JH14_STREAM_ID_SIZE	4
#define JH14_CON_8250		2
#define JH14_CON_MMIO		0x1
#define JH14_PCI_IVSHMEM	3
#define JH14_IOMMU_AMD		1
#define JH14_IOMMU_INTEL	2
#define JH14_MEM_VALID		0xf01ffULL	/* incl. NO_HUGEPAGES */
#define JH14_CELL_FLAGS		(JAILHOUSE_CELL_PASSIVE_COMMREG | \
				 JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED | \
				 JAILHOUSE_CELL_VIRTUAL_CONSOLE_ACTIVE)
#define IOAPIC_WINDOW		0xfec00000ULL
#define IOAPIC_STRIDE		0x1000ULL

struct import {
	const char *file;
	char *error;
	const uint8_t *end;	/* end of the Jailhouse blob */
	bool root;
};

static int refuse(struct import *im, const char *what)
{
	snprintf(im->error, CONFIG_ERROR_LEN, "%s: cannot import: %s",
		 im->file, what);
	return -EINVAL;
}

static int import_console(struct import *im, const struct jh14_console *in,
			  struct jailhouse_console *out)
{
	if (in->type == 0)
		return 0;
	if (in->type != JH14_CON_8250)
		return refuse(im, "console other than an 8250 UART");
	out->type = in->flags & JH14_CON_MMIO ? JAILHOUSE_CON_TYPE_UART_MMIO :
		    JAILHOUSE_CON_TYPE_UART_PIO;
	out->address = in->address;
	out->size = in->size;
	out->divider = in->divider;
	return 0;
}

/* Byte offsets of the Jailhouse arrays after the cell header. */
struct jh14_layout {
	const uint8_t *cpus, *mem, *irqchips, *pio, *pci;
};

static int jh14_layout(struct import *im, const struct jh14_cell *c,
		       struct jh14_layout *l)
{
	unsigned long long total;

	if (c->num_cache_regions || c->num_stream_ids)
		return refuse(im, "cache regions or stream IDs");
	l->cpus = (const uint8_t *)(c + 1);
	l->mem = l->cpus + c->cpu_set_size;
	l->irqchips = l->mem + c->num_memory_regions *
				sizeof(struct jailhouse_memory);
	l->pio = l->irqchips + c->num_irqchips * sizeof(struct jh14_irqchip);
	l->pci = l->pio + c->num_pio_regions * sizeof(struct jh14_pio);
	total = (unsigned long long)(l->pci - (const uint8_t *)c) +
		c->num_pci_devices * sizeof(struct jh14_pci_device) +
		(unsigned long long)c->num_pci_caps * JH14_PCI_CAP_SIZE;
	if (total != (unsigned long long)(im->end - (const uint8_t *)c))
		return refuse(im, "element counts do not match the length");
	return 0;
}

static size_t our_arrays_size(const struct jailhouse_cell_desc *d)
{
	return jailhouse_cell_size(d) - sizeof(*d);
}

static int import_header(struct import *im, const struct jh14_cell *in,
			 struct jailhouse_cell_desc *out)
{
	if (in->flags & ~JH14_CELL_FLAGS)
		return refuse(im, "cell flags without counterpart");
	if (in->msg_reply_timeout > 0xffffffffULL)
		return refuse(im, "message reply timeout above 32 bits");
	memcpy(out->signature, JAILHOUSE_CELL_DESC_SIGNATURE,
	       JAILHOUSE_SIGNATURE_LEN);
	out->architecture = JAILHOUSE_ARCH_X86;
	out->revision = JAILHOUSE_CONFIG_REVISION;
	memcpy(out->name, in->name, strnlen(in->name, sizeof(out->name) - 1));
	out->flags = in->flags;
	out->cpu_set_size = (in->cpu_set_size + 7) / 8 * 8;
	out->num_memory_regions = in->num_memory_regions;
	out->num_pio_ranges = in->num_pio_regions;
	out->num_msr_ranges = im->root ? config_num_linux_root_msrs : 0;
	out->num_pci_devices = in->num_pci_devices;
	out->num_irqchips = in->num_irqchips;
	out->cpu_reset_address = in->cpu_reset_address;
	out->msg_reply_timeout = (__u32)in->msg_reply_timeout;
	return import_console(im, &in->console, &out->console);
}

static int import_memory(struct import *im, const struct jh14_layout *l,
			 const struct jailhouse_cell_desc *d)
{
	struct jailhouse_memory *out =
		(struct jailhouse_memory *)jailhouse_cell_mem_regions(d);
	unsigned int i;

	memcpy(out, l->mem, d->num_memory_regions * sizeof(*out));
	for (i = 0; i < d->num_memory_regions; i++)
		if (out[i].flags & ~JH14_MEM_VALID)
			return refuse(im, "memory flags without counterpart "
				      "(e.g. unaligned I/O)");
	return 0;
}

/* Our id of the IOAPIC at @address, or -EINVAL. */
static int ioapic_id_of(__u64 address)
{
	if (address < IOAPIC_WINDOW || (address - IOAPIC_WINDOW) %
	    IOAPIC_STRIDE || address - IOAPIC_WINDOW >= 256 * IOAPIC_STRIDE)
		return -EINVAL;
	return (int)((address - IOAPIC_WINDOW) / IOAPIC_STRIDE);
}

static int import_irqchips(struct import *im, const struct jh14_layout *l,
			   const struct jailhouse_cell_desc *d)
{
	const struct jh14_irqchip *in = (const void *)l->irqchips;
	struct jailhouse_irqchip *out =
		(struct jailhouse_irqchip *)jailhouse_cell_irqchips(d);
	unsigned int i;
	int id;

	for (i = 0; i < d->num_irqchips; i++) {
		id = ioapic_id_of(in[i].address);
		if (in[i].pin_base || id < 0)
			return refuse(im, "IOAPIC outside 0xfec00000 + n * "
				      "4 KiB, or pin base not 0");
		out[i].ioapic_id = (__u32)id;
		memcpy(out[i].pin_bitmap, in[i].pin_bitmap,
		       sizeof(out[i].pin_bitmap));
	}
	return 0;
}

static void import_pio(const struct jh14_layout *l,
		       const struct jailhouse_cell_desc *d)
{
	const struct jh14_pio *in = (const void *)l->pio;
	struct jailhouse_pio *out =
		(struct jailhouse_pio *)jailhouse_cell_pio(d);
	unsigned int i;

	for (i = 0; i < d->num_pio_ranges; i++) {
		out[i].base = in[i].base;
		out[i].length = in[i].length;
	}
}

/* Every imported device may master the bus: the safe assumption. */
static int import_pci(struct import *im, const struct jh14_layout *l,
		      const struct jailhouse_cell_desc *d)
{
	const struct jh14_pci_device *in = (const void *)l->pci;
	struct jailhouse_pci_device *out =
		(struct jailhouse_pci_device *)jailhouse_cell_pci_devices(d);
	unsigned int i;

	for (i = 0; i < d->num_pci_devices; i++) {
		if (in[i].type == JH14_PCI_IVSHMEM)
			return refuse(im, "ivshmem devices");
		out[i].type = in[i].type;
		out[i].iommu = in[i].iommu;
		out[i].domain = in[i].domain;
		out[i].bdf = in[i].bdf;
		out[i].flags = in[i].type == JAILHOUSE_PCI_TYPE_DEVICE ?
			       JAILHOUSE_PCI_FLAG_DMA : 0;
	}
	return 0;
}

/*
 * Convert the Jailhouse cell at @in (its arrays end at im->end) into our
 * header @hdr, which is followed by room for its arrays.
 */
static int import_cell(struct import *im, const struct jh14_cell *in,
		       struct jailhouse_cell_desc *hdr)
{
	struct jh14_layout l;
	int ret;

	ret = jh14_layout(im, in, &l) ?: import_header(im, in, hdr);
	if (ret)
		return ret;
	memcpy((__u8 *)jailhouse_cell_cpu_set(hdr), l.cpus, in->cpu_set_size);
	memcpy((void *)jailhouse_cell_msrs(hdr), config_linux_root_msrs,
	       hdr->num_msr_ranges * sizeof(config_linux_root_msrs[0]));
	import_pio(&l, hdr);
	return import_memory(im, &l, hdr) ?: import_irqchips(im, &l, hdr) ?:
	       import_pci(im, &l, hdr);
}

static int import_iommus(struct import *im, const struct jh14_system *in,
			 struct jailhouse_platform_info *pf)
{
	const struct jh14_iommu *unit;
	unsigned int i;

	for (i = 0; i < 8; i++) {
		unit = &in->iommu_units[i];
		if (unit->type == 0 || unit->base == 0)
			break;
		if (unit->type != JH14_IOMMU_AMD &&
		    unit->type != JH14_IOMMU_INTEL)
			return refuse(im, "IOMMU other than VT-d or AMD-Vi");
		pf->iommu_units[i].type = unit->type == JH14_IOMMU_AMD ?
			JAILHOUSE_IOMMU_AMD : JAILHOUSE_IOMMU_INTEL;
		pf->iommu_units[i].base = unit->base;
		pf->iommu_units[i].size = unit->size;
		pf->iommu_units[i].end_bus = 0xff;
	}
	pf->num_iommu_units = (__u8)i;
	return 0;
}

/* The root cell's IOAPICs become the platform's. */
static void import_ioapics(const struct jailhouse_cell_desc *root,
			   struct jailhouse_platform_info *pf)
{
	const struct jailhouse_irqchip *chip = jailhouse_cell_irqchips(root);
	unsigned int i;

	for (i = 0; i < root->num_irqchips; i++) {
		pf->ioapics[i].id = (__u8)chip[i].ioapic_id;
		pf->ioapics[i].address = IOAPIC_WINDOW +
					 chip[i].ioapic_id * IOAPIC_STRIDE;
	}
	pf->num_ioapics = (__u8)root->num_irqchips;
}

static int import_system(struct import *im, const struct jh14_system *in,
			 struct jailhouse_system *out)
{
	struct jailhouse_platform_info *pf = &out->platform;
	int ret;

	if (in->pci_is_virtual || in->pci_domain)
		return refuse(im, "virtual PCI or a PCI domain other than 0");
	memcpy(out->signature, JAILHOUSE_SYSTEM_SIGNATURE,
	       JAILHOUSE_SIGNATURE_LEN);
	out->architecture = JAILHOUSE_ARCH_X86;
	out->revision = JAILHOUSE_CONFIG_REVISION;
	out->hypervisor_memory.phys_start = in->hypervisor_memory.phys_start;
	out->hypervisor_memory.size = in->hypervisor_memory.size;
	pf->pci_mmconfig_base = in->pci_mmconfig_base;
	pf->pci_mmconfig_end_bus = in->pci_mmconfig_end_bus;
	pf->pm_timer_address = in->pm_timer_address;
	pf->tsc_khz = in->tsc_khz;
	pf->apic_khz = in->apic_khz;
	ret = import_console(im, &in->debug_console, &out->debug_console) ?:
	      import_iommus(im, in, pf) ?:
	      import_cell(im, &in->root_cell, &out->root_cell);
	if (!ret)
		import_ioapics(&out->root_cell, pf);
	return ret;
}

static int check_header(struct import *im, const struct config_blob *in,
			bool *system)
{
	const struct jh14_cell *cell = (const void *)in->data;

	*system = in->size >= 5 && !memcmp(in->data, "JHSYS", 5);
	if (in->size < (*system ? sizeof(struct jh14_system) :
			sizeof(struct jh14_cell)))
		return refuse(im, "too short for a Jailhouse config");
	if (!*system && memcmp(in->data, "JHCLL", 5))
		return refuse(im, "not a Jailhouse config (bad signature)");
	/* Both headers start alike: signature, architecture, revision. */
	if (cell->architecture != JAILHOUSE_ARCH_X86 ||
	    cell->revision != JAILHOUSE_UPSTREAM_REVISION)
		return refuse(im, "not an x86 Jailhouse revision-14 config");
	return 0;
}

/* Our size for a Jailhouse cell: header, CPU set, arrays. */
static size_t our_size(const struct jh14_cell *c, bool root)
{
	struct jailhouse_cell_desc d = {
		.cpu_set_size = (c->cpu_set_size + 7) / 8 * 8,
		.num_memory_regions = c->num_memory_regions,
		.num_pio_ranges = c->num_pio_regions,
		.num_msr_ranges = root ? config_num_linux_root_msrs : 0,
		.num_pci_devices = c->num_pci_devices,
		.num_irqchips = c->num_irqchips,
	};

	return our_arrays_size(&d);
}

static int import_blob(struct import *im, const struct config_blob *in,
		       struct config_blob *out)
{
	const struct jh14_system *sys = (const void *)in->data;
	const struct jh14_cell *cell = (const void *)in->data;
	bool system;
	int ret;

	ret = check_header(im, in, &system);
	if (ret)
		return ret;
	im->root = system;
	if (system)
		cell = &sys->root_cell;
	if (cell->cpu_set_size > JAILHOUSE_MAX_CPU_SET_SIZE ||
	    cell->num_memory_regions > JAILHOUSE_MAX_MEM_REGIONS ||
	    cell->num_pio_regions > JAILHOUSE_MAX_PIO_RANGES ||
	    cell->num_pci_devices > JAILHOUSE_MAX_PCI_DEVICES ||
	    cell->num_irqchips > JAILHOUSE_MAX_IRQCHIPS)
		return refuse(im, "more elements than we support");
	out->size = (system ? sizeof(struct jailhouse_system) :
		     sizeof(struct jailhouse_cell_desc)) +
		    our_size(cell, system);
	out->data = calloc(1, out->size);
	if (!out->data)
		return -ENOMEM;
	return system ? import_system(im, sys, (void *)out->data) :
			import_cell(im, cell, (void *)out->data);
}

int config_import(const char *file, const struct config_blob *in,
		  struct config_blob *out, char *error)
{
	struct import im = {
		.file = file, .error = error, .end = in->data + in->size,
	};
	bool system;
	int ret;

	out->data = NULL;
	ret = import_blob(&im, in, out) ?:
	      config_validate(file, out, &system, error);
	if (ret)
		config_blob_free(out);
	return ret;
}
