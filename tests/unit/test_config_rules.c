// SPDX-License-Identifier: GPL-2.0
/*
 * Every rule of lib/config_rules.c: for each, a config set that trips it
 * and a near miss that must pass. Configs are written as text and built
 * with jh-config's compiler, which also validates them structurally.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "config_rules.h"
#include "config-util.h"

#define NO_RULE		(-1)

/* Machine: 4 CPUs, hypervisor at 0x3b000000, cells from 0x3c000000. */
#define SYSTEM_KEYS							\
	"system:\n"							\
	"  hypervisor-memory: {phys: 0x3b000000, size: 16M}\n"		\
	"  platform:\n"							\
	"    iommu-units:\n"						\
	"      - {type: intel, base: 0xfed90000, size: 4K, "		\
	"start-bus: 0, end-bus: 0x7f}\n"				\
	"    ioapics:\n"						\
	"      - {id: 0, address: 0xfec00000}\n"
#define SYSTEM_START	SYSTEM_KEYS ROOT_START
#define ROOT_START							\
	"root-cell:\n"							\
	"  name: root\n"						\
	"  cpus: [0-3]\n"						\
	"  pio:\n"							\
	"    - {base: 0x3f8, length: 8}\n"				\
	"  ioapic-pins:\n"						\
	"    - {ioapic: 0, pins: [0-23]}\n"				\
	"  memory:\n"							\
	"    - {size: 0x3b000000, flags: [read, write, execute, dma]}\n" \
	"    - {phys: 0xfe000000, size: 1M, flags: [read, write, io]}\n" \
	"    - {phys: 0xfe100000, size: 1M, flags: [read, write, io]}\n"
/* Root memory from 0x3c000000, where cells take theirs. */
#define SYSTEM_HEAD							\
	SYSTEM_START							\
	"    - {phys: 0x3c000000, size: 48M, flags: [read, write, dma]}\n"

static const char base_system[] = SYSTEM_HEAD;

/*
 * What jh-config create writes of the machine: RAM in the firmware's
 * map up to a hole at 0x3ee00000 and the ACPI tables at 0x3ef00000, the
 * root device 00:02.0's BAR at 0xfe000000, and pin 4 a root driver has.
 */
static const char machine_system[] = SYSTEM_KEYS
	"  firmware-map:\n"
	"    - {start: 0, size: 0x3ee00000, type: ram}\n"
	"    - {start: 0x3ef00000, size: 1M, type: acpi}\n"
	"  root-bars:\n"
	"    - {bdf: \"00:02.0\", bar: 0, start: 0xfe000000, size: 1M}\n"
	"  root-irqs:\n"
	"    - {ioapic: 0, pins: [4]}\n"
	ROOT_START
	"    - {phys: 0x3c000000, size: 48M, flags: [read, write, dma]}\n";

/* An AMD-Vi unit for buses 0-1 and an IOAPIC with requester id @sid. */
#define AMD_SYSTEM(sid)							\
	"system:\n"							\
	"  hypervisor-memory: {phys: 0x3b000000, size: 16M}\n"		\
	"  platform:\n"							\
	"    iommu-units:\n"						\
	"      - {type: amd, base: 0xfed80000, size: 16K, "		\
	"start-bus: 0, end-bus: 1}\n"					\
	"    ioapics:\n"						\
	"      - {id: 0, address: 0xfec00000, source-id: \"" sid "\"}\n" \
	ROOT_START							\
	"    - {phys: 0x3c000000, size: 48M, flags: [read, write, dma]}\n"

static const char root_on_iommu[] = SYSTEM_HEAD
	"    - {phys: 0xfed90000, size: 4K, flags: [read, write, io]}\n";

static const char root_on_hypervisor[] = SYSTEM_HEAD
	"    - {phys: 0x3bfff000, size: 4K, flags: [read, write]}\n";

/* The root cell also maps the devices the hypervisor keeps. */
static const char devices_system[] = SYSTEM_HEAD
	"    - {phys: 0xfec00000, size: 8K, flags: [read, write, io]}\n"
	"    - {phys: 0xfee00000, size: 4K, flags: [read, write, io]}\n";

/* A cell with @cpus, @mem (memory list items) and @rest (more keys). */
#define CELL(name, cpus, mem, rest)					\
	"cell:\n"							\
	"  name: " name "\n"						\
	"  flags: [sandbox]\n"						\
	"  cpus: [" cpus "]\n"						\
	"  memory:\n" mem						\
	"    - {virt: 0x100000, size: 4K, flags: [read, write, "	\
	"comm-region]}\n" rest

#define IO(phys, virt, size)						\
	"    - {phys: " phys ", virt: " virt ", size: " size		\
	", flags: [read, write, io]}\n"

#define RAM(phys, virt, size)						\
	"    - {phys: " phys ", virt: " virt ", size: " size		\
	", flags: [read, write, execute, loadable]}\n"

static const char good_a[] = CELL("a", "3", RAM("0x3c000000", "0", "1M"),
	"  pio:\n    - {base: 0x2f8, length: 8}\n");
static const char good_b[] = CELL("b", "2", RAM("0x3c100000", "0", "1M"),
	"  pio:\n    - {base: 0x300, length: 8}\n");

/*
 * ivshmem 01:0e.0 of two peers in root memory: state table, read-write
 * section of @rw bytes, the output sections of peers 0 and 1 (@out0 and
 * @out1 add flags), as regions 1-4 of a cell (after its RAM).
 */
#define SHM_REGIONS_F(rw, out0, out1, all)				\
	"    - {phys: 0x3c200000, size: 4K, flags: [read" all "]}\n"	\
	"    - {phys: 0x3c201000, size: " rw				\
	", flags: [read, write" all "]}\n"				\
	"    - {phys: 0x3c203000, size: 4K, flags: [read" out0 all "]}\n" \
	"    - {phys: 0x3c204000, size: 4K, flags: [read" out1 all "]}\n"
#define SHM_REGIONS(rw, out0, out1)	SHM_REGIONS_F(rw, out0, out1, "")
#define SHM_DEV_VEC(type, id, vectors)					\
	"  pci:\n    - {bdf: \"01:0e.0\", type: " type			\
	", class: 0xff0000, shmem-regions: 1, shmem-id: " id		\
	", shmem-peers: 2, shmem-vectors: " vectors "}\n"
#define SHM_DEV(type, id)	SHM_DEV_VEC(type, id, "1")
/* No read-write section: the output sections follow the state table. */
#define SHM_REGIONS_NO_RW						\
	"    - {phys: 0x3c200000, size: 4K, flags: [read]}\n"		\
	"    - {phys: 0x3c201000, size: 0, flags: [read, write]}\n"	\
	"    - {phys: 0x3c201000, size: 4K, flags: [read]}\n"		\
	"    - {phys: 0x3c202000, size: 4K, flags: [read, write]}\n"
#define SHM_PEER0	CELL("c", "3", RAM("0x3c000000", "0", "1M")	\
	SHM_REGIONS("8K", ", write", ""), SHM_DEV("ivshmem", "0"))
#define SHM_PEER(id, rw, out0, out1)					\
	CELL("d", "2", RAM("0x3c100000", "0", "1M")			\
	SHM_REGIONS(rw, out0, out1), SHM_DEV("ivshmem", id))

/* The root cell as peer 0 of 01:0e.0: the sections are its regions 4-7. */
static const char root_peer_system[] = SYSTEM_START
	"    - {phys: 0x3c000000, size: 2M, flags: [read, write, dma]}\n"
	SHM_REGIONS("8K", ", write", "")
	"  pci:\n    - {bdf: \"01:0e.0\", type: ivshmem, class: 0xff0000, "
	"shmem-regions: 4, shmem-id: 0, shmem-peers: 2, shmem-vectors: 1}\n";

struct rule_case {
	const char *name;
	const char *system;	/* NULL: base_system */
	const char *cells[2];	/* NULL-padded */
	int rule;		/* expected rule, or NO_RULE */
};

static const struct rule_case cases[] = {
	{ "fine: two good cells", NULL, { good_a, good_b }, NO_RULE },
	{ "misaligned: phys not page-aligned", NULL,
	  { CELL("c", "3", RAM("0x3c000800", "0", "8K"), "") },
	  JH_RULE_MISALIGNED },
	{ "misaligned fine: aligned", NULL,
	  { CELL("c", "3", RAM("0x3c001000", "0", "8K"), "") }, NO_RULE },
	{ "zero size: size 0", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "0"), "") },
	  JH_RULE_ZERO_SIZE },
	{ "zero size fine: one page", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "4K"), "") }, NO_RULE },
	{ "overlap: guest ranges intersect", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M")
		 RAM("0x3c200000", "0xff000", "4K"), "") },
	  JH_RULE_OVERLAP },
	{ "overlap fine: adjacent guest ranges", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M")
		 RAM("0x3c200000", "0x101000", "4K"), "") }, NO_RULE },
	{ "outside root: straddles the end of root memory", NULL,
	  { CELL("c", "3", RAM("0x3efff000", "0", "8K"), "") },
	  JH_RULE_OUTSIDE_ROOT },
	{ "outside root fine: spans two adjacent root regions", NULL,
	  { CELL("c", "3", "    - {phys: 0xfe0ff000, virt: 0x200000, "
		 "size: 8K, flags: [read, write, io]}\n", "") }, NO_RULE },
	{ "cpu not in root: CPU 4", NULL,
	  { CELL("c", "4", RAM("0x3c000000", "0", "1M"), "") },
	  JH_RULE_CPU_NOT_IN_ROOT },
	{ "cpu conflict: CPU 3 twice", NULL,
	  { good_a, CELL("c", "3", RAM("0x3c100000", "0", "1M"), "") },
	  JH_RULE_CPU_CONFLICT },
	{ "memory conflict: same physical page", NULL,
	  { good_a, CELL("c", "2", RAM("0x3c0ff000", "0", "1M"), "") },
	  JH_RULE_MEM_CONFLICT },
	{ "memory conflict fine: adjacent physical ranges", NULL,
	  { good_a, CELL("c", "2", RAM("0x3c100000", "0", "1M"), "") },
	  NO_RULE },
	{ "pio conflict: port 0x2ff twice", NULL,
	  { good_a, CELL("c", "2", RAM("0x3c100000", "0", "1M"),
			 "  pio:\n    - {base: 0x2ff, length: 1}\n") },
	  JH_RULE_PIO_CONFLICT },
	{ "pci conflict: 00:02.0 twice", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  pci:\n    - {bdf: \"00:02.0\", iommu: 0}\n"),
	    CELL("d", "2", RAM("0x3c100000", "0", "1M"),
		 "  pci:\n    - {bdf: \"00:02.0\", iommu: 0}\n") },
	  JH_RULE_PCI_CONFLICT },
	{ "pci conflict fine: other function", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  pci:\n    - {bdf: \"00:02.0\", iommu: 0}\n"),
	    CELL("d", "2", RAM("0x3c100000", "0", "1M"),
		 "  pci:\n    - {bdf: \"00:02.1\", iommu: 0}\n") },
	  NO_RULE },
	{ "irq conflict: pin 3 twice", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  ioapic-pins:\n    - {ioapic: 0, pins: [3]}\n"),
	    CELL("d", "2", RAM("0x3c100000", "0", "1M"),
		 "  ioapic-pins:\n    - {ioapic: 0, pins: [3-4]}\n") },
	  JH_RULE_IRQ_CONFLICT },
	{ "irq conflict fine: pins 3 and 4", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  ioapic-pins:\n    - {ioapic: 0, pins: [3]}\n"),
	    CELL("d", "2", RAM("0x3c100000", "0", "1M"),
		 "  ioapic-pins:\n    - {ioapic: 0, pins: [4]}\n") },
	  NO_RULE },
	{ "hypervisor memory: cell maps its last page", NULL,
	  { CELL("c", "3", RAM("0x3bfff000", "0", "4K"), "") },
	  JH_RULE_HYPERVISOR_MEM },
	{ "hypervisor memory: root cell maps it", root_on_hypervisor,
	  { NULL }, JH_RULE_HYPERVISOR_MEM },
	{ "hypervisor memory fine: first page after it", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "4K"), "") }, NO_RULE },
	{ "loadable not RAM: loadable I/O region", NULL,
	  { CELL("c", "3", "    - {phys: 0xfe000000, virt: 0, size: 4K, "
		 "flags: [read, write, io, loadable]}\n", "") },
	  JH_RULE_LOADABLE_NOT_RAM },
	{ "loadable not RAM: read-only loadable region", NULL,
	  { CELL("c", "3", "    - {phys: 0x3c000000, virt: 0, size: 4K, "
		 "flags: [read, loadable]}\n", "") },
	  JH_RULE_LOADABLE_NOT_RAM },
	{ "dma without iommu: sandbox device, no unit", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  pci:\n    - {bdf: \"00:02.0\", flags: [dma]}\n") },
	  JH_RULE_DMA_NO_IOMMU },
	{ "dma without iommu fine: unit 0 covers it", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  pci:\n    - {bdf: \"00:02.0\", iommu: 0, "
		 "flags: [dma]}\n") }, NO_RULE },
	{ "bad iommu: unit 1 of 1", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  pci:\n    - {bdf: \"00:02.0\", iommu: 1}\n") },
	  JH_RULE_BAD_IOMMU },
	{ "iommu bus: unit 0 ends at bus 0x7f", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  pci:\n    - {bdf: \"80:00.0\", iommu: 0}\n") },
	  JH_RULE_IOMMU_BUS },
	{ "iommu bus fine: its last bus", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  pci:\n    - {bdf: \"7f:1f.7\", iommu: 0}\n") },
	  NO_RULE },
	{ "iommu registers: cell maps them", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M")
		 "    - {phys: 0xfed90000, virt: 0xfed90000, size: 4K, "
		 "flags: [read, write, io]}\n", "") },
	  JH_RULE_IOMMU_REGS },
	{ "iommu registers: root cell maps them", root_on_iommu,
	  { NULL }, JH_RULE_IOMMU_REGS },
	{ "iommu registers fine: the page below", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M")
		 "    - {phys: 0xfe000000, virt: 0xfed8f000, size: 4K, "
		 "flags: [read, write, io]}\n", "") }, NO_RULE },
	{ "bad ioapic: id 1 unknown", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  ioapic-pins:\n    - {ioapic: 1, pins: [3]}\n") },
	  JH_RULE_BAD_IOAPIC },
	{ "root no cpu: cells take CPUs 0-3", NULL,
	  { CELL("c", "0-1", RAM("0x3c000000", "0", "1M"), ""),
	    CELL("d", "2-3", RAM("0x3c100000", "0", "1M"), "") },
	  JH_RULE_ROOT_NO_CPU },
	{ "name conflict: two cells named a", NULL,
	  { good_a, CELL("a", "2", RAM("0x3c100000", "0", "1M"), "") },
	  JH_RULE_NAME_CONFLICT },
	{ "name conflict: a cell named like the root cell", NULL,
	  { CELL("root", "3", RAM("0x3c000000", "0", "1M"), "") },
	  JH_RULE_NAME_CONFLICT },
	{ "ivshmem fine: two peers share the device's regions", NULL,
	  { SHM_PEER0, SHM_PEER("1", "8K", "", ", write") }, NO_RULE },
	{ "ivshmem access: peer 1 writes peer 0's output", NULL,
	  { SHM_PEER0, SHM_PEER("1", "8K", ", write", ", write") },
	  JH_RULE_IVSHMEM_ACCESS },
	{ "ivshmem access: loadable shared region", NULL,
	  { SHM_PEER("1", "8K", "", ", write, loadable") },
	  JH_RULE_IVSHMEM_ACCESS },
	{ "ivshmem peer: both peer 0", NULL,
	  { SHM_PEER0, SHM_PEER("0", "8K", ", write", "") },
	  JH_RULE_IVSHMEM_PEER },
	{ "ivshmem mismatch: read-write sections differ", NULL,
	  { SHM_PEER0, CELL("d", "2", RAM("0x3c100000", "0", "1M")
			    SHM_REGIONS_NO_RW, SHM_DEV("ivshmem", "1")) },
	  JH_RULE_IVSHMEM_MISMATCH },
	{ "ivshmem mismatch: vectors differ", NULL,
	  { SHM_PEER0, CELL("d", "2", RAM("0x3c100000", "0", "1M")
			    SHM_REGIONS("8K", "", ", write"),
			    SHM_DEV_VEC("ivshmem", "1", "2")) },
	  JH_RULE_IVSHMEM_MISMATCH },
	{ "ivshmem root: the root's sections not flagged rootshared",
	  root_peer_system, { SHM_PEER("1", "8K", "", ", write") },
	  JH_RULE_IVSHMEM_ROOT },
	{ "ivshmem root fine: the root's sections flagged rootshared",
	  root_peer_system,
	  { CELL("d", "2", RAM("0x3c100000", "0", "1M")
		 SHM_REGIONS_F("8K", "", ", write", ", rootshared"),
		 SHM_DEV("ivshmem", "1")) }, NO_RULE },
	{ "ivshmem zero size fine: empty read-write section", NULL,
	  { CELL("d", "2", RAM("0x3c100000", "0", "1M") SHM_REGIONS_NO_RW,
		 SHM_DEV("ivshmem", "1")) }, NO_RULE },
	{ "memory conflict: the regions without the device", NULL,
	  { SHM_PEER0, CELL("d", "2", RAM("0x3c100000", "0", "1M")
			    SHM_REGIONS("8K", "", ", write"), "") },
	  JH_RULE_MEM_CONFLICT },
	{ "pci conflict: ivshmem at a device's address", NULL,
	  { SHM_PEER0, CELL("d", "2", RAM("0x3c100000", "0", "1M"),
			    "  pci:\n    - {bdf: \"01:0e.0\", iommu: 0}\n") },
	  JH_RULE_PCI_CONFLICT },
	{ "emulated device: the xAPIC page at another guest address",
	  devices_system,
	  { CELL("c", "3", IO("0xfee00000", "0x200000", "4K"), "") },
	  JH_RULE_EMULATED_DEVICE },
	{ "emulated device: the IOAPIC, larger region", devices_system,
	  { CELL("c", "3", IO("0xfec00000", "0x200000", "8K"), "") },
	  JH_RULE_EMULATED_DEVICE },
	{ "iommu regs: the IOMMU's registers at another guest address",
	  devices_system,
	  { CELL("c", "3", IO("0xfed90000", "0x200000", "4K"), "") },
	  JH_RULE_IOMMU_REGS },
	{ "emulated device fine: the page after the IOAPIC", devices_system,
	  { CELL("c", "3", IO("0xfec01000", "0x200000", "4K"), "") },
	  NO_RULE },
	{ "phys bits: region at 2^52", NULL,
	  { CELL("c", "3", IO("0x10000000000000", "0x200000", "4K"), "") },
	  JH_RULE_PHYS_BITS },
	{ "guest bits: region at 2^57", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0x200000000000000", "4K"),
		 "") },
	  JH_RULE_GUEST_BITS },
	{ "guest bits fine: last page below 2^57", NULL,
	  { CELL("c", "3", RAM("0x3c000000", "0x1fffffffffff000", "4K"),
		 "") },
	  NO_RULE },
	{ "firmware ram: the ACPI tables as RAM", machine_system,
	  { CELL("c", "3", RAM("0x3ef00000", "0", "4K"), "") },
	  JH_RULE_FIRMWARE_RAM },
	{ "firmware ram: a hole in the firmware's map", machine_system,
	  { CELL("c", "3", RAM("0x3ee00000", "0", "4K"), "") },
	  JH_RULE_FIRMWARE_RAM },
	{ "firmware ram fine: RAM in the firmware's map", machine_system,
	  { good_a }, NO_RULE },
	{ "io not own: a root device's BAR", machine_system,
	  { CELL("c", "3", IO("0xfe000000", "0x200000", "4K"), "") },
	  JH_RULE_IO_NOT_OWN },
	{ "io not own fine: the BAR of its own device", machine_system,
	  { CELL("c", "3", IO("0xfe000000", "0x200000", "4K"),
		 "  pci:\n    - {bdf: \"00:02.0\", class: 0x030000}\n") },
	  NO_RULE },
	{ "root irq: a pin a root driver has", machine_system,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  ioapic-pins:\n    - {ioapic: 0, pins: [3-4]}\n") },
	  JH_RULE_ROOT_IRQ },
	{ "root irq fine: a pin no root driver has", machine_system,
	  { CELL("c", "3", RAM("0x3c000000", "0", "1M"),
		 "  ioapic-pins:\n    - {ioapic: 0, pins: [3]}\n") },
	  NO_RULE },
	{ "ioapic sid: beyond the AMD-Vi unit's buses", AMD_SYSTEM("02:00.0"),
	  { good_a }, JH_RULE_IOAPIC_SID },
	{ "ioapic sid fine: the unit's last bus", AMD_SYSTEM("01:1f.7"),
	  { good_a }, NO_RULE },
	{ "root no cpu fine: CPU 0 stays", NULL,
	  { CELL("c", "1-2", RAM("0x3c000000", "0", "1M"), ""),
	    CELL("d", "3", RAM("0x3c100000", "0", "1M"), "") },
	  NO_RULE },
};

#define NUM_CASES	(sizeof(cases) / sizeof(cases[0]))

struct seen {
	unsigned int rules;	/* bit per rule reported */
};

static void record(struct jailhouse_checker *chk,
		   const struct jailhouse_violation *v)
{
	struct seen *seen = chk->ctx;

	assert_non_null(v->cell);
	assert_non_null(v->item);
	seen->rules |= 1U << v->rule;
}

/* Build the case's configs and return the set of rules reported. */
static unsigned int run_case(const struct rule_case *c)
{
	struct config_blob sys, cells[2] = { { 0 } };
	const struct jailhouse_cell_desc *descs[2];
	struct seen seen = { 0 };
	struct jailhouse_checker chk = {
		.report = record, .ctx = &seen, .machine_rules = true,
	};
	unsigned int n, found;

	build_ok(c->system ?: base_system, &sys);
	for (n = 0; n < 2 && c->cells[n]; n++) {
		build_ok(c->cells[n], &cells[n]);
		descs[n] = (const void *)cells[n].data;
	}
	chk.sys = (const void *)sys.data;
	found = jailhouse_check_all(&chk, descs, n);
	assert_int_equal(found, chk.violations);
	assert_int_equal(found == 0, seen.rules == 0);
	config_blob_free(&sys);
	while (n--)
		config_blob_free(&cells[n]);
	return seen.rules;
}

static void test_case(void **state)
{
	const struct rule_case *c = *state;
	unsigned int rules = run_case(c);

	if (c->rule == NO_RULE && rules)
		fail_msg("%s: unexpected violation (rule mask 0x%x)", c->name,
			 rules);
	if (c->rule != NO_RULE && !(rules & (1U << c->rule)))
		fail_msg("%s: rule %d not reported (mask 0x%x)", c->name,
			 c->rule, rules);
}

/* Every rule has a test that trips it and a text of its own. */
static void test_every_rule_covered(void **state)
{
	unsigned int covered = 0, i;
	int rule;

	(void)state;
	for (i = 0; i < NUM_CASES; i++)
		if (cases[i].rule != NO_RULE)
			covered |= 1U << cases[i].rule;
	for (rule = 0; rule < JH_RULE_COUNT; rule++) {
		assert_true(covered & (1U << rule));
		assert_string_not_equal(jailhouse_rule_text(rule),
					"unknown rule");
	}
}

/* The hypervisor's use: only the new cell against the existing ones. */
static void test_pair_only(void **state)
{
	struct config_blob sys, a, b;
	struct seen seen = { 0 };
	struct jailhouse_checker chk = { .report = record, .ctx = &seen };

	(void)state;
	build_ok(base_system, &sys);
	build_ok(good_a, &a);
	build_ok(good_a, &b);
	chk.sys = (const void *)sys.data;
	jailhouse_check_pair(&chk, (const void *)a.data,
			     (const void *)b.data);
	assert_true(seen.rules & (1U << JH_RULE_CPU_CONFLICT));
	assert_true(seen.rules & (1U << JH_RULE_MEM_CONFLICT));
	assert_true(seen.rules & (1U << JH_RULE_PIO_CONFLICT));
	config_blob_free(&sys);
	config_blob_free(&a);
	config_blob_free(&b);
}

/* The hypervisor's widths: 4-level nested tables, a 39-bit CPU. */
static void test_machine_widths(void **state)
{
	static const char cell[] = CELL("c", "3",
		RAM("0x3c000000", "0x1000000000000", "4K"), "");
	struct config_blob sys, c;
	struct seen seen = { 0 };
	struct jailhouse_checker chk = { .report = record, .ctx = &seen };

	(void)state;
	build_ok(base_system, &sys);
	build_ok(cell, &c);
	chk.sys = (const void *)sys.data;
	jailhouse_check_cell(&chk, (const void *)c.data);
	assert_int_equal(seen.rules, 0);
	chk.guest_bits = 48;
	chk.phys_bits = 39;
	jailhouse_check_cell(&chk, (const void *)c.data);
	assert_int_equal(seen.rules, 1U << JH_RULE_GUEST_BITS);
	config_blob_free(&sys);
	config_blob_free(&c);
}

/*
 * The machine's rules are the offline check's: the loader and the
 * hypervisor, which check the live machine, leave machine_rules off; a
 * class with root-irqs lets the pins pass.
 */
static void test_machine_rules_opt_in(void **state)
{
	static const char cell[] = CELL("c", "3",
		RAM("0x3ef00000", "0", "4K") IO("0xfe000000", "0x200000", "4K"),
		"  ioapic-pins:\n    - {ioapic: 0, pins: [4]}\n");
	struct config_blob sys, c;
	struct seen seen = { 0 };
	struct jailhouse_checker chk = { .report = record, .ctx = &seen };

	(void)state;
	build_ok(machine_system, &sys);
	build_ok(cell, &c);
	chk.sys = (const void *)sys.data;
	jailhouse_check_cell(&chk, (const void *)c.data);
	assert_int_equal(seen.rules, 0);
	chk.machine_rules = true;
	chk.root_irqs_allowed = true;
	jailhouse_check_cell(&chk, (const void *)c.data);
	assert_int_equal(seen.rules, (1U << JH_RULE_FIRMWARE_RAM) |
				     (1U << JH_RULE_IO_NOT_OWN));
	config_blob_free(&sys);
	config_blob_free(&c);
}

int main(void)
{
	struct CMUnitTest tests[NUM_CASES + 4];
	unsigned int i;

	for (i = 0; i < NUM_CASES; i++)
		tests[i] = (struct CMUnitTest) {
			.name = cases[i].name, .test_func = test_case,
			.initial_state = (void *)&cases[i],
		};
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(
		test_every_rule_covered);
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(test_pair_only);
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(test_machine_widths);
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(
		test_machine_rules_opt_in);
	return _cmocka_run_group_tests("config_rules", tests, i, NULL, NULL);
}
