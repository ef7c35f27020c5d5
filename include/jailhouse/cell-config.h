/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Binary configuration of the machine (system config) and of each cell
 * (cell descriptor), shared by the hypervisor, the loader and the tools.
 *
 * The layout follows Jailhouse's concepts (signature, architecture,
 * revision; a fixed header with element counts followed by the element
 * arrays) but is not binary compatible with it: `jh-config import`
 * converts Jailhouse revision-14 binaries. Our revisions start at 100 so
 * that a Jailhouse binary (same signatures, revision <= 14) is told apart
 * and the user pointed to the importer.
 *
 * A cell descriptor is the header struct jailhouse_cell_desc followed by,
 * in this order and without padding:
 *   cpu_set_size bytes of CPU bitmap (bit n = CPU n),
 *   num_memory_regions  x struct jailhouse_memory,
 *   num_pio_ranges      x struct jailhouse_pio,
 *   num_msr_ranges      x struct jailhouse_msr_range,
 *   num_pci_devices     x struct jailhouse_pci_device,
 *   num_irqchips        x struct jailhouse_irqchip.
 * A system config is struct jailhouse_system whose last member is the root
 * cell's header, followed by the root cell's arrays, then (revision 101)
 *   num_firmware_ranges x struct jailhouse_firmware_range,
 *   num_root_bars       x struct jailhouse_pci_bar,
 *   num_root_irqchips   x struct jailhouse_irqchip.
 *
 * All structures are packed and fixed-width (little endian, as the only
 * architecture is x86). Every element size and the header sizes are
 * multiples of 8, and cpu_set_size must be one too, so each array starts
 * 8-byte aligned relative to the blob. Reserved fields must be zero.
 * Nothing here may be trusted before lib/config.c has validated it; all
 * fields are filled at build time (jh-config) unless noted otherwise.
 */
#ifndef _JAILHOUSE_CELL_CONFIG_H
#define _JAILHOUSE_CELL_CONFIG_H

#include <jailhouse/header.h>
#include <jailhouse/types.h>

#define JAILHOUSE_SYSTEM_SIGNATURE	"JHSYS"
#define JAILHOUSE_CELL_DESC_SIGNATURE	"JHCLL"
#define JAILHOUSE_SIGNATURE_LEN		5
#define JAILHOUSE_CONFIG_REVISION	100
/*
 * System configs only: 101 adds what `jh-config check` needs to refuse
 * what the loader refuses at create (the firmware's memory map, the root
 * devices' BARs and IOAPIC pins).
 */
#define JAILHOUSE_SYSTEM_REVISION	101
/* Revision of the Jailhouse binaries `jh-config import` understands. */
#define JAILHOUSE_UPSTREAM_REVISION	14

/* NUL-terminated within this length (cell names everywhere). */
#define JAILHOUSE_CELL_NAME_LEN		32

/*
 * Upper bounds the parser enforces, so that no count times element size
 * can overflow and the hypervisor's loops stay bounded.
 */
#define JAILHOUSE_MAX_CPU_SET_SIZE	128	/* bytes: 1024 CPUs */
#define JAILHOUSE_MAX_MEM_REGIONS	256
#define JAILHOUSE_MAX_PIO_RANGES	256
#define JAILHOUSE_MAX_MSR_RANGES	256
#define JAILHOUSE_MAX_PCI_DEVICES	256
#define JAILHOUSE_MAX_IRQCHIPS		8
#define JAILHOUSE_MAX_IOMMU_UNITS	8
#define JAILHOUSE_MAX_IOAPICS		8
#define JAILHOUSE_MAX_FIRMWARE_RANGES	256
#define JAILHOUSE_MAX_ROOT_BARS		(JAILHOUSE_MAX_PCI_DEVICES * 6)

/* Cell flags (struct jailhouse_cell_desc.flags). */
/* Jailhouse-compatible: skip the shutdown handshake over the comm region. */
#define JAILHOUSE_CELL_PASSIVE_COMMREG		0x00000001
/* Ours: a sandbox cell, held to the sandbox rules and the policy. */
#define JAILHOUSE_CELL_SANDBOX			0x00000100
/*
 * Ours: an MSR access the cell is refused raises #GP in the cell (what
 * the hardware does for an MSR it lacks) instead of stopping the cell,
 * so that Linux's rdmsr_safe()/wrmsr_safe() probes go on. Still refused,
 * counted and logged; a policy class may forbid it (docs/policy.md).
 */
#define JAILHOUSE_CELL_MSR_FAULT		0x00000200
/* Jailhouse-compatible: may use / uses the hypervisor's debug console. */
#define JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED 0x40000000
#define JAILHOUSE_CELL_VIRTUAL_CONSOLE_ACTIVE	0x80000000
#define JAILHOUSE_CELL_FLAGS_VALID \
	(JAILHOUSE_CELL_PASSIVE_COMMREG | JAILHOUSE_CELL_SANDBOX | \
	 JAILHOUSE_CELL_MSR_FAULT | \
	 JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED | \
	 JAILHOUSE_CELL_VIRTUAL_CONSOLE_ACTIVE)

/* Memory region flags: Jailhouse's values. */
#define JAILHOUSE_MEM_READ		0x0001
#define JAILHOUSE_MEM_WRITE		0x0002
#define JAILHOUSE_MEM_EXECUTE		0x0004
#define JAILHOUSE_MEM_DMA		0x0008
#define JAILHOUSE_MEM_IO		0x0010
#define JAILHOUSE_MEM_COMM_REGION	0x0020
#define JAILHOUSE_MEM_LOADABLE		0x0040
#define JAILHOUSE_MEM_ROOTSHARED	0x0080
#define JAILHOUSE_MEM_NO_HUGEPAGES	0x0100
/*
 * Ours, in the root cell's I/O regions: device memory that is no PCI
 * device's BAR (an HPET, a platform UART), which other cells may map.
 * Every other I/O region of a non-root cell must lie in a BAR of one of
 * its own PCI devices, checked at create (docs/config-format.md).
 */
#define JAILHOUSE_MEM_ASSIGNABLE	0x0200
/* Permitted access widths of an IO region (sub-page MMIO dispatch). */
#define JAILHOUSE_MEM_IO_8		0x10000
#define JAILHOUSE_MEM_IO_16		0x20000
#define JAILHOUSE_MEM_IO_32		0x40000
#define JAILHOUSE_MEM_IO_64		0x80000
#define JAILHOUSE_MEM_FLAGS_VALID	0xf03ffULL

/*
 * One memory region of a cell. phys_start is the host-physical address
 * (ignored for the comm region, whose page the hypervisor allocates),
 * virt_start the guest-physical address. All three are page-aligned.
 */
struct jailhouse_memory {
	__u64 phys_start;
	__u64 virt_start;
	__u64 size;
	__u64 flags;		/* JAILHOUSE_MEM_* */
} JAILHOUSE_PACKED;

/* Debug / cell console: an 8250-compatible UART. */
#define JAILHOUSE_CON_TYPE_NONE		0
#define JAILHOUSE_CON_TYPE_UART_PIO	1	/* address is a port */
#define JAILHOUSE_CON_TYPE_UART_MMIO	2	/* address is physical */

struct jailhouse_console {
	__u64 address;
	__u32 size;		/* bytes of registers (8 for a PIO UART) */
	__u32 type;		/* JAILHOUSE_CON_TYPE_* */
	__u32 divider;		/* baud divisor to set; 0: leave as is */
	__u32 reserved;
} JAILHOUSE_PACKED;

/* A range of I/O ports the cell may access; all others trap and fail. */
struct jailhouse_pio {
	__u32 base;		/* first port */
	__u32 length;		/* ports; base + length <= 0x10000 */
} JAILHOUSE_PACKED;

#define JAILHOUSE_PIO_PORTS		0x10000

/*
 * A range of MSRs the cell may access directly; all others are
 * intercepted and refused. The hypervisor builds the MSR permission
 * bitmap from these; MSRs outside the ranges the bitmap covers
 * (0-0x1fff, 0xc0000000-0xc0001fff, and on AMD 0xc0010000-0xc0011fff)
 * are always intercepted whatever the config says.
 */
#define JAILHOUSE_MSR_READ		0x1
#define JAILHOUSE_MSR_WRITE		0x2
#define JAILHOUSE_MSR_FLAGS_VALID	0x3

struct jailhouse_msr_range {
	__u32 base;		/* first MSR index */
	__u32 count;		/* number of MSRs, >= 1 */
	__u32 flags;		/* JAILHOUSE_MSR_* */
	__u32 reserved;
} JAILHOUSE_PACKED;

/* PCI device assigned to a cell. */
#define JAILHOUSE_PCI_TYPE_DEVICE	1
#define JAILHOUSE_PCI_TYPE_BRIDGE	2
/*
 * Jailhouse's inter-cell shared-memory device (ivshmem): a virtual PCI
 * device. Cells that list one with the same domain and bdf are its peers;
 * the hypervisor emulates it (hypervisor/ivshmem.c), MSI-X only.
 */
#define JAILHOUSE_PCI_TYPE_IVSHMEM	3

#define JAILHOUSE_IVSHMEM_MAX_PEERS	16
#define JAILHOUSE_IVSHMEM_MAX_VECTORS	16
/* Class code of an ivshmem device: 0xff, then the protocol (16 bits). */
#define JAILHOUSE_IVSHMEM_CLASS		0xff0000
/*
 * Memory regions of an ivshmem device, from shmem_regions_start on: the
 * state table (read-only for every peer), the read-write section shared
 * by all, then one output section per peer, writable by that peer only.
 * The read-write and output sections may be empty (size 0).
 */
#define JAILHOUSE_IVSHMEM_STATE_TABLE	0
#define JAILHOUSE_IVSHMEM_RW_SECTION	1
#define JAILHOUSE_IVSHMEM_OUTPUT(peer)	(2U + (peer))

/* The device can master the bus (DMA); needs an IOMMU in a sandbox. */
#define JAILHOUSE_PCI_FLAG_DMA		0x1
#define JAILHOUSE_PCI_FLAGS_VALID	0x1

/* Value of jailhouse_pci_device.iommu when no IOMMU unit covers it. */
#define JAILHOUSE_PCI_NO_IOMMU		0xff

#define JAILHOUSE_PCI_BDF(bus, dev, fn) \
	((((bus) & 0xff) << 8) | (((dev) & 0x1f) << 3) | ((fn) & 0x7))

struct jailhouse_pci_device {
	__u8 type;		/* JAILHOUSE_PCI_TYPE_* */
	__u8 iommu;		/* platform.iommu_units index, or NO_IOMMU */
	__u16 domain;		/* PCI segment */
	__u16 bdf;		/* JAILHOUSE_PCI_BDF() */
	__u16 flags;		/* JAILHOUSE_PCI_FLAG_*; ivshmem: 0 */
	__u32 class_code;	/* class << 16 | subclass << 8 | prog-if */
	/* Type ivshmem only, zero for the others: */
	__u8 shmem_regions_start;	/* its first memory region */
	__u8 shmem_dev_id;		/* this cell's peer number */
	__u8 shmem_peers;		/* 2..JAILHOUSE_IVSHMEM_MAX_PEERS */
	__u8 shmem_vectors;		/* MSI-X doorbell vectors; 0: INTx */
} JAILHOUSE_PACKED;

/* IOAPIC pins (GSIs relative to the IOAPIC's gsi_base) a cell owns. */
#define JAILHOUSE_IOAPIC_PINS		128

struct jailhouse_irqchip {
	__u32 ioapic_id;	/* matches a platform.ioapics[].id */
	__u32 reserved;
	__u32 pin_bitmap[JAILHOUSE_IOAPIC_PINS / 32];
} JAILHOUSE_PACKED;

/* Cell descriptor header; the arrays described above follow it. */
struct jailhouse_cell_desc {
	char signature[JAILHOUSE_SIGNATURE_LEN];	/* "JHCLL" */
	__u8 architecture;	/* JAILHOUSE_ARCH_* */
	__u16 revision;		/* JAILHOUSE_CONFIG_REVISION */

	char name[JAILHOUSE_CELL_NAME_LEN];	/* NUL-terminated, padded */
	__u32 flags;		/* JAILHOUSE_CELL_* */

	__u32 cpu_set_size;	/* bytes, multiple of 8 */
	__u32 num_memory_regions;
	__u32 num_pio_ranges;
	__u32 num_msr_ranges;
	__u32 num_pci_devices;
	__u32 num_irqchips;
	/* Checked against the policy's minimum security version. */
	__u32 security_version;

	/* Guest-physical address the boot CPU starts at (real mode). */
	__u64 cpu_reset_address;
	/* Milliseconds to wait for a reply on the comm region; 0: forever. */
	__u32 msg_reply_timeout;
	__u32 reserved;

	struct jailhouse_console console;
} JAILHOUSE_PACKED;

/* IOMMU unit of the platform. */
#define JAILHOUSE_IOMMU_NONE		0
#define JAILHOUSE_IOMMU_INTEL		1	/* VT-d remapping unit */
#define JAILHOUSE_IOMMU_AMD		2	/* AMD-Vi */

/*
 * A unit translates the DMA of the devices on buses start_bus to end_bus
 * of PCI segment 0, the one segment the platform has (its MMCONFIG); the
 * devices name it by their iommu index. Its registers belong to the
 * hypervisor: no cell's region may touch them.
 */
struct jailhouse_iommu {
	__u64 base;		/* physical address of its registers */
	__u32 size;		/* bytes of registers */
	__u8 type;		/* JAILHOUSE_IOMMU_* */
	__u8 start_bus;		/* first bus it covers */
	__u8 end_bus;		/* last bus it covers, >= start_bus */
	__u8 reserved;
} JAILHOUSE_PACKED;

struct jailhouse_ioapic {
	__u64 address;		/* physical address of its registers */
	__u32 gsi_base;		/* first GSI of pin 0 */
	__u8 id;		/* APIC id of the IOAPIC */
	__u8 reserved;
	/*
	 * PCI requester id (bus << 8 | devfn) its interrupt messages carry,
	 * as the ACPI DMAR names it: remapping entries for its pins accept
	 * only that source. 0 (the host bridge's id, never an IOAPIC's): not
	 * known, the entries accept any source (logged at enable).
	 */
	__u16 source_id;
} JAILHOUSE_PACKED;

struct jailhouse_platform_info {
	__u64 pci_mmconfig_base;	/* 0: no MMCONFIG */
	__u8 pci_mmconfig_end_bus;
	__u8 num_iommu_units;
	__u8 num_ioapics;
	__u8 reserved0;
	__u16 pm_timer_address;		/* ACPI PM timer port */
	__u16 reserved1;
	__u32 tsc_khz;			/* 0: measure at enable */
	__u32 apic_khz;			/* 0: measure at enable */
	struct jailhouse_iommu iommu_units[JAILHOUSE_MAX_IOMMU_UNITS];
	struct jailhouse_ioapic ioapics[JAILHOUSE_MAX_IOAPICS];
} JAILHOUSE_PACKED;

/*
 * What the machine's firmware and the root cell's drivers use, as
 * `jh-config create` read it; each part is there only if its flag is
 * set (a config written by hand or imported from Jailhouse does not
 * know it, and `jh-config check` says so). The loader checks the live
 * machine instead; these let the offline check refuse the same cells.
 */
#define JAILHOUSE_SYS_FIRMWARE_MAP	0x1	/* firmware_ranges */
#define JAILHOUSE_SYS_ROOT_BARS		0x2	/* root_bars */
#define JAILHOUSE_SYS_ROOT_IRQS		0x4	/* root_irqchips */
#define JAILHOUSE_SYS_FLAGS_VALID	0x7

/* One range of the firmware's memory map (/sys/firmware/memmap). */
#define JAILHOUSE_FIRMWARE_RAM		1	/* "System RAM" */
#define JAILHOUSE_FIRMWARE_RESERVED	2	/* any other type */
#define JAILHOUSE_FIRMWARE_ACPI		3	/* "ACPI Tables" */
#define JAILHOUSE_FIRMWARE_NVS		4	/* "ACPI Non-volatile Storage" */

struct jailhouse_firmware_range {
	__u64 start;
	__u64 size;
	__u32 type;		/* JAILHOUSE_FIRMWARE_* */
	__u32 reserved;
} JAILHOUSE_PACKED;

/* One memory BAR of a PCI device of the root cell (segment 0). */
struct jailhouse_pci_bar {
	__u64 start;
	__u64 size;
	__u16 bdf;		/* JAILHOUSE_PCI_BDF() */
	__u8 bar;		/* 0-5 */
	__u8 reserved[5];
} JAILHOUSE_PACKED;

/* System config: the machine, the hypervisor's place in it, the root. */
struct jailhouse_system {
	char signature[JAILHOUSE_SIGNATURE_LEN];	/* "JHSYS" */
	__u8 architecture;	/* JAILHOUSE_ARCH_* */
	__u16 revision;		/* JAILHOUSE_SYSTEM_REVISION */
	__u32 flags;		/* JAILHOUSE_SYS_* */
	__u32 reserved;

	/* Physical memory reserved for the hypervisor (memmap=), RW only. */
	struct jailhouse_memory hypervisor_memory;
	struct jailhouse_console debug_console;
	struct jailhouse_platform_info platform;
	/* Elements after the root cell's arrays; 0 unless flagged. */
	__u32 num_firmware_ranges;
	__u32 num_root_bars;
	/* Pins of IOAPICs (by id) that root drivers have interrupts on. */
	__u32 num_root_irqchips;
	__u32 reserved2;
	/* The root cell (Linux); its arrays follow the system config. */
	struct jailhouse_cell_desc root_cell;
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_memory, 32);
JAILHOUSE_ABI_SIZE(struct jailhouse_console, 24);
JAILHOUSE_ABI_SIZE(struct jailhouse_pio, 8);
JAILHOUSE_ABI_SIZE(struct jailhouse_msr_range, 16);
JAILHOUSE_ABI_SIZE(struct jailhouse_pci_device, 16);
JAILHOUSE_ABI_SIZE(struct jailhouse_irqchip, 24);
JAILHOUSE_ABI_SIZE(struct jailhouse_cell_desc, 112);
JAILHOUSE_ABI_SIZE(struct jailhouse_iommu, 16);
JAILHOUSE_ABI_SIZE(struct jailhouse_ioapic, 16);
JAILHOUSE_ABI_SIZE(struct jailhouse_platform_info, 280);
JAILHOUSE_ABI_SIZE(struct jailhouse_firmware_range, 24);
JAILHOUSE_ABI_SIZE(struct jailhouse_pci_bar, 24);
JAILHOUSE_ABI_SIZE(struct jailhouse_system, 480);

#endif /* !_JAILHOUSE_CELL_CONFIG_H */
