// SPDX-License-Identifier: GPL-2.0
/*
 * jh-config's text side: errors with file:line:column, byte-identical
 * build -> show -> build round trips (every shipped config and one that
 * sets every field), and the import of Jailhouse revision-14 binaries.
 */
#include <dirent.h>
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

static void expect_message(const char *text, const char *message)
{
	const char *got = build_fail(text);

	if (strcmp(got, message))
		fail_msg("expected \"%s\"\n      got \"%s\"", message, got);
}

static void test_error_unknown_key(void **state)
{
	(void)state;
	expect_message("cell:\n  name: x\n  bogus: 1\n",
		       "t.conf:3:3: unknown key 'bogus' in cell, expected one "
		       "of: name, flags, security-version, cpu-reset-address, "
		       "msg-reply-timeout, console, cpus, cpu-set-size, "
		       "memory, pio, msr, pci, ioapic-pins");
}

static void test_error_bad_number(void **state)
{
	(void)state;
	expect_message("cell:\n  name: x\n  cpus: [0]\n  memory:\n"
		       "    - {phys: 0x1000, size: 12Q}\n",
		       "t.conf:5:28: expected a number (decimal or 0x hex, "
		       "optional K/M/G/T), got '12Q'");
	expect_message("cell:\n  name: x\n  cpus: [0]\n  memory:\n"
		       "    - {size: 0x1ffffffffffffffff}\n",
		       "t.conf:5:14: expected a number (decimal or 0x hex, "
		       "optional K/M/G/T), got '0x1ffffffffffffffff'");
	expect_message("cell:\n  name: x\n  cpus: [0]\n  memory:\n"
		       "    - {size: 17179869184G}\n",
		       "t.conf:5:14: expected a number (decimal or 0x hex, "
		       "optional K/M/G/T), got '17179869184G'");
}

static void test_error_bad_flag(void **state)
{
	(void)state;
	expect_message("cell:\n  name: x\n  cpus: [0]\n  memory:\n"
		       "    - {size: 4K, flags: [read, wrte]}\n",
		       "t.conf:5:32: unknown name 'wrte', expected one of: "
		       "read, write, execute, dma, io, comm-region, loadable, "
		       "rootshared, no-hugepages, assignable, io-8, io-16, "
		       "io-32, io-64");
}

static void test_error_missing_key(void **state)
{
	(void)state;
	expect_message("cell:\n  name: x\n", "t.conf:2:3: missing key 'cpus'");
	expect_message("cell:\n  name: x\n  cpus: [0]\n  msr:\n"
		       "    - {base: 0x10}\n",
		       "t.conf:5:7: missing key 'access'");
}

static void test_error_yaml_syntax(void **state)
{
	(void)state;
	expect_message("cell:\n  name: x\n  cpus: [0\n",
		       "t.conf:4:1: did not find expected ',' or ']' while "
		       "parsing a flow sequence");
	expect_message("", "t.conf:1:1: empty document");
	expect_message("cell: {name: a, cpus: [0]}\n---\ncell: {}\n",
		       "t.conf:1:1: expected one YAML document only");
}

static void test_error_wrong_shape(void **state)
{
	(void)state;
	expect_message("cell:\n  name: x\n  cpus: 3\n",
		       "t.conf:3:9: expected a set of numbers as a list, got "
		       "a scalar");
	expect_message("- a\n", "t.conf:1:1: expected the config as a "
		       "mapping (key: value), got a list");
	expect_message("system: {}\ncell: {}\n",
		       "t.conf:1:1: expected either 'system' with "
		       "'root-cell', or 'cell', not both");
	expect_message("cell:\n  name: x\n  name: y\n",
		       "t.conf:3:3: key 'name' given twice in cell");
}

static void test_error_values(void **state)
{
	(void)state;
	expect_message("cell:\n  name: x\n  cpus: [0]\n  pci:\n"
		       "    - {bdf: \"00:20.0\"}\n",
		       "t.conf:5:13: expected a PCI address "
		       "'bus:device.function' like 00:1f.2, got '00:20.0'");
	expect_message("cell:\n  name: x\n  cpus: [0]\n  pci:\n"
		       "    - {bdf: \"-1:00.0\"}\n",
		       "t.conf:5:13: expected a PCI address "
		       "'bus:device.function' like 00:1f.2, got '-1:00.0'");
	expect_message("cell:\n  name: x\n  cpus: [0-1024]\n",
		       "t.conf:3:10: expected a number or range 'a-b' below "
		       "1024, got '0-1024'");
	expect_message("cell:\n  name: 0123456789abcdef0123456789abcdef\n"
		       "  cpus: [0]\n",
		       "t.conf:2:9: expected a name of 1 to 31 characters");
	expect_message("cell:\n  name: x\n  cpus: [64]\n  cpu-set-size: 8\n",
		       "t.conf:4:17: expected a multiple of 8 of at least 16 "
		       "bytes");
}

/* Errors the validator finds point at the element concerned. */
static void test_error_from_validator(void **state)
{
	(void)state;
	expect_message("cell:\n  name: x\n  cpus: [0]\n  pio:\n"
		       "    - {base: 0x60, length: 1}\n"
		       "    - {base: 0xfff0, length: 32}\n",
		       "t.conf:6:7: port I/O range 1: reaches beyond port "
		       "0xffff");
	expect_message("cell:\n  name: x\n  cpus: [0]\n  msr:\n"
		       "    - linux-root\n"
		       "    - {base: 0xffffffff, count: 2, access: [read]}\n",
		       "t.conf:6:7: MSR range 27: wraps around the MSR index "
		       "space");
	expect_message("cell:\n  name: \"a\\\\b\"\n  cpus: [0]\n",
		       "t.conf:2:3: cell name: holds a character other than "
		       "printable ASCII (quote and backslash excluded)");
}

/* build -> show -> build gives the same bytes; show's text is stable. */
static void test_round_trip_shipped(void **state)
{
	struct config_blob text, blob;
	char error[CONFIG_ERROR_LEN], path[512];
	unsigned int found = 0;
	struct dirent *de;
	DIR *dir;

	(void)state;
	dir = opendir(JH_CONFIG_DIR);
	assert_non_null(dir);
	while ((de = readdir(dir))) {
		if (!strstr(de->d_name, ".conf"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", JH_CONFIG_DIR,
			 de->d_name);
		read_ok(path, &text);
		if (config_build(path, text.data, text.size, &blob, error))
			fail_msg("%s", error);
		round_trip(&blob, path);
		config_blob_free(&blob);
		config_blob_free(&text);
		found++;
	}
	closedir(dir);
	assert_true(found >= 3);
}

static const char every_field[] =
	"system:\n"
	"  hypervisor-memory: {phys: 0x3b000000, size: 16M}\n"
	"  debug-console: {type: uart-mmio, address: 0xfe000000, size: 4K,"
	" divider: 1}\n"
	"  platform:\n"
	"    pci-mmconfig-base: 0xb0000000\n"
	"    pci-mmconfig-end-bus: 0x3f\n"
	"    pm-timer: 0x608\n"
	"    tsc-khz: 2000000\n"
	"    apic-khz: 1000000\n"
	"    iommu-units:\n"
	"      - {type: intel, base: 0xfed90000, size: 4K}\n"
	"      - {type: amd, base: 0xfeb80000, size: 16K}\n"
	"    ioapics:\n"
	"      - {id: 0, address: 0xfec00000}\n"
	"      - {id: 2, address: 0xfec01000, gsi-base: 24, "
	"source-id: \"f0:1f.0\"}\n"
	"root-cell:\n"
	"  name: \"root cell\"\n"
	"  flags: [passive-commreg, sandbox, virtual-console-permitted,"
	" virtual-console-active]\n"
	"  security-version: 7\n"
	"  cpu-reset-address: 0xfffff000\n"
	"  msg-reply-timeout: 100\n"
	"  console: {type: uart-pio, address: 0x3f8, size: 8, divider: 12}\n"
	"  cpus: [0-2, 5, 70]\n"
	"  cpu-set-size: 24\n"
	"  memory:\n"
	"    - {size: 0xa0000, flags: [read, write, execute, dma, "
	"no-hugepages]}\n"
	"    - {phys: 0xfe000000, virt: 0x1000, size: 1M, flags: [read, "
	"write, io, io-8, io-16, io-32, io-64]}\n"
	"    - {virt: 0x100000, size: 4K, flags: [read, write, "
	"comm-region]}\n"
	"    - {phys: 0x200000, size: 2M, flags: [read, write, loadable, "
	"rootshared]}\n"
	"  pio:\n"
	"    - {base: 0, length: 0x10000}\n"
	"  msr:\n"
	"    - {base: 0xc0000080, count: 5, access: [read, write]}\n"
	"    - {base: 0x10, access: [write]}\n"
	"  pci:\n"
	"    - {bdf: \"ff:1f.7\", domain: 3, type: bridge, class: 0x060400,"
	" iommu: 1, flags: [dma]}\n"
	"    - {bdf: \"00:00.0\"}\n"
	"  ioapic-pins:\n"
	"    - {ioapic: 2, pins: [0, 2-5, 127]}\n";

static void test_round_trip_every_field(void **state)
{
	const struct jailhouse_system *sys;
	struct config_blob blob;

	(void)state;
	build_ok(every_field, &blob);
	sys = (const void *)blob.data;
	assert_int_equal(sys->root_cell.cpu_set_size, 24);
	assert_int_equal(sys->platform.ioapics[1].gsi_base, 24);
	assert_int_equal(sys->platform.ioapics[1].source_id, 0xf0f8);
	assert_int_equal(jailhouse_cell_pci_devices(&sys->root_cell)->bdf,
			 0xffff);
	round_trip(&blob, "every-field");
	config_blob_free(&blob);
}

/* Put little-endian values into a blob being built by hand. */
static void put(__u8 *blob, size_t off, unsigned long long v, int bytes)
{
	while (bytes--) {
		blob[off++] = (__u8)v;
		v >>= 8;
	}
}

/*
 * A Jailhouse revision-14 cell, laid out from the documented offsets (not
 * from the importer's structs): header 132 bytes, CPU set, 2 memory
 * regions, an irqchip, a PIO range, a PCI device and one PCI capability.
 */
static size_t jh14_cell(__u8 *b, __u8 pci_type)
{
	memcpy(b, "JHCLL", 5);
	put(b, 6, 14, 2);
	strcpy((char *)b + 8, "inmate");
	put(b, 44, JAILHOUSE_CELL_PASSIVE_COMMREG, 4);
	put(b, 48, 8, 4);		/* cpu_set_size */
	put(b, 52, 2, 4);		/* memory regions */
	put(b, 60, 1, 4);		/* irqchips */
	put(b, 64, 1, 4);		/* pio */
	put(b, 68, 1, 4);		/* pci devices */
	put(b, 72, 1, 4);		/* pci caps */
	put(b, 92, 100, 8);		/* msg_reply_timeout */
	put(b, 100, 0x2f8, 8);		/* console: 8250, PIO */
	put(b, 108, 8, 4);
	put(b, 112, 2, 2);
	put(b, 116, 1, 4);
	b[132] = 0x04;			/* CPU 2 */
	put(b, 140, 0x3c000000, 8);
	put(b, 156, 0x100000, 8);
	put(b, 164, 0x47, 8);
	put(b, 180, 0x100000, 8);
	put(b, 188, 0x1000, 8);
	put(b, 196, 0x23, 8);
	put(b, 204, 0xfec00000, 8);	/* irqchip */
	put(b, 212, 0x1ff, 4);
	put(b, 220, 1 << 4, 4);
	put(b, 236, 0x2f8, 2);		/* pio */
	put(b, 238, 8, 2);
	b[240] = pci_type;		/* pci device */
	put(b, 244, 0x10, 2);
	return 304;
}

static void import_ok(__u8 *jh, size_t size, struct config_blob *out)
{
	struct config_blob in = { .data = jh, .size = size };
	char error[CONFIG_ERROR_LEN];

	if (config_import("jh.cell", &in, out, NULL, error))
		fail_msg("%s", error);
}

static void test_import_cell(void **state)
{
	const struct jailhouse_cell_desc *c;
	const struct jailhouse_memory *mem;
	const struct jailhouse_pci_device *dev;
	struct config_blob out;
	__u8 jh[512] = { 0 };

	(void)state;
	import_ok(jh, jh14_cell(jh, JAILHOUSE_PCI_TYPE_DEVICE), &out);
	c = (const void *)out.data;
	assert_string_equal(c->name, "inmate");
	assert_int_equal(c->flags, JAILHOUSE_CELL_PASSIVE_COMMREG);
	assert_int_equal(c->msg_reply_timeout, 100);
	assert_int_equal(c->console.type, JAILHOUSE_CON_TYPE_UART_PIO);
	assert_int_equal(c->console.divider, 1);
	assert_true(jailhouse_cell_has_cpu(c, 2));
	assert_int_equal(c->num_msr_ranges, 0);
	mem = jailhouse_cell_mem_regions(c);
	assert_int_equal(mem[0].phys_start, 0x3c000000);
	assert_int_equal(mem[1].flags, 0x23);
	assert_int_equal(jailhouse_cell_pio(c)->base, 0x2f8);
	dev = jailhouse_cell_pci_devices(c);
	assert_int_equal(dev->bdf, 0x10);
	assert_int_equal(dev->iommu, 0);
	assert_int_equal(dev->flags, JAILHOUSE_PCI_FLAG_DMA);
	assert_int_equal(jailhouse_cell_irqchips(c)->pin_bitmap[0], 1 << 4);
	round_trip(&out, "imported");
	config_blob_free(&out);
}

static void test_import_system(void **state)
{
	const struct jailhouse_system *sys;
	struct config_blob out;
	__u8 jh[1024] = { 0 };
	size_t root;

	(void)state;
	memcpy(jh, "JHSYS", 5);
	put(jh, 6, 14, 2);
	put(jh, 12, 0x3b000000, 8);	/* hypervisor memory */
	put(jh, 28, 16 << 20, 8);
	put(jh, 44, 0x3f8, 8);		/* debug console */
	put(jh, 52, 8, 4);
	put(jh, 56, 2, 2);
	put(jh, 76, 0xb0000000, 8);	/* MMCONFIG */
	jh[84] = 0xff;
	put(jh, 88, 2, 4);		/* IOMMU 0: Intel */
	put(jh, 92, 0xfed90000, 8);
	put(jh, 100, 0x1000, 4);
	put(jh, 312, 0x608, 2);		/* pm timer */
	put(jh, 320, 2000000, 4);	/* tsc kHz */
	root = jh14_cell(jh + 356, JAILHOUSE_PCI_TYPE_DEVICE);
	memset(jh + 356, 0, 8);		/* root cells: no signature */
	import_ok(jh, 356 + root, &out);
	sys = (const void *)out.data;
	assert_int_equal(sys->hypervisor_memory.size, 16 << 20);
	assert_int_equal(sys->platform.pci_mmconfig_end_bus, 0xff);
	assert_int_equal(sys->platform.num_iommu_units, 1);
	assert_int_equal(sys->platform.iommu_units[0].type,
			 JAILHOUSE_IOMMU_INTEL);
	assert_int_equal(sys->platform.pm_timer_address, 0x608);
	assert_int_equal(sys->platform.tsc_khz, 2000000);
	assert_int_equal(sys->platform.num_ioapics, 1);
	assert_int_equal(sys->platform.ioapics[0].address, 0xfec00000);
	assert_true(sys->root_cell.num_msr_ranges > 10);
	round_trip(&out, "imported-system");
	config_blob_free(&out);
}

static void import_refused(__u8 *jh, size_t size, const char *reason)
{
	struct config_blob in = { .data = jh, .size = size }, out;
	char error[CONFIG_ERROR_LEN] = "";

	assert_int_equal(config_import("jh.cell", &in, &out, NULL, error),
			 -EINVAL);
	assert_null(out.data);
	if (!strstr(error, reason))
		fail_msg("'%s' lacks '%s'", error, reason);
}

static void test_import_refusals(void **state)
{
	__u8 jh[512] = { 0 };
	size_t size, len;

	(void)state;
	size = jh14_cell(jh, 3);
	import_refused(jh, size, "ivshmem peers");
	jh14_cell(jh, JAILHOUSE_PCI_TYPE_DEVICE);
	put(jh, 56, 1, 4);		/* a cache region the blob lacks */
	import_refused(jh, size, "counts do not match");
	put(jh, 56, 0, 4);
	put(jh, 6, 13, 2);
	import_refused(jh, size, "revision-14");
	put(jh, 6, 14, 2);
	put(jh, 52, 0xffffffff, 4);
	import_refused(jh, size, "more elements");
	put(jh, 52, 2, 4);
	for (len = 0; len < size; len++)
		import_refused(jh, len, "cannot import");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_error_unknown_key),
		cmocka_unit_test(test_error_bad_number),
		cmocka_unit_test(test_error_bad_flag),
		cmocka_unit_test(test_error_missing_key),
		cmocka_unit_test(test_error_yaml_syntax),
		cmocka_unit_test(test_error_wrong_shape),
		cmocka_unit_test(test_error_values),
		cmocka_unit_test(test_error_from_validator),
		cmocka_unit_test(test_round_trip_shipped),
		cmocka_unit_test(test_round_trip_every_field),
		cmocka_unit_test(test_import_cell),
		cmocka_unit_test(test_import_system),
		cmocka_unit_test(test_import_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
