// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of jh-config create's ACPI parsers (tools/acpi.c): tables
 * built in memory, valid ones read right, and every kind of broken length,
 * checksum and structure refused with a message naming the table.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "acpi.h"
#include "config-tool.h"

/* A table under construction: header, then whatever is appended. */
struct tbl {
	uint8_t b[1024];
	size_t len;
};

static void put(struct tbl *t, size_t at, uint64_t v, unsigned int bytes)
{
	while (bytes--) {
		t->b[at++] = v & 0xff;
		v >>= 8;
	}
}

static void append(struct tbl *t, const uint8_t *bytes, size_t n)
{
	memcpy(t->b + t->len, bytes, n);
	t->len += n;
}

/* Header of @sig plus @extra zero bytes before the structures. */
static void start(struct tbl *t, const char *sig, size_t extra)
{
	memset(t, 0, sizeof(*t));
	memcpy(t->b, sig, 4);
	t->len = 36 + extra;
}

/* Length field and checksum for what was appended. */
static void finish(struct tbl *t)
{
	uint8_t sum = 0;
	size_t i;

	put(t, 4, t->len, 4);
	t->b[9] = 0;
	for (i = 0; i < t->len; i++)
		sum += t->b[i];
	t->b[9] = -sum;
}

static void madt_ioapic(struct tbl *t, uint8_t id, uint32_t addr,
			uint32_t gsi)
{
	uint8_t s[12] = { 1, 12, id };

	append(t, s, sizeof(s));
	put(t, t->len - 8, addr, 4);
	put(t, t->len - 4, gsi, 4);
}

static void test_madt_ioapics(void **state)
{
	static const uint8_t lapic[8] = { 0, 8, 0, 0, 1 };
	char error[CONFIG_ERROR_LEN];
	struct acpi_madt madt;
	struct tbl t;

	(void)state;
	start(&t, "APIC", 8);
	append(&t, lapic, sizeof(lapic));
	madt_ioapic(&t, 0, 0xfec00000, 0);
	madt_ioapic(&t, 2, 0xfec01000, 24);
	finish(&t);
	assert_int_equal(acpi_parse_madt(t.b, t.len, &madt, error), 0);
	assert_int_equal(madt.num_ioapics, 2);
	assert_int_equal(madt.ioapics[1].id, 2);
	assert_int_equal(madt.ioapics[1].address, 0xfec01000);
	assert_int_equal(madt.ioapics[1].gsi_base, 24);
}

static void refused(int ret, const char *error, const char *what)
{
	assert_int_equal(ret, -EINVAL);
	assert_non_null(strstr(error, what));
}

static void test_header_checks(void **state)
{
	char error[CONFIG_ERROR_LEN];
	struct acpi_madt madt;
	struct acpi_dmar dmar;
	struct tbl t;

	(void)state;
	start(&t, "APIC", 8);
	finish(&t);
	refused(acpi_parse_madt(t.b, 20, &madt, error), error,
		"APIC: 20 bytes, shorter than the 36-byte header");
	refused(acpi_parse_madt(t.b, t.len - 1, &madt, error), error,
		"APIC: length field 44 does not fit the 43 bytes");
	t.b[40] ^= 1;
	refused(acpi_parse_madt(t.b, t.len, &madt, error), error,
		"APIC: checksum off by 1");
	t.b[40] ^= 1;
	refused(acpi_parse_dmar(t.b, t.len, &dmar, error), error,
		"DMAR: signature is not DMAR");
	put(&t, 4, 20, 4);
	refused(acpi_parse_madt(t.b, t.len, &madt, error), error,
		"length field 20 does not fit");
}

/* Zero-length, cut-off and overlong structures; too many IOAPICs. */
static void test_madt_structures(void **state)
{
	static const uint8_t zero[2] = { 1, 0 }, cut[1] = { 1 };
	static const uint8_t longer[4] = { 0, 9, 0, 0 };
	char error[CONFIG_ERROR_LEN];
	struct acpi_madt madt;
	struct tbl t;
	int i;

	(void)state;
	start(&t, "APIC", 8);
	append(&t, zero, sizeof(zero));
	finish(&t);
	refused(acpi_parse_madt(t.b, t.len, &madt, error), error,
		"structure at offset 44: length 0 does not fit");
	start(&t, "APIC", 8);
	append(&t, cut, sizeof(cut));
	finish(&t);
	refused(acpi_parse_madt(t.b, t.len, &madt, error), error,
		"structure at offset 44 cut off by the end (45)");
	start(&t, "APIC", 8);
	append(&t, longer, sizeof(longer));
	finish(&t);
	refused(acpi_parse_madt(t.b, t.len, &madt, error), error,
		"length 9 does not fit the table");
	start(&t, "APIC", 8);
	for (i = 0; i < ACPI_MAX_IOAPICS + 1; i++)
		madt_ioapic(&t, i, 0xfec00000 + i * 0x1000, i * 24);
	finish(&t);
	refused(acpi_parse_madt(t.b, t.len, &madt, error), error,
		"more than 8 IOAPICs");
}

static void test_mcfg(void **state)
{
	char error[CONFIG_ERROR_LEN];
	struct acpi_mcfg mcfg;
	uint8_t entry[16] = { 0 };
	struct tbl t;

	(void)state;
	start(&t, "MCFG", 8);
	entry[8] = 1;		/* segment 1: ignored */
	append(&t, entry, sizeof(entry));
	entry[8] = 0;
	entry[11] = 0x7f;
	append(&t, entry, sizeof(entry));
	put(&t, t.len - 16, 0xe0000000, 8);
	finish(&t);
	assert_int_equal(acpi_parse_mcfg(t.b, t.len, &mcfg, error), 0);
	assert_true(mcfg.found);
	assert_int_equal(mcfg.base, 0xe0000000);
	assert_int_equal(mcfg.end_bus, 0x7f);
	t.b[t.len - 6] = 0x80;	/* start bus above the end bus */
	finish(&t);
	refused(acpi_parse_mcfg(t.b, t.len, &mcfg, error), error,
		"MCFG: buses 128 to 127");
	t.len -= 3;
	finish(&t);
	refused(acpi_parse_mcfg(t.b, t.len, &mcfg, error), error,
		"is not 44 plus 16 per entry");
}

/* A DRHD of @len bytes at the end of @t: flags, size, base. */
static void drhd(struct tbl *t, uint16_t len, uint8_t flags, uint8_t size,
		 uint64_t base)
{
	uint8_t s[16] = { 0, 0, 0, 0, flags, size };

	append(t, s, sizeof(s));
	put(t, t->len - 14, len, 2);
	put(t, t->len - 8, base, 8);
}

static void test_dmar(void **state)
{
	static const uint8_t endpoint[8] = { 1, 8, 0, 0, 0, 2, 3, 1 };
	static const uint8_t bridge[10] = { 2, 10, 0, 0, 0, 0, 1, 0, 0, 0 };
	static const uint8_t ioapic[8] = { 3, 8, 0, 0, 7, 0xf0, 0x1f, 0 };
	char error[CONFIG_ERROR_LEN];
	struct acpi_dmar dmar;
	struct tbl t;

	(void)state;
	start(&t, "DMAR", 12);
	drhd(&t, 16 + 8 + 10 + 8, 0, 2, 0xfed90000);
	append(&t, endpoint, sizeof(endpoint));
	append(&t, bridge, sizeof(bridge));
	append(&t, ioapic, sizeof(ioapic));
	drhd(&t, 16, 1, 0, 0xfed91000);
	finish(&t);
	assert_int_equal(acpi_parse_dmar(t.b, t.len, &dmar, error), 0);
	assert_int_equal(dmar.num_units, 2);
	assert_int_equal(dmar.units[0].base, 0xfed90000);
	assert_int_equal(dmar.units[0].size, 16384);
	assert_false(dmar.units[0].include_all);
	assert_int_equal(dmar.units[0].num_scopes, 3);
	assert_int_equal(dmar.units[0].scopes[0].start_bus, 2);
	assert_int_equal(dmar.units[0].scopes[0].path[0][0], 3);
	assert_int_equal(dmar.units[0].scopes[0].path[0][1], 1);
	assert_int_equal(dmar.units[0].scopes[1].type, ACPI_SCOPE_BRIDGE);
	assert_int_equal(dmar.units[0].scopes[1].path_len, 2);
	assert_int_equal(dmar.units[0].scopes[2].type, ACPI_SCOPE_IOAPIC);
	assert_int_equal(dmar.units[0].scopes[2].enum_id, 7);
	assert_int_equal(dmar.units[0].scopes[2].start_bus, 0xf0);
	assert_true(dmar.units[1].include_all);
	assert_int_equal(dmar.units[1].num_scopes, 0);
}

static void test_dmar_broken(void **state)
{
	static const uint8_t odd[7] = { 1, 7, 0, 0, 0, 0, 1 };
	uint8_t hops[6 + 2 * (ACPI_MAX_PATH + 1)] = { 1, sizeof(hops) };
	char error[CONFIG_ERROR_LEN];
	struct acpi_dmar dmar;
	struct tbl t;

	(void)state;
	start(&t, "DMAR", 12);
	drhd(&t, 16 + 7, 0, 0, 0xfed90000);
	append(&t, odd, sizeof(odd));
	finish(&t);
	refused(acpi_parse_dmar(t.b, t.len, &dmar, error), error,
		"DMAR: device scope of 7 bytes");
	start(&t, "DMAR", 12);
	drhd(&t, 16 + sizeof(hops), 0, 0, 0xfed90000);
	append(&t, hops, sizeof(hops));
	finish(&t);
	refused(acpi_parse_dmar(t.b, t.len, &dmar, error), error,
		"device scope path of 9 hops, more than 8");
	start(&t, "DMAR", 12);
	drhd(&t, 12, 0, 0, 0xfed90000);
	t.len -= 4;
	finish(&t);
	refused(acpi_parse_dmar(t.b, t.len, &dmar, error), error,
		"remapping unit of 12 bytes, less than 16");
	start(&t, "DMAR", 12);
	drhd(&t, 200, 0, 0, 0xfed90000);
	finish(&t);
	refused(acpi_parse_dmar(t.b, t.len, &dmar, error), error,
		"structure at offset 48: length 200 does not fit");
}

/* QEMU 7.2's amd-iommu IVRS (tests/vm/run --machine qemu-amdvi). */
static const uint8_t qemu_ivrs[112] = {
	0x49, 0x56, 0x52, 0x53, 0x70, 0x00, 0x00, 0x00, 0x01, 0xe7, 0x42,
	0x4f, 0x43, 0x48, 0x53, 0x20, 0x42, 0x58, 0x50, 0x43, 0x20, 0x20,
	0x20, 0x20, 0x01, 0x00, 0x00, 0x00, 0x42, 0x58, 0x50, 0x43, 0x01,
	0x00, 0x00, 0x00, 0x00, 0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00,
	/* IVHD 10h: unit 00:04.0, registers at 0xfed80000 */
	0x10, 0xd1, 0x40, 0x00, 0x20, 0x00, 0x40, 0x00, 0x00, 0x00, 0xd8,
	0xfe, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x44, 0x00,
	0x00, 0x00,
	/* select 00:00.0 ... 00:1f.3 */
	0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x00, 0x00, 0x02, 0x10, 0x00,
	0x00, 0x02, 0x18, 0x00, 0x00, 0x02, 0x20, 0x00, 0x00, 0x02, 0xf8,
	0x00, 0x00, 0x02, 0xfa, 0x00, 0x00, 0x02, 0xfb, 0x00, 0x00,
	/* special: IOAPIC 0, requester 00:14.0 */
	0x48, 0x00, 0x00, 0x00, 0x00, 0xa0, 0x00, 0x01,
};

static void test_ivrs_qemu(void **state)
{
	char error[CONFIG_ERROR_LEN];
	struct acpi_ivrs ivrs;

	(void)state;
	assert_int_equal(acpi_parse_ivrs(qemu_ivrs, sizeof(qemu_ivrs), &ivrs,
					 error), 0);
	assert_int_equal(ivrs.num_units, 1);
	assert_int_equal(ivrs.units[0].base, 0xfed80000);
	assert_int_equal(ivrs.units[0].bdf, 0x0020);
	assert_int_equal(ivrs.units[0].segment, 0);
	assert_true(ivrs.units[0].names_devices);
	assert_int_equal(ivrs.units[0].first_bus, 0);
	assert_int_equal(ivrs.units[0].last_bus, 0);
	assert_int_equal(ivrs.num_specials, 1);
	assert_int_equal(ivrs.specials[0].variety, ACPI_IVRS_IOAPIC);
	assert_int_equal(ivrs.specials[0].handle, 0);
	assert_int_equal(ivrs.specials[0].bdf, 0x00a0);
}

/* An IVHD block of @type, registers at @base, then @n entry bytes. */
static void ivhd(struct tbl *t, uint8_t type, uint64_t base,
		 const uint8_t *entries, size_t n)
{
	size_t hlen = type == 0x10 ? 24 : 40;
	uint8_t h[40] = { type };

	append(t, h, hlen);
	put(t, t->len - hlen + 2, hlen + n, 2);
	put(t, t->len - hlen + 8, base, 8);
	append(t, entries, n);
}

/*
 * Firmware describes one unit by a 10h and an 11h block: one unit, the
 * buses of both; ranges (plain, alias, extended), ACPI HID entries.
 */
static void test_ivrs_blocks(void **state)
{
	static const uint8_t legacy[] = {
		0x03, 0x00, 0x02, 0, 0x04, 0xff, 0x03, 0,	/* 02-03 */
		0x48, 0, 0, 0, 5, 0xf8, 0x00, 1,	/* IOAPIC 5 */
	};
	static const uint8_t efr[] = {
		0x47, 0x00, 0x10, 0, 0, 0, 0, 0, 0x04, 0x00, 0x12, 0,
		0xf0, 0x00, 0x00, 0, 'A', 'M', 'D', 'I', '0', '0', '4', '0',
		0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 'x', 'y',	/* HID, UID 2 */
		0x48, 0, 0, 0, 5, 0xf8, 0x00, 1,	/* the same */
	};
	char error[CONFIG_ERROR_LEN];
	struct acpi_ivrs ivrs;
	struct tbl t;

	(void)state;
	start(&t, "IVRS", 12);
	ivhd(&t, 0x10, 0xfd200000, legacy, sizeof(legacy));
	ivhd(&t, 0x11, 0xfd200000, efr, sizeof(efr));
	finish(&t);
	assert_int_equal(acpi_parse_ivrs(t.b, t.len, &ivrs, error), 0);
	assert_int_equal(ivrs.num_units, 1);
	assert_int_equal(ivrs.units[0].first_bus, 2);
	assert_int_equal(ivrs.units[0].last_bus, 0x12);
	assert_int_equal(ivrs.num_specials, 1);
	assert_int_equal(ivrs.specials[0].handle, 5);
	assert_int_equal(ivrs.specials[0].bdf, 0x00f8);
}

static void test_ivrs_broken(void **state)
{
	static const uint8_t cut[] = { 0x48, 0, 0, 0, 5, 0xf8 };
	static const uint8_t lone_end[] = { 0x04, 0x00, 0x02, 0 };
	static const uint8_t unknown[] = { 0x90, 0, 0, 0 };
	char error[CONFIG_ERROR_LEN];
	struct acpi_ivrs ivrs;
	struct tbl t;

	(void)state;
	start(&t, "IVRS", 12);
	ivhd(&t, 0x10, 0xfed80000, cut, sizeof(cut));
	finish(&t);
	refused(acpi_parse_ivrs(t.b, t.len, &ivrs, error), error,
		"IVRS: device entry at offset 72 (type 0x48) does not fit");
	start(&t, "IVRS", 12);
	ivhd(&t, 0x10, 0xfed80000, lone_end, sizeof(lone_end));
	finish(&t);
	refused(acpi_parse_ivrs(t.b, t.len, &ivrs, error), error,
		"device range end at offset 72 without a start");
	start(&t, "IVRS", 12);
	ivhd(&t, 0x40, 0xfed80000, unknown, sizeof(unknown));
	finish(&t);
	refused(acpi_parse_ivrs(t.b, t.len, &ivrs, error), error,
		"(type 0x90) does not fit");
	start(&t, "IVRS", 12);
	ivhd(&t, 0x11, 0xfed80000, cut, 0);
	put(&t, 50, 24, 2);
	finish(&t);
	refused(acpi_parse_ivrs(t.b, t.len, &ivrs, error), error,
		"IVHD type 0x11 of 24 bytes, less than 40");
	start(&t, "IVRS", 12);
	ivhd(&t, 0x10, 0xfed80000, cut, 0);
	put(&t, 50, 200, 2);
	finish(&t);
	refused(acpi_parse_ivrs(t.b, t.len, &ivrs, error), error,
		"IVRS: block at offset 48 does not fit the table");
}

static void test_fadt(void **state)
{
	char error[CONFIG_ERROR_LEN];
	struct acpi_fadt fadt;
	struct tbl t;

	(void)state;
	start(&t, "FACP", 220 - 36);
	put(&t, 76, 0x608, 4);
	put(&t, 112, 1 << 8, 4);
	finish(&t);
	assert_int_equal(acpi_parse_fadt(t.b, t.len, &fadt, error), 0);
	assert_int_equal(fadt.pm_timer, 0x608);
	assert_true(fadt.timer_32bit);
	t.b[208] = 1;			/* X_PM_TMR_BLK: system I/O */
	put(&t, 212, 0xb008, 8);
	finish(&t);
	assert_int_equal(acpi_parse_fadt(t.b, t.len, &fadt, error), 0);
	assert_int_equal(fadt.pm_timer, 0xb008);
	t.b[208] = 0;			/* MMIO: not a port, ignored */
	finish(&t);
	assert_int_equal(acpi_parse_fadt(t.b, t.len, &fadt, error), 0);
	assert_int_equal(fadt.pm_timer, 0x608);
	put(&t, 76, 0x10000, 4);
	finish(&t);
	refused(acpi_parse_fadt(t.b, t.len, &fadt, error), error,
		"PM timer port 0x10000 beyond 0xffff");
	t.len = 60;
	finish(&t);
	refused(acpi_parse_fadt(t.b, t.len, &fadt, error), error,
		"60 bytes, too short for PM_TMR_BLK");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_madt_ioapics),
		cmocka_unit_test(test_header_checks),
		cmocka_unit_test(test_madt_structures),
		cmocka_unit_test(test_mcfg),
		cmocka_unit_test(test_dmar),
		cmocka_unit_test(test_dmar_broken),
		cmocka_unit_test(test_ivrs_qemu),
		cmocka_unit_test(test_ivrs_blocks),
		cmocka_unit_test(test_ivrs_broken),
		cmocka_unit_test(test_fadt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
