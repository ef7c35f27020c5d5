// SPDX-License-Identifier: GPL-2.0
/*
 * `jh-config import`: Jailhouse revision-14 binary configs to ours.
 *
 * The layout below is written from the facts of Jailhouse's public
 * include/jailhouse/cell-config.h (revision 14, all packed). Every field
 * is either carried over, defaulted as Jailhouse does (an 8250 console on
 * ports without a size: its 8 registers), dropped with one warning line
 * naming it and the isolation lost (enum jh14_drop), or refused with a
 * message when importing it would change what the config means. Jailhouse
 * has no MSR list, so an imported root cell gets the MSRs Linux needs
 * (config_linux_root_msrs); other cells get none. IOAPICs are named by
 * address in Jailhouse and by id here: the IOAPIC at 0xfec00000 + n * 4
 * KiB becomes id n, its GSI base the pins the root cell's bitmaps give the
 * IOAPICs of lower ids (check both against the ACPI MADT).
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
	__u32 bar_mask[6];
	__u16 caps_start;
	__u16 num_caps;
	__u8 num_msi_vectors;
	__u8 msi_bits;		/* 64-bit, maskable */
	__u16 num_msix_vectors;
	__u16 msix_region_size;
	__u64 msix_address;
	__u32 shmem_regions_start;
	__u8 shmem_dev_id;
	__u8 shmem_peers;
	__u16 shmem_protocol;
} JAILHOUSE_PACKED;

/* An AMD unit's IVHD facts: its PCI function, capabilities, features. */
struct jh14_iommu_amd {
	__u16 bdf;
	__u8 base_cap;
	__u8 msi_cap;
	__u32 features;		/* IVHD type 10h feature reporting, or 0 */
} JAILHOUSE_PACKED;

struct jh14_iommu {
	__u32 type;
	__u64 base;
	__u32 size;
	union {			/* TI PVU's part is the larger one */
		struct jh14_iommu_amd amd;
		__u8 vendor[12];
	};
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
#define JH14_CON_REGDIST_4	0x2
#define JH14_CON_UART_PORTS	8	/* the 8250's registers */
#define JH14_CELL_TEST_DEVICE	0x2
#define JH14_PCI_IVSHMEM	3
#define JH14_IOMMU_AMD		1
#define JH14_IOMMU_INTEL	2
/* AMD-Vi: 16 KiB of registers, 512 KiB with performance counters. */
#define AMD_REGS_SIZE		0x4000U
#define AMD_COUNTERS_SIZE	0x80000U
/* IVHD feature reporting: PNCounters (16:13), PNBanks (22:17). */
#define AMD_FEAT_COUNTERS(f)	((f) >> 13 & 0xf)
#define AMD_FEAT_BANKS(f)	((f) >> 17 & 0x3f)
#define JH14_MEM_VALID		0xf01ffULL	/* incl. NO_HUGEPAGES */
#define JH14_CELL_FLAGS		(JAILHOUSE_CELL_PASSIVE_COMMREG | \
				 JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED | \
				 JAILHOUSE_CELL_VIRTUAL_CONSOLE_ACTIVE)
#define IOAPIC_WINDOW		0xfec00000ULL
#define IOAPIC_STRIDE		0x1000ULL

/* What is dropped, each reported once per file (drop_texts[]). */
enum jh14_drop {
	DROP_CACHE,
	DROP_STREAM_IDS,
	DROP_TEST_DEVICE,
	DROP_SYS_FLAGS,
	DROP_CONSOLE_GATE,
	DROP_IRQCHIP_ID,
	DROP_BAR_MASK,
	DROP_PCI_CAPS,
	DROP_MSI,
	DROP_PCI_IOMMU,
	DROP_VPCI_IRQ,
	DROP_APIC_MODE,
	DROP_VTD_LIMIT,
	DROP_AMD_IOMMU,
	DROP_COUNT
};

static const char *const drop_texts[DROP_COUNT] = {
	[DROP_CACHE] = "cache regions (Intel CAT): the cell shares the "
		"last-level cache with every other cell, so cache timing "
		"side channels and cache interference are not isolated (we "
		"do not enforce CAT)",
	[DROP_STREAM_IDS] = "stream IDs (ARM SMMU, meaningless on x86): DMA "
		"isolation comes from the platform's IOMMU units only",
	[DROP_TEST_DEVICE] = "cell flag test-device: the test registers "
		"after the comm region do not exist (accesses fail the "
		"cell); no isolation lost",
	[DROP_SYS_FLAGS] = "system flag virtual-debug-console: the root "
		"cell does not read the hypervisor console through "
		"Jailhouse's interface; no isolation lost",
	[DROP_CONSOLE_GATE] = "console flags, gate_nr and clock_reg (ARM "
		"UART clock gates and quirks); no isolation lost",
	[DROP_IRQCHIP_ID] = "irqchip id (the IOAPIC's interrupt remapping "
		"source id) in a cell config: ours is the system config's "
		"(platform ioapics source-id); no isolation lost",
	[DROP_BAR_MASK] = "PCI bar_mask: non-root cells cannot write BARs "
		"at all (stricter than Jailhouse's emulation); no isolation "
		"lost, BAR sizing fails in the cell",
	[DROP_PCI_CAPS] = "PCI capabilities (caps_start, num_caps, "
		"pci_caps): non-root cells cannot write any capability "
		"(stricter); no isolation lost",
	[DROP_MSI] = "MSI/MSI-X fields (num_msi_vectors, msi_64bits, "
		"msi_maskable, num_msix_vectors, msix_region_size, "
		"msix_address): non-root cells cannot program MSI, and the "
		"MSI-X table is not mapped unless a memory region says so; "
		"no isolation lost",
	[DROP_PCI_IOMMU] = "PCI iommu index naming no IOMMU unit of the "
		"platform: those devices are behind no IOMMU (a sandbox "
		"refuses them if they can do DMA)",
	[DROP_VPCI_IRQ] = "vpci_irq_base (ARM virtual PCI INTx); no "
		"isolation lost",
	[DROP_APIC_MODE] = "apic_mode: the hypervisor uses the mode Linux "
		"left; no isolation lost",
	[DROP_VTD_LIMIT] = "vtd_interrupt_limit: the hypervisor sizes "
		"interrupt remapping itself; no isolation lost",
	[DROP_AMD_IOMMU] = "AMD IOMMU amd_base_cap and amd_msi_cap (or "
		"such bytes of a VT-d unit): the hypervisor drives the unit "
		"through its registers at base, where the firmware placed "
		"them, and polls its event log (no MSI); no isolation lost",
};

struct import {
	const char *file;
	char *error;
	FILE *warnings;		/* NULL: keep quiet */
	const uint8_t *end;	/* end of the Jailhouse blob */
	bool root;
	unsigned int num_iommus;	/* of the platform, for the root */
	unsigned int dropped;	/* 1 << enum jh14_drop */
};

static int refuse(struct import *im, const char *what)
{
	snprintf(im->error, CONFIG_ERROR_LEN, "%s: cannot import: %s",
		 im->file, what);
	return -EINVAL;
}

/* IOMMU unit @n's field @field of @value cannot be honoured: @why. */
static int refuse_unit(struct import *im, unsigned int n, const char *field,
		       unsigned long long value, const char *why)
{
	char what[160];

	snprintf(what, sizeof(what), "IOMMU unit %u %s 0x%llx: %s", n, field,
		 value, why);
	return refuse(im, what);
}

/* Noted here, reported by report_drops() if the import succeeds. */
static void drop(struct import *im, enum jh14_drop what)
{
	im->dropped |= 1U << what;
}

/* One warning line per kind of dropped field. */
static void report_drops(const struct import *im)
{
	unsigned int what;

	for (what = 0; what < DROP_COUNT && im->warnings; what++)
		if (im->dropped & (1U << what))
			fprintf(im->warnings, "%s: warning: dropped %s\n",
				im->file, drop_texts[what]);
}

static void drop_if(struct import *im, bool cond, enum jh14_drop what)
{
	if (cond)
		drop(im, what);
}

/* An 8250 on ports without a size has its 8 registers, as in Jailhouse. */
static int console_size(struct import *im, const struct jh14_console *in,
			struct jailhouse_console *out)
{
	out->size = in->size;
	if (in->size)
		return 0;
	if (in->flags & JH14_CON_MMIO)
		return refuse(im, "MMIO console without a size");
	out->size = JH14_CON_UART_PORTS;
	return 0;
}

static int import_console(struct import *im, const struct jh14_console *in,
			  struct jailhouse_console *out)
{
	if (in->type == 0)
		return 0;
	if (in->type != JH14_CON_8250)
		return refuse(im, "console other than an 8250 UART");
	if (in->flags & JH14_CON_REGDIST_4)
		return refuse(im, "8250 console with 4-byte register distance");
	drop_if(im, (in->flags & ~JH14_CON_MMIO) || in->gate_nr ||
		in->clock_reg, DROP_CONSOLE_GATE);
	out->type = in->flags & JH14_CON_MMIO ? JAILHOUSE_CON_TYPE_UART_MMIO :
		    JAILHOUSE_CON_TYPE_UART_PIO;
	out->address = in->address;
	out->divider = in->divider;
	return console_size(im, in, out);
}

/* Start of each Jailhouse array after the cell header. */
struct jh14_layout {
	const uint8_t *cpus, *mem, *irqchips, *pio, *pci;
};

static int jh14_layout(struct import *im, const struct jh14_cell *c,
		       struct jh14_layout *l)
{
	unsigned long long total;

	l->cpus = (const uint8_t *)(c + 1);
	l->mem = l->cpus + c->cpu_set_size;
	l->irqchips = l->mem + c->num_memory_regions *
				sizeof(struct jailhouse_memory) +
		      (size_t)c->num_cache_regions * JH14_CACHE_SIZE;
	l->pio = l->irqchips + c->num_irqchips * sizeof(struct jh14_irqchip);
	l->pci = l->pio + c->num_pio_regions * sizeof(struct jh14_pio);
	total = (unsigned long long)(l->pci - (const uint8_t *)c) +
		c->num_pci_devices * sizeof(struct jh14_pci_device) +
		(unsigned long long)c->num_pci_caps * JH14_PCI_CAP_SIZE +
		(unsigned long long)c->num_stream_ids * JH14_STREAM_ID_SIZE;
	if (total != (unsigned long long)(im->end - (const uint8_t *)c))
		return refuse(im, "element counts do not match the length");
	drop_if(im, c->num_cache_regions, DROP_CACHE);
	drop_if(im, c->num_stream_ids, DROP_STREAM_IDS);
	drop_if(im, c->num_pci_caps, DROP_PCI_CAPS);
	return 0;
}

static size_t our_arrays_size(const struct jailhouse_cell_desc *d)
{
	return jailhouse_cell_size(d) - sizeof(*d);
}

static int import_flags(struct import *im, const struct jh14_cell *in,
			struct jailhouse_cell_desc *out)
{
	if (in->flags & ~(JH14_CELL_FLAGS | JH14_CELL_TEST_DEVICE))
		return refuse(im, "cell flags without counterpart");
	drop_if(im, in->flags & JH14_CELL_TEST_DEVICE, DROP_TEST_DEVICE);
	out->flags = in->flags & JH14_CELL_FLAGS;
	return 0;
}

static int import_header(struct import *im, const struct jh14_cell *in,
			 struct jailhouse_cell_desc *out)
{
	if (in->msg_reply_timeout > 0xffffffffULL)
		return refuse(im, "message reply timeout above 32 bits");
	drop_if(im, in->vpci_irq_base, DROP_VPCI_IRQ);
	memcpy(out->signature, JAILHOUSE_CELL_DESC_SIGNATURE,
	       JAILHOUSE_SIGNATURE_LEN);
	out->architecture = JAILHOUSE_ARCH_X86;
	out->revision = JAILHOUSE_CONFIG_REVISION;
	memcpy(out->name, in->name, strnlen(in->name, sizeof(out->name) - 1));
	out->cpu_set_size = (in->cpu_set_size + 7) / 8 * 8;
	out->num_memory_regions = in->num_memory_regions;
	out->num_pio_ranges = in->num_pio_regions;
	out->num_msr_ranges = im->root ? config_num_linux_root_msrs : 0;
	out->num_pci_devices = in->num_pci_devices;
	out->num_irqchips = in->num_irqchips;
	out->cpu_reset_address = in->cpu_reset_address;
	out->msg_reply_timeout = (__u32)in->msg_reply_timeout;
	return import_flags(im, in, out) ?:
	       import_console(im, &in->console, &out->console);
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
		drop_if(im, in[i].id && !im->root, DROP_IRQCHIP_ID);
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

/*
 * The Jailhouse fields no device of ours keeps. An ivshmem device keeps
 * its vectors, and its bar_mask only describes the virtual device's BARs
 * (4 KiB or 64 KiB registers, the MSI-X table), which our emulation
 * defines itself: nothing is lost there, so nothing is reported.
 */
static void drop_pci_extras(struct import *im,
			    const struct jh14_pci_device *in)
{
	bool ivshmem = in->type == JH14_PCI_IVSHMEM;
	bool msix = !ivshmem && in->num_msix_vectors;

	drop_if(im, !ivshmem &&
		!jailhouse_all_zero(in->bar_mask, sizeof(in->bar_mask)),
		DROP_BAR_MASK);
	drop_if(im, in->caps_start || in->num_caps, DROP_PCI_CAPS);
	drop_if(im, in->num_msi_vectors || in->msi_bits || msix ||
		in->msix_region_size || in->msix_address, DROP_MSI);
}

/* An ivshmem endpoint; lib/config.c checks the numbers. */
static int import_ivshmem(struct import *im, const struct jh14_pci_device *in,
			  struct jailhouse_pci_device *out)
{
	if (in->shmem_regions_start > 0xff || in->num_msix_vectors > 0xff)
		return refuse(im, "ivshmem regions start or vectors above 255");
	out->type = JAILHOUSE_PCI_TYPE_IVSHMEM;
	out->iommu = JAILHOUSE_PCI_NO_IOMMU;
	out->class_code = JAILHOUSE_IVSHMEM_CLASS | in->shmem_protocol;
	out->shmem_regions_start = (__u8)in->shmem_regions_start;
	out->shmem_dev_id = in->shmem_dev_id;
	out->shmem_peers = in->shmem_peers;
	out->shmem_vectors = (__u8)in->num_msix_vectors;
	return 0;
}

/*
 * Every other device may master the bus: the safe assumption. In a system
 * config, an IOMMU index naming no unit of the platform means none.
 */
static void import_device(struct import *im, const struct jh14_pci_device *in,
			  struct jailhouse_pci_device *out)
{
	out->type = in->type;
	out->iommu = in->iommu;
	if (im->root && in->iommu >= im->num_iommus) {
		drop(im, DROP_PCI_IOMMU);
		out->iommu = JAILHOUSE_PCI_NO_IOMMU;
	}
	out->flags = in->type == JAILHOUSE_PCI_TYPE_DEVICE ?
		     JAILHOUSE_PCI_FLAG_DMA : 0;
}

static int import_pci(struct import *im, const struct jh14_layout *l,
		      const struct jailhouse_cell_desc *d)
{
	const struct jh14_pci_device *in = (const void *)l->pci;
	struct jailhouse_pci_device *out =
		(struct jailhouse_pci_device *)jailhouse_cell_pci_devices(d);
	unsigned int i;
	int ret = 0;

	for (i = 0; i < d->num_pci_devices && !ret; i++) {
		drop_pci_extras(im, &in[i]);
		out[i].domain = in[i].domain;
		out[i].bdf = in[i].bdf;
		if (in[i].type == JH14_PCI_IVSHMEM)
			ret = import_ivshmem(im, &in[i], &out[i]);
		else
			import_device(im, &in[i], &out[i]);
	}
	return ret;
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

/*
 * An AMD unit's registers are all the hypervisor's (no cell may map
 * them): 16 KiB, 16 KiB-aligned, and the 512 KiB with the performance
 * counters its features report (Jailhouse's own rule for the size).
 */
static int check_amd_unit(struct import *im, unsigned int n,
			  const struct jh14_iommu *unit)
{
	__u32 feat = unit->amd.features;

	if (unit->base % AMD_REGS_SIZE)
		return refuse_unit(im, n, "base", unit->base,
				   "AMD-Vi registers are 16 KiB-aligned");
	if (unit->size < AMD_REGS_SIZE)
		return refuse_unit(im, n, "size", unit->size,
				   "below the 16 KiB of AMD-Vi registers");
	if (AMD_FEAT_COUNTERS(feat) && AMD_FEAT_BANKS(feat) &&
	    unit->size < AMD_COUNTERS_SIZE)
		return refuse_unit(im, n, "amd_features", feat,
				   "performance counters, whose registers "
				   "size does not cover (512 KiB)");
	drop_if(im, unit->amd.base_cap || unit->amd.msi_cap, DROP_AMD_IOMMU);
	return 0;
}

static int import_iommus(struct import *im, const struct jh14_system *in,
			 struct jailhouse_platform_info *pf)
{
	const struct jh14_iommu *unit;
	unsigned int i;
	int ret;

	for (i = 0; i < 8; i++) {
		unit = &in->iommu_units[i];
		if (unit->type == 0 || unit->base == 0)
			break;
		if (unit->type != JH14_IOMMU_AMD &&
		    unit->type != JH14_IOMMU_INTEL)
			return refuse(im, "IOMMU other than VT-d or AMD-Vi");
		ret = unit->type == JH14_IOMMU_AMD ?
		      check_amd_unit(im, i, unit) : 0;
		if (ret)
			return ret;
		drop_if(im, unit->type == JH14_IOMMU_INTEL &&
			!jailhouse_all_zero(unit->vendor, sizeof(unit->vendor)),
			DROP_AMD_IOMMU);
		pf->iommu_units[i].type = unit->type == JH14_IOMMU_AMD ?
			JAILHOUSE_IOMMU_AMD : JAILHOUSE_IOMMU_INTEL;
		pf->iommu_units[i].base = unit->base;
		pf->iommu_units[i].size = unit->size;
		pf->iommu_units[i].end_bus = 0xff;
	}
	pf->num_iommu_units = (__u8)i;
	im->num_iommus = i;
	return 0;
}

/*
 * An AMD unit's own PCI function (amd_bdf) stays in no cell, as
 * Jailhouse's config generator leaves it out: its capability block
 * places and enables the unit's registers.
 */
static int check_amd_functions(struct import *im, const struct jh14_system *in,
			       const struct jailhouse_cell_desc *root)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(root);
	const struct jh14_iommu *unit;
	unsigned int i, n;

	for (i = 0; i < im->num_iommus; i++) {
		unit = &in->iommu_units[i];
		for (n = 0; n < root->num_pci_devices &&
			    unit->type == JH14_IOMMU_AMD; n++)
			if (dev[n].domain == 0 && dev[n].bdf == unit->amd.bdf)
				return refuse_unit(im, i, "amd_bdf",
						   unit->amd.bdf,
						   "the unit's own PCI "
						   "function is a device of "
						   "the root cell");
	}
	return 0;
}

/* Pins of the IOAPIC the root cell's pin set @chip gives it: last + 1. */
static unsigned int ioapic_pins(const struct jailhouse_irqchip *chip)
{
	unsigned int pin = JAILHOUSE_IOAPIC_PINS;

	while (pin && !(chip->pin_bitmap[(pin - 1) / 32] &
			(1U << ((pin - 1) % 32))))
		pin--;
	return pin;
}

/* GSI base of IOAPIC @id: the pins of the root's IOAPICs of lower ids. */
static __u32 gsi_base_of(const struct jailhouse_cell_desc *root, __u32 id)
{
	const struct jailhouse_irqchip *chip = jailhouse_cell_irqchips(root);
	unsigned int i;
	__u32 base = 0;

	for (i = 0; i < root->num_irqchips; i++)
		if (chip[i].ioapic_id < id)
			base += ioapic_pins(&chip[i]);
	return base;
}

/*
 * The root cell's IOAPICs become the platform's, each with the source id
 * in the low 16 bits of its Jailhouse irqchip id (bits 16 and up name
 * Jailhouse's IOMMU unit; ours follows from the units' bus ranges).
 */
static void import_ioapics(const struct jh14_layout *l,
			   const struct jailhouse_cell_desc *root,
			   struct jailhouse_platform_info *pf)
{
	const struct jailhouse_irqchip *chip = jailhouse_cell_irqchips(root);
	const struct jh14_irqchip *in = (const void *)l->irqchips;
	unsigned int i;

	for (i = 0; i < root->num_irqchips; i++) {
		pf->ioapics[i].source_id = (__u16)in[i].id;
		pf->ioapics[i].id = (__u8)chip[i].ioapic_id;
		pf->ioapics[i].address = IOAPIC_WINDOW +
					 chip[i].ioapic_id * IOAPIC_STRIDE;
		pf->ioapics[i].gsi_base = gsi_base_of(root,
						      chip[i].ioapic_id);
	}
	pf->num_ioapics = (__u8)root->num_irqchips;
}

static void import_platform(struct import *im, const struct jh14_system *in,
			    struct jailhouse_platform_info *pf)
{
	drop_if(im, in->flags, DROP_SYS_FLAGS);
	drop_if(im, in->apic_mode, DROP_APIC_MODE);
	drop_if(im, in->vtd_interrupt_limit, DROP_VTD_LIMIT);
	pf->pci_mmconfig_base = in->pci_mmconfig_base;
	pf->pci_mmconfig_end_bus = in->pci_mmconfig_end_bus;
	pf->pm_timer_address = in->pm_timer_address;
	pf->tsc_khz = in->tsc_khz;
	pf->apic_khz = in->apic_khz;
}

static int import_system(struct import *im, const struct jh14_system *in,
			 struct jailhouse_system *out)
{
	struct jh14_layout l;
	int ret;

	if (in->pci_is_virtual || in->pci_domain)
		return refuse(im, "virtual PCI or a PCI domain other than 0");
	memcpy(out->signature, JAILHOUSE_SYSTEM_SIGNATURE,
	       JAILHOUSE_SIGNATURE_LEN);
	out->architecture = JAILHOUSE_ARCH_X86;
	/* Jailhouse knows no firmware map nor root BARs or pins: no flags. */
	out->revision = JAILHOUSE_SYSTEM_REVISION;
	out->hypervisor_memory.phys_start = in->hypervisor_memory.phys_start;
	out->hypervisor_memory.size = in->hypervisor_memory.size;
	import_platform(im, in, &out->platform);
	ret = import_console(im, &in->debug_console, &out->debug_console) ?:
	      import_iommus(im, in, &out->platform) ?:
	      import_cell(im, &in->root_cell, &out->root_cell) ?:
	      check_amd_functions(im, in, &out->root_cell) ?:
	      jh14_layout(im, &in->root_cell, &l);
	if (!ret)
		import_ioapics(&l, &out->root_cell, &out->platform);
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

/* Counts we could not hold; the layout check bounds the others. */
static bool too_many(const struct jh14_cell *cell)
{
	return cell->cpu_set_size > JAILHOUSE_MAX_CPU_SET_SIZE ||
	       cell->num_memory_regions > JAILHOUSE_MAX_MEM_REGIONS ||
	       cell->num_pio_regions > JAILHOUSE_MAX_PIO_RANGES ||
	       cell->num_pci_devices > JAILHOUSE_MAX_PCI_DEVICES ||
	       cell->num_irqchips > JAILHOUSE_MAX_IRQCHIPS ||
	       cell->num_cache_regions > JAILHOUSE_MAX_MEM_REGIONS ||
	       cell->num_pci_caps > 0xffff ||
	       cell->num_stream_ids > 0xffff;
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
	if (too_many(cell))
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
		  struct config_blob *out, FILE *warnings, char *error)
{
	struct import im = {
		.file = file, .error = error, .warnings = warnings,
		.end = in->data + in->size,
	};
	bool system;
	int ret;

	out->data = NULL;
	ret = import_blob(&im, in, out) ?:
	      config_validate(file, out, &system, error);
	if (ret)
		config_blob_free(out);
	else
		report_drops(&im);
	return ret;
}
