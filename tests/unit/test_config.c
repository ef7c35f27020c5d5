// SPDX-License-Identifier: GPL-2.0
/*
 * lib/config.c: structural validation of binary configs. A valid blob is
 * built from text, then each test breaks one field and expects the
 * validator to name it.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "config-util.h"

static const char cell_text[] =
	"cell:\n"
	"  name: demo\n"
	"  flags: [sandbox]\n"
	"  console: {type: uart-pio, address: 0x2f8}\n"
	"  cpus: [3]\n"
	"  memory:\n"
	"    - {phys: 0x3c000000, virt: 0, size: 1M,\n"
	"       flags: [read, write, loadable]}\n"
	"    - {virt: 0x100000, size: 4K, flags: [read, write, comm-region]}\n"
	"  pio:\n"
	"    - {base: 0x2f8, length: 8}\n"
	"  msr:\n"
	"    - {base: 0x10, access: [read]}\n"
	"  pci:\n"
	"    - {bdf: \"00:02.0\", class: 0x020000, iommu: 0}\n"
	"  ioapic-pins:\n"
	"    - {ioapic: 0, pins: [3]}\n";

static const char system_text[] =
	"system:\n"
	"  hypervisor-memory: {phys: 0x3b000000, size: 16M}\n"
	"  debug-console: {type: uart-pio, address: 0x3f8}\n"
	"  platform:\n"
	"    iommu-units:\n"
	"      - {type: intel, base: 0xfed90000, size: 4K}\n"
	"    ioapics:\n"
	"      - {id: 0, address: 0xfec00000}\n"
	"root-cell:\n"
	"  name: root\n"
	"  cpus: [0-3]\n"
	"  memory:\n"
	"    - {size: 0x3b000000, flags: [read, write, execute, dma]}\n";

/* The same machine as jh-config create writes it, with what it read. */
static const char machine_text[] =
	"system:\n"
	"  hypervisor-memory: {phys: 0x3b000000, size: 16M}\n"
	"  firmware-map:\n"
	"    - {start: 0, size: 0x3ffdf000, type: ram}\n"
	"    - {start: 0x3ffdf000, size: 132K, type: acpi}\n"
	"  root-bars:\n"
	"    - {bdf: \"00:03.0\", bar: 0, start: 0xfea00000, size: 1M}\n"
	"  root-irqs:\n"
	"    - {ioapic: 0, pins: [4]}\n"
	"root-cell:\n"
	"  name: root\n"
	"  cpus: [0-3]\n"
	"  memory:\n"
	"    - {size: 0x3b000000, flags: [read, write, execute, dma]}\n";

struct fixture {
	struct config_blob blob;
	struct jailhouse_cell_desc *cell;
	struct jailhouse_system *sys;
	struct jailhouse_config_error err;
};

static int setup_cell(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	build_ok(cell_text, &f->blob);
	f->cell = (void *)f->blob.data;
	*state = f;
	return 0;
}

static int setup_system(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	build_ok(system_text, &f->blob);
	f->sys = (void *)f->blob.data;
	f->cell = &f->sys->root_cell;
	*state = f;
	return 0;
}

static int setup_machine(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	build_ok(machine_text, &f->blob);
	f->sys = (void *)f->blob.data;
	f->cell = &f->sys->root_cell;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	config_blob_free(&f->blob);
	free(f);
	return 0;
}

/* Validate the fixture's blob as what it is; return the result. */
static int validate(struct fixture *f)
{
	memset(&f->err, 0, sizeof(f->err));
	if (f->sys)
		return jailhouse_system_validate(f->blob.data, f->blob.size,
						 &f->err);
	return jailhouse_cell_validate(f->blob.data, f->blob.size, &f->err);
}

/* Expect rejection naming @item (and @index if >= 0) and @reason part. */
static void expect_error(struct fixture *f, const char *item, int index,
			 const char *reason)
{
	assert_int_equal(validate(f), -EINVAL);
	assert_string_equal(f->err.item, item);
	assert_int_equal(f->err.indexed, index >= 0);
	if (index >= 0)
		assert_int_equal(f->err.index, index);
	if (!strstr(f->err.reason, reason))
		fail_msg("reason '%s' lacks '%s'", f->err.reason, reason);
}

static struct jailhouse_memory *mem(struct fixture *f, unsigned int i)
{
	return (void *)&jailhouse_cell_mem_regions(f->cell)[i];
}

static void test_valid(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(validate(f), 0);
}

static void test_accessors(void **state)
{
	struct fixture *f = *state;
	const __u8 *base = (const __u8 *)f->cell;

	assert_int_equal(jailhouse_cell_size(f->cell), f->blob.size);
	assert_ptr_equal(jailhouse_cell_cpu_set(f->cell), base + 112);
	assert_ptr_equal(jailhouse_cell_mem_regions(f->cell), base + 120);
	assert_ptr_equal(jailhouse_cell_pio(f->cell), base + 184);
	assert_ptr_equal(jailhouse_cell_msrs(f->cell), base + 192);
	assert_ptr_equal(jailhouse_cell_pci_devices(f->cell), base + 208);
	assert_ptr_equal(jailhouse_cell_irqchips(f->cell), base + 224);
	assert_true(jailhouse_cell_has_cpu(f->cell, 3));
	assert_false(jailhouse_cell_has_cpu(f->cell, 2));
	assert_false(jailhouse_cell_has_cpu(f->cell, 4000));
	assert_int_equal(jailhouse_cell_pci_devices(f->cell)->bdf, 0x10);
}

/* Every shorter and one longer length is refused, without reading past. */
static void test_every_truncation(void **state)
{
	struct fixture *f = *state;
	size_t size = f->blob.size, len;
	__u8 *copy;

	for (len = 0; len < size; len++) {
		copy = malloc(len ?: 1);
		memcpy(copy, f->blob.data, len);
		assert_int_equal(f->sys ?
				 jailhouse_system_validate(copy, len, &f->err) :
				 jailhouse_cell_validate(copy, len, &f->err),
				 -EINVAL);
		free(copy);
	}
	copy = calloc(1, size + 1);
	memcpy(copy, f->blob.data, size);
	assert_int_equal(f->sys ?
			 jailhouse_system_validate(copy, size + 1, &f->err) :
			 jailhouse_cell_validate(copy, size + 1, &f->err),
			 -EINVAL);
	free(copy);
}

static void test_signature_arch_revision(void **state)
{
	struct fixture *f = *state;

	f->cell->signature[0] = 'X';
	expect_error(f, "cell header", -1, "bad signature");
	f->cell->signature[0] = 'J';
	f->cell->architecture = 1;
	expect_error(f, "cell header", -1, "another architecture");
	f->cell->architecture = JAILHOUSE_ARCH_X86;
	f->cell->revision = JAILHOUSE_UPSTREAM_REVISION;
	expect_error(f, "cell header", -1, "jh-config import");
	f->cell->revision = JAILHOUSE_CONFIG_REVISION + 1;
	expect_error(f, "cell header", -1, "unsupported config revision");
}

static void test_name(void **state)
{
	struct fixture *f = *state;

	memset(f->cell->name, 'a', sizeof(f->cell->name));
	expect_error(f, "cell name", -1, "not NUL-terminated");
	memset(f->cell->name, 0, sizeof(f->cell->name));
	expect_error(f, "cell name", -1, "empty");
	strcpy(f->cell->name, "bad\"name");
	expect_error(f, "cell name", -1, "printable ASCII");
	strcpy(f->cell->name, "ok");
	f->cell->name[5] = 'x';
	expect_error(f, "cell name", -1, "padding");
}

/* The rule alone, as the loader applies it to names in requests. */
static void test_name_rule(void **state)
{
	char name[JAILHOUSE_CELL_NAME_LEN] = "x\nBUG: injected";

	(void)state;
	assert_non_null(strstr(jailhouse_cell_name_problem(name),
			       "printable ASCII"));
	strcpy(name, "x\033[2J");
	assert_non_null(jailhouse_cell_name_problem(name));
	memset(name, 0, sizeof(name));
	strcpy(name, "sandbox-demo");
	assert_null(jailhouse_cell_name_problem(name));
}

static void test_flags_and_reserved(void **state)
{
	struct fixture *f = *state;

	f->cell->flags |= 0x2;
	expect_error(f, "cell header", -1, "unknown cell flags");
	f->cell->flags &= ~0x2U;
	f->cell->reserved = 1;
	expect_error(f, "cell header", -1, "reserved");
}

static void test_counts(void **state)
{
	struct fixture *f = *state;

	f->cell->cpu_set_size = 12;
	expect_error(f, "cell header", -1, "CPU set size");
	f->cell->cpu_set_size = 8;
	f->cell->num_memory_regions = 0xffffffff;
	expect_error(f, "cell header", -1, "more than 256 memory regions");
	f->cell->num_memory_regions = 3;
	expect_error(f, "cell header", -1, "counts do not match");
	f->cell->num_memory_regions = 2;
	f->cell->num_pio_ranges = 0x80000000;
	expect_error(f, "cell header", -1, "port I/O ranges");
	f->cell->num_pio_ranges = 1;
	f->cell->num_irqchips = 9;
	expect_error(f, "cell header", -1, "IOAPIC pin sets");
}

static void test_no_cpu(void **state)
{
	struct fixture *f = *state;

	*(__u8 *)jailhouse_cell_cpu_set(f->cell) = 0;
	expect_error(f, "CPU set", -1, "no CPU");
}

static void test_memory_regions(void **state)
{
	struct fixture *f = *state;

	mem(f, 1)->flags |= 0x400;
	expect_error(f, "memory region", 1, "unknown flags");
	mem(f, 1)->flags = JAILHOUSE_MEM_READ | JAILHOUSE_MEM_IO_32;
	expect_error(f, "memory region", 1, "not I/O");
	mem(f, 1)->flags = JAILHOUSE_MEM_COMM_REGION;
	mem(f, 1)->phys_start = 0x1000;
	expect_error(f, "memory region", 1, "comm region");
	mem(f, 1)->phys_start = 0;
	mem(f, 0)->phys_start = 0xfffffffffff00000ULL;
	mem(f, 0)->size = 0x200000;
	expect_error(f, "memory region", 0, "wraps");
}

static void test_pio_msr_pci_irqchip(void **state)
{
	struct fixture *f = *state;
	struct jailhouse_pio *pio = (void *)jailhouse_cell_pio(f->cell);
	struct jailhouse_msr_range *msr = (void *)jailhouse_cell_msrs(f->cell);
	struct jailhouse_pci_device *dev =
		(void *)jailhouse_cell_pci_devices(f->cell);
	struct jailhouse_irqchip *chip =
		(void *)jailhouse_cell_irqchips(f->cell);

	pio->base = 0xfffc;
	expect_error(f, "port I/O range", 0, "beyond port 0xffff");
	pio->base = 0x2f8;
	pio->length = 0;
	expect_error(f, "port I/O range", 0, "zero ports");
	pio->length = 8;
	msr->base = 0xffffffff;
	msr->count = 2;
	expect_error(f, "MSR range", 0, "wraps");
	msr->count = 1;
	msr->flags = 4;
	expect_error(f, "MSR range", 0, "read, write or both");
	msr->flags = JAILHOUSE_MSR_READ;
	dev->type = 4;
	expect_error(f, "PCI device", 0, "unknown type");
	dev->type = JAILHOUSE_PCI_TYPE_DEVICE;
	dev->class_code = 0x1000000;
	expect_error(f, "PCI device", 0, "class code");
	dev->class_code = 0;
	dev->shmem_peers = 2;
	expect_error(f, "PCI device", 0, "ivshmem fields set");
	dev->shmem_peers = 0;
	chip->reserved = 1;
	expect_error(f, "IOAPIC pin set", 0, "reserved");
}

/* An ivshmem device: its numbers and its regions. */
static void test_ivshmem_device(void **state)
{
	struct fixture *f = *state;
	struct jailhouse_pci_device *dev =
		(void *)jailhouse_cell_pci_devices(f->cell);

	dev->type = JAILHOUSE_PCI_TYPE_IVSHMEM;
	dev->iommu = JAILHOUSE_PCI_NO_IOMMU;
	dev->flags = 0;
	dev->class_code = JAILHOUSE_IVSHMEM_CLASS;
	dev->shmem_peers = 2;
	dev->shmem_dev_id = 1;
	expect_error(f, "PCI device", 0, "beyond the cell's memory regions");
	dev->shmem_peers = 1;
	dev->shmem_dev_id = 0;
	expect_error(f, "PCI device", 0, "peers not 2-16");
	dev->shmem_peers = 2;
	dev->shmem_dev_id = 2;
	expect_error(f, "PCI device", 0, "peers not 2-16");
	dev->shmem_dev_id = 0;
	dev->shmem_vectors = 17;
	expect_error(f, "PCI device", 0, "more than 16 vectors");
	dev->shmem_vectors = 0;
	dev->class_code = 0x020000;
	expect_error(f, "PCI device", 0, "class is not 0xff");
	dev->class_code = JAILHOUSE_IVSHMEM_CLASS;
	dev->flags = JAILHOUSE_PCI_FLAG_DMA;
	expect_error(f, "PCI device", 0, "does no DMA");
}

static const char ivshmem_text[] =
	"cell:\n"
	"  name: peer\n"
	"  cpus: [2]\n"
	"  memory:\n"
	"    - {phys: 0x3c200000, virt: 0x200000, size: 4K, flags: [read]}\n"
	"    - {phys: 0x3c201000, virt: 0x201000, size: 4K,\n"
	"       flags: [read, write]}\n"
	"    - {phys: 0x3c202000, virt: 0x202000, size: 4K,\n"
	"       flags: [read, write]}\n"
	"    - {phys: 0x3c203000, virt: 0x203000, size: 4K, flags: [read]}\n"
	"  pci:\n"
	"    - {bdf: \"01:0e.0\", type: ivshmem, class: 0xff0000,\n"
	"       shmem-regions: 0, shmem-id: 0, shmem-peers: 2,\n"
	"       shmem-vectors: 1}\n";

/* The sections as the device reports them: one base, one output size. */
static void test_ivshmem_layout(void **state)
{
	struct fixture f = { 0 };
	struct jailhouse_memory *mem;

	(void)state;
	build_ok(ivshmem_text, &f.blob);
	f.cell = (void *)f.blob.data;
	mem = (void *)jailhouse_cell_mem_regions(f.cell);
	assert_int_equal(validate(&f), 0);
	mem[3].virt_start = 0x205000;
	expect_error(&f, "PCI device", 0, "not contiguous in guest addresses");
	mem[3].virt_start = 0x203000;
	mem[3].size = 0x2000;
	expect_error(&f, "PCI device", 0, "output sections of different sizes");
	mem[3].size = 0x1000;
	mem[1].size = 0;
	expect_error(&f, "PCI device", 0, "not contiguous in guest addresses");
	mem[2].virt_start = 0x201000;
	mem[3].virt_start = 0x202000;
	assert_int_equal(validate(&f), 0);
	config_blob_free(&f.blob);
}

static void test_console(void **state)
{
	struct fixture *f = *state;

	f->cell->console.type = 7;
	expect_error(f, "cell console", -1, "unknown console type");
	f->cell->console.type = JAILHOUSE_CON_TYPE_NONE;
	expect_error(f, "cell console", -1, "type none");
	f->cell->console.type = JAILHOUSE_CON_TYPE_UART_PIO;
	f->cell->console.address = 0xfffc;
	expect_error(f, "cell console", -1, "beyond port 0xffff");
}

static void test_system_fields(void **state)
{
	struct fixture *f = *state;
	struct jailhouse_platform_info *pf = &f->sys->platform;

	assert_int_equal(jailhouse_system_size(f->sys), f->blob.size);
	f->sys->hypervisor_memory.size = 0x1800;
	expect_error(f, "hypervisor memory", -1, "page-aligned");
	f->sys->hypervisor_memory.size = 16 << 20;
	pf->num_iommu_units = 9;
	expect_error(f, "platform", -1, "more than 8");
	pf->num_iommu_units = 1;
	pf->iommu_units[1].base = 1;
	expect_error(f, "platform", -1, "unused");
	pf->iommu_units[1].base = 0;
	pf->iommu_units[0].type = 9;
	expect_error(f, "IOMMU unit", 0, "unknown type");
	pf->iommu_units[0].type = JAILHOUSE_IOMMU_INTEL;
	pf->iommu_units[0].start_bus = 2;
	pf->iommu_units[0].end_bus = 1;
	expect_error(f, "IOMMU unit", 0, "bus range");
	pf->iommu_units[0].start_bus = 0;
	pf->ioapics[0].address = 0;
	expect_error(f, "IOAPIC", 0, "no register address");
	pf->ioapics[0].address = 0xfec00000;
	pf->ioapics[0].reserved = 1;
	expect_error(f, "IOAPIC", 0, "reserved field is not zero");
	pf->ioapics[0].reserved = 0;
	f->sys->signature[4] = 'L';
	expect_error(f, "system header", -1, "bad signature");
}

/* The machine's lists after the root cell's arrays, each flagged. */
static void test_machine_lists(void **state)
{
	struct fixture *f = *state;
	struct jailhouse_firmware_range *fw;
	struct jailhouse_pci_bar *bar;
	struct jailhouse_irqchip *pins;

	assert_int_equal(jailhouse_system_size(f->sys), f->blob.size);
	assert_int_equal(f->sys->flags, JAILHOUSE_SYS_FLAGS_VALID);
	fw = (void *)jailhouse_system_firmware_map(f->sys);
	bar = (void *)jailhouse_system_root_bars(f->sys);
	pins = (void *)jailhouse_system_root_irqchips(f->sys);
	assert_int_equal(fw[1].type, JAILHOUSE_FIRMWARE_ACPI);
	assert_int_equal(bar[0].start, 0xfea00000);
	assert_int_equal((uint8_t *)(pins + 1) - f->blob.data, f->blob.size);
	fw[1].type = 9;
	expect_error(f, "firmware range", 1, "unknown type");
	fw[1].type = JAILHOUSE_FIRMWARE_RAM;
	bar[0].bar = 6;
	expect_error(f, "root BAR", 0, "above 5");
	bar[0].bar = 0;
	pins[0].reserved = 1;
	expect_error(f, "root pin set", 0, "reserved field is not zero");
	pins[0].reserved = 0;
	f->sys->flags &= ~JAILHOUSE_SYS_ROOT_BARS;
	expect_error(f, "system header", -1, "without their flag");
	f->sys->flags = 0x8 | JAILHOUSE_SYS_FLAGS_VALID;
	expect_error(f, "system header", -1, "unknown flags");
	f->sys->flags = JAILHOUSE_SYS_FLAGS_VALID;
	f->sys->num_root_bars = 2;
	expect_error(f, "cell header", -1, "counts do not match");
	f->sys->num_root_bars = 1;
	f->sys->revision = JAILHOUSE_CONFIG_REVISION;
	expect_error(f, "system header", -1, "unsupported config revision");
}

/* A cell descriptor is not a system config and vice versa. */
static void test_kinds_not_mixed(void **state)
{
	struct fixture *f = *state;
	struct jailhouse_config_error err;

	assert_int_equal(jailhouse_cell_validate(f->blob.data, f->blob.size,
						 &err), -EINVAL);
	assert_string_equal(err.reason,
			    "not a cell descriptor (bad signature)");
}

static void test_ranges_overlap(void **state)
{
	(void)state;
	assert_true(jailhouse_ranges_overlap(0, 2, 1, 1));
	assert_false(jailhouse_ranges_overlap(0, 1, 1, 1));
	assert_false(jailhouse_ranges_overlap(0, 0, 0, 1));
	assert_false(jailhouse_ranges_overlap(~0ULL, 1, 0, ~0ULL));
	assert_true(jailhouse_ranges_overlap(~0ULL - 1, 1, 0, ~0ULL));
	assert_true(jailhouse_ranges_overlap(~0ULL - 1, 2, ~0ULL, 1));
}

static void test_system_valid(void **state)
{
	test_valid(state);
}

static void test_system_every_truncation(void **state)
{
	test_every_truncation(state);
}

#define CELL_TEST(fn) cmocka_unit_test_setup_teardown(fn, setup_cell, teardown)
#define SYS_TEST(fn) \
	cmocka_unit_test_setup_teardown(fn, setup_system, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		CELL_TEST(test_valid),
		CELL_TEST(test_accessors),
		CELL_TEST(test_every_truncation),
		CELL_TEST(test_signature_arch_revision),
		CELL_TEST(test_name),
		cmocka_unit_test(test_name_rule),
		CELL_TEST(test_flags_and_reserved),
		CELL_TEST(test_counts),
		CELL_TEST(test_no_cpu),
		CELL_TEST(test_memory_regions),
		CELL_TEST(test_pio_msr_pci_irqchip),
		CELL_TEST(test_ivshmem_device),
		cmocka_unit_test(test_ivshmem_layout),
		CELL_TEST(test_console),
		SYS_TEST(test_system_valid),
		SYS_TEST(test_system_every_truncation),
		SYS_TEST(test_system_fields),
		SYS_TEST(test_kinds_not_mixed),
		cmocka_unit_test_setup_teardown(test_valid, setup_machine,
						teardown),
		cmocka_unit_test_setup_teardown(test_every_truncation,
						setup_machine, teardown),
		cmocka_unit_test_setup_teardown(test_machine_lists,
						setup_machine, teardown),
		cmocka_unit_test(test_ranges_overlap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
