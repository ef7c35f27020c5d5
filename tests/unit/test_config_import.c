// SPDX-License-Identifier: GPL-2.0
/*
 * `jh-config import` of configs shaped like every x86 config Jailhouse
 * ships (tests/unit/jh14-gen.c): each imports, names what it drops in one
 * warning line per kind, shows and builds back to the same bytes, and the
 * QEMU system passes `jh-config check` with each of its demo cells. The
 * ivshmem rules: linked endpoints share their regions, nothing else, and
 * only as their roles allow.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "config-util.h"
#include "jh14-gen.h"

#define QEMU		0	/* jh14_shapes[] index of the system */
#define IVSHMEM_DEMO	5
#define LINUX_DEMO	6
#define F2A88XM		9	/* the board with an AMD IOMMU */
#define MEM_FLAGS(g, n)	((g)->mem.data + 32 * (n) + 24)
#define MEM_SIZE(g, n)	((g)->mem.data + 32 * (n) + 16)
#define MEM_PHYS(g, n)	((g)->mem.data + 32 * (n))

static unsigned int count_lines(const char *text)
{
	unsigned int n = 0;

	while ((text = strchr(text, '\n'))) {
		text++;
		n++;
	}
	return n;
}

/* Import @g as @name; the warning lines in *warnings (malloc'ed). */
static int import(const struct jh14_gen *g, const char *name,
		  struct config_blob *out, char **warnings, char *error)
{
	static uint8_t jh[JH14_MAX_BLOB];
	struct config_blob in = { .data = jh };
	size_t len;
	FILE *w;
	int ret;

	in.size = jh14_finish(g, jh);
	w = open_memstream(warnings, &len);
	assert_non_null(w);
	ret = config_import(name, &in, out, w, error);
	fclose(w);
	return ret;
}

static void import_ok(const struct jh14_gen *g, const char *name,
		      struct config_blob *out)
{
	char error[CONFIG_ERROR_LEN] = "", *warnings;

	if (import(g, name, out, &warnings, error))
		fail_msg("%s: %s", name, error);
	free(warnings);
}

static void import_shape(unsigned int n, struct config_blob *out)
{
	struct jh14_gen g;

	jh14_shapes[n].build(&g);
	import_ok(&g, jh14_shapes[n].name, out);
}

static void test_every_shape_imports(void **state)
{
	const struct jh14_shape *s;
	char error[CONFIG_ERROR_LEN] = "", *warnings;
	struct config_blob out;
	struct jh14_gen g;
	unsigned int n, w;

	(void)state;
	for (n = 0; n < jh14_num_shapes; n++) {
		s = &jh14_shapes[n];
		s->build(&g);
		if (import(&g, s->name, &out, &warnings, error))
			fail_msg("%s: %s", s->name, error);
		for (w = 0; s->warnings[w]; w++)
			if (!strstr(warnings, s->warnings[w]))
				fail_msg("%s: no warning about %s:\n%s",
					 s->name, s->warnings[w], warnings);
		if (count_lines(warnings) != w)
			fail_msg("%s: expected %u warning lines:\n%s",
				 s->name, w, warnings);
		round_trip(&out, s->name);
		config_blob_free(&out);
		free(warnings);
	}
}

/* jh-config check of @blobs; the violations in *report (malloc'ed). */
static int check(const struct config_blob *blobs, unsigned int num,
		 char **report)
{
	const char *names[] = { "system", "a", "b", "c" };
	char error[CONFIG_ERROR_LEN] = "";
	size_t len;
	FILE *out;
	int ret;

	out = open_memstream(report, &len);
	assert_non_null(out);
	ret = config_check(out, names, blobs, num, error);
	fclose(out);
	return ret;
}

static void test_qemu_passes_check_with_each_cell(void **state)
{
	struct config_blob set[2];
	unsigned int n;
	char *report;

	(void)state;
	import_shape(QEMU, &set[0]);
	for (n = 0; n < jh14_num_shapes; n++) {
		if (jh14_shapes[n].system)
			continue;
		import_shape(n, &set[1]);
		if (check(set, 2, &report))
			fail_msg("qemu-x86 + %s:\n%s", jh14_shapes[n].name,
				 report);
		free(report);
		config_blob_free(&set[1]);
	}
	config_blob_free(&set[0]);
}

static void test_boards_pass_check(void **state)
{
	const struct jailhouse_system *sys;
	struct config_blob blob;
	unsigned int n;
	char *report;

	(void)state;
	for (n = 0; n < jh14_num_shapes; n++) {
		if (!jh14_shapes[n].system)
			continue;
		import_shape(n, &blob);
		if (check(&blob, 1, &report))
			fail_msg("%s:\n%s", jh14_shapes[n].name, report);
		free(report);
		sys = (const void *)blob.data;
		/* The irqchip id's low 16 bits: the IOAPIC's source id. */
		if (!strcmp(jh14_shapes[n].name, "qemu-x86"))
			assert_int_equal(sys->platform.ioapics[0].source_id,
					 0xff00);
		if (!strcmp(jh14_shapes[n].name, "f2a88xm-hd3")) {
			/* IOAPIC 1 at 0xfec01000 follows IOAPIC 0's pins. */
			assert_int_equal(sys->platform.num_ioapics, 2);
			assert_int_equal(sys->platform.ioapics[1].id, 1);
			assert_int_equal(sys->platform.ioapics[1].gsi_base,
					 24);
			assert_int_equal(sys->platform.iommu_units[0].type,
					 JAILHOUSE_IOMMU_AMD);
		}
		config_blob_free(&blob);
	}
}

/*
 * ivshmem-demo and linux-x86-demo share the demo device's regions with
 * each other and the root: no memory or PCI conflict; Jailhouse gives
 * both cells the same serial ports, which stays a conflict here.
 */
static void test_ivshmem_peers_share_only_their_regions(void **state)
{
	struct config_blob set[3];
	char *report;

	(void)state;
	import_shape(QEMU, &set[0]);
	import_shape(IVSHMEM_DEMO, &set[1]);
	import_shape(LINUX_DEMO, &set[2]);
	assert_int_equal(check(set, 3, &report), -EINVAL);
	assert_int_equal(count_lines(report), 2);
	assert_non_null(strstr(report, "I/O ports are claimed by two cells "
			       "(port 0x2f8)"));
	assert_non_null(strstr(report, "(port 0x3f8)"));
	free(report);
	config_blob_free(&set[0]);
	config_blob_free(&set[1]);
	config_blob_free(&set[2]);
}

/* qemu-x86 and @g (ivshmem-demo modified) break rule @text. */
static void expect_violation(struct jh14_gen *g, const char *text)
{
	struct config_blob set[2];
	char *report;

	import_shape(QEMU, &set[0]);
	import_ok(g, "modified", &set[1]);
	assert_int_equal(check(set, 2, &report), -EINVAL);
	if (!strstr(report, text))
		fail_msg("no '%s' in:\n%s", text, report);
	free(report);
	config_blob_free(&set[0]);
	config_blob_free(&set[1]);
}

static void test_ivshmem_rules(void **state)
{
	struct jh14_gen g;

	(void)state;
	/* Output section of peer 2 writable by peer 1. */
	jh14_shapes[IVSHMEM_DEMO].build(&g);
	*MEM_FLAGS(&g, 4) |= JH14_MEM_W;
	expect_violation(&g, "ivshmem region writable beyond its role");
	/* The state table written. */
	jh14_shapes[IVSHMEM_DEMO].build(&g);
	*MEM_FLAGS(&g, 0) |= JH14_MEM_W;
	expect_violation(&g, "ivshmem region writable beyond its role");
	/* Peer id 0 is the root cell's. */
	jh14_shapes[IVSHMEM_DEMO].build(&g);
	g.pci.data[52] = 0;
	expect_violation(&g, "ivshmem peer id is claimed by two cells");
	/* A read-write section elsewhere in memory than the root's. */
	jh14_shapes[IVSHMEM_DEMO].build(&g);
	*(MEM_PHYS(&g, 1) + 1) += 0x10;
	expect_violation(&g, "ivshmem peers disagree");
	/* An empty state table. */
	jh14_shapes[IVSHMEM_DEMO].build(&g);
	memset(g.mem.data, 0, 32);
	expect_violation(&g, "region has size zero");
}

/* The same regions without the device: two cells claim memory. */
static void test_shared_regions_need_the_device(void **state)
{
	struct config_blob set[3];
	struct jh14_gen g;
	char *report;

	(void)state;
	import_shape(QEMU, &set[0]);
	import_shape(LINUX_DEMO, &set[1]);
	jh14_shapes[IVSHMEM_DEMO].build(&g);
	g.pci.count = 0;
	g.pci.len = 0;
	import_ok(&g, "no-device", &set[2]);
	assert_int_equal(check(set, 3, &report), -EINVAL);
	assert_non_null(strstr(report, "memory is claimed by two cells"));
	free(report);
	config_blob_free(&set[0]);
	config_blob_free(&set[1]);
	config_blob_free(&set[2]);
}

static void test_imported_fields(void **state)
{
	const struct jailhouse_pci_device *dev;
	const struct jailhouse_cell_desc *c;
	struct config_blob out;

	(void)state;
	import_shape(1, &out);			/* tiny-demo */
	c = (const void *)out.data;
	assert_int_equal(c->console.size, 8);
	assert_int_equal(c->console.type, JAILHOUSE_CON_TYPE_UART_PIO);
	assert_int_equal(c->flags, JAILHOUSE_CELL_PASSIVE_COMMREG |
			 JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED);
	config_blob_free(&out);
	import_shape(LINUX_DEMO, &out);
	c = (const void *)out.data;
	dev = &jailhouse_cell_pci_devices(c)[1];
	assert_int_equal(dev->type, JAILHOUSE_PCI_TYPE_IVSHMEM);
	assert_int_equal(dev->class_code, JAILHOUSE_IVSHMEM_CLASS);
	assert_int_equal(dev->iommu, JAILHOUSE_PCI_NO_IOMMU);
	assert_int_equal(dev->flags, 0);
	assert_int_equal(dev->shmem_regions_start, 4);
	assert_int_equal(dev->shmem_dev_id, 2);
	assert_int_equal(dev->shmem_peers, 3);
	assert_int_equal(dev->shmem_vectors, 16);
	assert_int_equal(jailhouse_cell_pci_devices(c)[0].class_code,
			 JAILHOUSE_IVSHMEM_CLASS | 0x8002);
	config_blob_free(&out);
}

static void test_stream_ids_and_mmio_console(void **state)
{
	char error[CONFIG_ERROR_LEN] = "", *warnings;
	struct config_blob out;
	struct jh14_gen g;

	(void)state;
	jh14_shapes[2].build(&g);		/* apic-demo */
	jh14_stream_id(&g, 0x10);
	assert_int_equal(import(&g, "s", &out, &warnings, error), 0);
	assert_non_null(strstr(warnings, "stream IDs"));
	free(warnings);
	config_blob_free(&out);
	jh14_console(&g, 0xfe000000, 0, true);
	assert_int_equal(import(&g, "s", &out, &warnings, error), -EINVAL);
	assert_non_null(strstr(error, "MMIO console without a size"));
	assert_string_equal(warnings, "");	/* none for a refused file */
	free(warnings);
}

/* The AMD board with unit 0 at @base, @size bytes: refused, naming @why. */
static void expect_amd_refused(uint64_t base, uint32_t size, bool own_fn,
			       const char *why)
{
	char error[CONFIG_ERROR_LEN] = "", *warnings;
	struct config_blob out;
	struct jh14_gen g;

	jh14_shapes[F2A88XM].build(&g);
	jh14_iommu(&g, 0, 1, base, size, 0x02);
	if (own_fn)
		jh14_pci(&g, JH14_TYPE_DEVICE, 0x0002);
	assert_int_equal(import(&g, "amd", &out, &warnings, error), -EINVAL);
	if (!strstr(error, why))
		fail_msg("no '%s' in: %s", why, error);
	free(warnings);
}

/*
 * Jailhouse's AMD unit: base and size carried over; amd_bdf and
 * amd_features honoured (the unit's own function in no cell, the
 * registers its features imply all the hypervisor's), so neither is
 * dropped; what cannot be honoured is refused, naming the field.
 */
static void test_amd_unit(void **state)
{
	char error[CONFIG_ERROR_LEN] = "", *warnings;
	const struct jailhouse_system *sys;
	struct config_blob out;
	struct jh14_gen g;

	(void)state;
	jh14_shapes[F2A88XM].build(&g);
	assert_int_equal(import(&g, "amd", &out, &warnings, error), 0);
	sys = (const void *)out.data;
	assert_int_equal(sys->platform.iommu_units[0].type,
			 JAILHOUSE_IOMMU_AMD);
	assert_int_equal(sys->platform.iommu_units[0].base, 0xfeb80000);
	assert_int_equal(sys->platform.iommu_units[0].size, 0x80000);
	assert_non_null(strstr(warnings, "amd_base_cap and amd_msi_cap"));
	assert_null(strstr(warnings, "amd_bdf"));
	assert_null(strstr(warnings, "amd_features"));
	free(warnings);
	config_blob_free(&out);
	expect_amd_refused(0xfeb80000, 0x4000, false,
			   "IOMMU unit 0 amd_features 0x80048824: "
			   "performance counters");
	expect_amd_refused(0xfeb80000, 0x1000, false,
			   "IOMMU unit 0 size 0x1000: below the 16 KiB");
	expect_amd_refused(0xfeb81000, 0x80000, false,
			   "IOMMU unit 0 base 0xfeb81000: AMD-Vi registers "
			   "are 16 KiB-aligned");
	expect_amd_refused(0xfeb80000, 0x80000, true,
			   "IOMMU unit 0 amd_bdf 0x2: the unit's own PCI "
			   "function is a device of the root cell");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_shape_imports),
		cmocka_unit_test(test_qemu_passes_check_with_each_cell),
		cmocka_unit_test(test_boards_pass_check),
		cmocka_unit_test(test_ivshmem_peers_share_only_their_regions),
		cmocka_unit_test(test_ivshmem_rules),
		cmocka_unit_test(test_shared_regions_need_the_device),
		cmocka_unit_test(test_imported_fields),
		cmocka_unit_test(test_stream_ids_and_mmio_console),
		cmocka_unit_test(test_amd_unit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
