// SPDX-License-Identifier: GPL-2.0
/*
 * ACPI table parsers for jh-config create (acpi.h). Fields are read byte
 * by byte (little endian, no casts to packed structures), and nothing is
 * read before the bounds that cover it are checked. Layouts from the ACPI
 * specification (MADT, MCFG via the PCI Firmware specification, FADT),
 * Intel's VT-d specification (DMAR) and AMD's IOMMU specification (IVRS).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "acpi.h"
#include "config-tool.h"

#define HEADER_LEN	36
#define MADT_ENTRIES	44	/* header, local APIC address, flags */
#define MCFG_ENTRIES	44	/* header, 8 reserved bytes */
#define MCFG_ENTRY_LEN	16
#define DMAR_ENTRIES	48	/* header, width, flags, 10 reserved */
#define DRHD_SCOPES	16
#define SCOPE_PATH	6
#define DMAR_INCLUDE_ALL	0x1
#define IVRS_BLOCKS	48	/* header, IVinfo, 8 reserved */
#define IVHD_LEGACY	0x10	/* a 24-byte header; types 11h, 40h: 40 */
#define IVHD_HEADER	24
#define IVHD_HEADER_EFR	40
#define IVDE_ALL	0x01
#define IVDE_SELECT	0x02
#define IVDE_RANGE	0x03	/* its start */
#define IVDE_RANGE_END	0x04
#define IVDE_ALIAS	0x42
#define IVDE_ALIAS_RANGE	0x43
#define IVDE_EXT	0x46
#define IVDE_EXT_RANGE	0x47
#define IVDE_SPECIAL	0x48
#define IVDE_ACPI_HID	0xf0
#define IVDE_HID_FIXED	22	/* then a UID of the length in byte 21 */
#define NO_RANGE	0x10000
#define FADT_PM_TMR_BLK	76
#define FADT_FLAGS	112
#define FADT_TMR_VAL_EXT	(1u << 8)
#define FADT_X_PM_TMR	208	/* a generic address, 12 bytes */
#define GAS_SYSTEM_IO	1

/* One table being walked: its bytes up to its own length field. */
struct table {
	const uint8_t *buf;
	size_t len;
	const char *sig;
	char *error;
};

static uint64_t get_le(const uint8_t *p, unsigned int bytes)
{
	uint64_t v = 0;

	while (bytes--)
		v = v << 8 | p[bytes];
	return v;
}

static int __attribute__((format(printf, 2, 3)))
bad(const struct table *t, const char *fmt, ...)
{
	int n = snprintf(t->error, CONFIG_ERROR_LEN, "%s: ", t->sig);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->error + n, CONFIG_ERROR_LEN - n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* The common header: signature, a length within @len, the checksum. */
static int open_table(struct table *t, const uint8_t *buf, size_t len,
		      const char *sig, char *error)
{
	uint8_t sum = 0;
	size_t i;

	*t = (struct table){ buf, len, sig, error };
	if (len < HEADER_LEN)
		return bad(t, "%zu bytes, shorter than the %d-byte header",
			   len, HEADER_LEN);
	if (memcmp(buf, sig, 4) != 0)
		return bad(t, "signature is not %s", sig);
	t->len = get_le(buf + 4, 4);
	if (t->len < HEADER_LEN || t->len > len)
		return bad(t, "length field %zu does not fit the %zu bytes "
			   "read", t->len, len);
	for (i = 0; i < t->len; i++)
		sum += buf[i];
	if (sum)
		return bad(t, "checksum off by %u (of %zu bytes)", sum,
			   t->len);
	return 0;
}

/*
 * The structure at *@pos: type and length fields of @field bytes each;
 * the length covers at least the two fields and stays within the table.
 * Advances *@pos past it; the caller checks the length its type needs.
 */
static int next_struct(const struct table *t, size_t *pos,
		       unsigned int field, unsigned int *type, size_t *len)
{
	if (t->len - *pos < 2 * field)
		return bad(t, "structure at offset %zu cut off by the end "
			   "(%zu)", *pos, t->len);
	*type = get_le(t->buf + *pos, field);
	*len = get_le(t->buf + *pos + field, field);
	if (*len < 2 * field || *len > t->len - *pos)
		return bad(t, "structure at offset %zu: length %zu does not "
			   "fit the table", *pos, *len);
	*pos += *len;
	return 0;
}

static int madt_ioapic(const struct table *t, const uint8_t *s, size_t len,
		       struct acpi_madt *madt)
{
	struct acpi_ioapic *io;

	if (len < 12)
		return bad(t, "IOAPIC structure of %zu bytes, not 12", len);
	if (madt->num_ioapics == ACPI_MAX_IOAPICS)
		return bad(t, "more than %d IOAPICs", ACPI_MAX_IOAPICS);
	io = &madt->ioapics[madt->num_ioapics++];
	io->id = s[2];
	io->address = get_le(s + 4, 4);
	io->gsi_base = get_le(s + 8, 4);
	return 0;
}

int acpi_parse_madt(const uint8_t *buf, size_t len, struct acpi_madt *madt,
		    char *error)
{
	size_t pos = MADT_ENTRIES, slen;
	unsigned int type;
	struct table t;
	int err;

	memset(madt, 0, sizeof(*madt));
	err = open_table(&t, buf, len, "APIC", error);
	if (!err && t.len < MADT_ENTRIES)
		err = bad(&t, "%zu bytes, shorter than %d", t.len,
			  MADT_ENTRIES);
	while (!err && pos < t.len) {
		err = next_struct(&t, &pos, 1, &type, &slen);
		if (!err && type == 1)
			err = madt_ioapic(&t, buf + pos - slen, slen, madt);
	}
	return err;
}

int acpi_parse_mcfg(const uint8_t *buf, size_t len, struct acpi_mcfg *mcfg,
		    char *error)
{
	const uint8_t *e;
	struct table t;
	size_t pos;
	int err;

	memset(mcfg, 0, sizeof(*mcfg));
	err = open_table(&t, buf, len, "MCFG", error);
	if (err)
		return err;
	if (t.len < MCFG_ENTRIES || (t.len - MCFG_ENTRIES) % MCFG_ENTRY_LEN)
		return bad(&t, "length %zu is not %d plus 16 per entry",
			   t.len, MCFG_ENTRIES);
	for (pos = MCFG_ENTRIES; pos < t.len; pos += MCFG_ENTRY_LEN) {
		e = buf + pos;
		if (get_le(e + 8, 2) != 0 || mcfg->found)
			continue;
		mcfg->found = true;
		mcfg->base = get_le(e, 8);
		mcfg->start_bus = e[10];
		mcfg->end_bus = e[11];
		if (mcfg->end_bus < mcfg->start_bus)
			return bad(&t, "buses %u to %u", mcfg->start_bus,
				   mcfg->end_bus);
	}
	return 0;
}

static int dmar_scope(const struct table *t, const uint8_t *s, size_t len,
		      struct acpi_drhd *unit)
{
	struct acpi_scope *scope;
	size_t hops = (len - SCOPE_PATH) / 2, i;

	if (len < SCOPE_PATH || (len - SCOPE_PATH) % 2)
		return bad(t, "device scope of %zu bytes (6 plus 2 per "
			   "hop)", len);
	if (hops > ACPI_MAX_PATH)
		return bad(t, "device scope path of %zu hops, more than %d",
			   hops, ACPI_MAX_PATH);
	if (unit->num_scopes == ACPI_MAX_SCOPES)
		return bad(t, "more than %d device scopes in one unit",
			   ACPI_MAX_SCOPES);
	scope = &unit->scopes[unit->num_scopes++];
	scope->type = s[0];
	scope->enum_id = s[4];
	scope->start_bus = s[5];
	scope->path_len = hops;
	for (i = 0; i < hops; i++) {
		scope->path[i][0] = s[SCOPE_PATH + 2 * i];
		scope->path[i][1] = s[SCOPE_PATH + 2 * i + 1];
	}
	return 0;
}

static int dmar_drhd(const struct table *t, size_t start, size_t len,
		     struct acpi_dmar *dmar)
{
	const uint8_t *s = t->buf + start;
	struct acpi_drhd *unit;
	size_t pos = DRHD_SCOPES, slen;
	unsigned int type;
	struct table sub = *t;
	int err = 0;

	if (len < DRHD_SCOPES)
		return bad(t, "remapping unit of %zu bytes, less than %d",
			   len, DRHD_SCOPES);
	if (dmar->num_units == ACPI_MAX_UNITS)
		return bad(t, "more than %d remapping units",
			   ACPI_MAX_UNITS);
	unit = &dmar->units[dmar->num_units++];
	unit->include_all = s[4] & DMAR_INCLUDE_ALL;
	unit->size = 4096u << (s[5] & 0xf);
	unit->segment = get_le(s + 6, 2);
	unit->base = get_le(s + 8, 8);
	/* The scopes are walked as a table of their own: the unit's bytes. */
	sub.buf = s;
	sub.len = len;
	while (!err && pos < len) {
		err = next_struct(&sub, &pos, 1, &type, &slen);
		if (!err)
			err = dmar_scope(&sub, s + pos - slen, slen, unit);
	}
	return err;
}

int acpi_parse_dmar(const uint8_t *buf, size_t len, struct acpi_dmar *dmar,
		    char *error)
{
	size_t pos = DMAR_ENTRIES, slen;
	unsigned int type;
	struct table t;
	int err;

	memset(dmar, 0, sizeof(*dmar));
	err = open_table(&t, buf, len, "DMAR", error);
	if (!err && t.len < DMAR_ENTRIES)
		err = bad(&t, "%zu bytes, shorter than %d", t.len,
			  DMAR_ENTRIES);
	while (!err && pos < t.len) {
		err = next_struct(&t, &pos, 2, &type, &slen);
		if (!err && type == 0)
			err = dmar_drhd(&t, pos - slen, slen, dmar);
	}
	return err;
}

/* Bytes of the IVHD device entry at @e, @left bytes before the end; 0: bad. */
static size_t ivhd_entry_len(const uint8_t *e, size_t left)
{
	if (left < 4)
		return 0;
	if (e[0] < 0x40)
		return 4;
	if (e[0] < 0x80)
		return 8;
	if (e[0] == IVDE_ACPI_HID && left >= IVDE_HID_FIXED)
		return IVDE_HID_FIXED + e[21];
	return 0;
}

static void cover_buses(struct acpi_ivhd *u, unsigned int first,
			unsigned int last)
{
	if (!u->names_devices || first < u->first_bus)
		u->first_bus = first;
	if (!u->names_devices || last > u->last_bus)
		u->last_bus = last;
	u->names_devices = true;
}

static int ivhd_special(const struct table *t, const uint8_t *e,
			struct acpi_ivrs *ivrs)
{
	struct acpi_ivrs_special sp = {
		.variety = e[7], .handle = e[4], .bdf = get_le(e + 5, 2),
	};
	unsigned int n;

	for (n = 0; n < ivrs->num_specials; n++)
		if (!memcmp(&ivrs->specials[n], &sp, sizeof(sp)))
			return 0;
	if (ivrs->num_specials == ACPI_MAX_SPECIALS)
		return bad(t, "more than %d special devices",
			   ACPI_MAX_SPECIALS);
	ivrs->specials[ivrs->num_specials++] = sp;
	return 0;
}

/* A range entry's end at @e: the buses from the start's to its own. */
static int ivhd_range_end(const struct table *t, size_t pos,
			  unsigned int *start, struct acpi_ivhd *u)
{
	unsigned int end = get_le(t->buf + pos + 1, 2);

	if (*start == NO_RANGE || end < *start)
		return bad(t, "device range end at offset %zu without a "
			   "start before it", pos);
	cover_buses(u, *start >> 8, end >> 8);
	*start = NO_RANGE;
	return 0;
}

/* The device entries of a unit, [pos, end): buses, special devices. */
static int ivhd_entries(const struct table *t, size_t pos, size_t end,
			struct acpi_ivhd *u, struct acpi_ivrs *ivrs)
{
	unsigned int start = NO_RANGE;
	const uint8_t *e;
	size_t elen;
	int err = 0;

	for (; !err && pos < end; pos += elen) {
		e = t->buf + pos;
		elen = ivhd_entry_len(e, end - pos);
		if (!elen || elen > end - pos)
			return bad(t, "device entry at offset %zu (type "
				   "0x%x) does not fit its IVHD", pos, e[0]);
		switch (e[0]) {
		case IVDE_ALL:
			cover_buses(u, 0, 0xff);
			break;
		case IVDE_SELECT:
		case IVDE_ALIAS:
		case IVDE_EXT:
			cover_buses(u, e[2], e[2]);
			break;
		case IVDE_RANGE:
		case IVDE_ALIAS_RANGE:
		case IVDE_EXT_RANGE:
			start = get_le(e + 1, 2);
			break;
		case IVDE_RANGE_END:
			err = ivhd_range_end(t, pos, &start, u);
			break;
		case IVDE_SPECIAL:
			err = ivhd_special(t, e, ivrs);
			break;
		}
	}
	return err;
}

/* An IVHD block; one that repeats a unit (same registers) adds to it. */
static int ivrs_ivhd(const struct table *t, size_t pos, size_t len,
		     struct acpi_ivrs *ivrs)
{
	const uint8_t *b = t->buf + pos;
	size_t hlen = b[0] == IVHD_LEGACY ? IVHD_HEADER : IVHD_HEADER_EFR;
	struct acpi_ivhd one = { 0 }, *u;
	unsigned int n;
	int err;

	if (len < hlen)
		return bad(t, "IVHD type 0x%x of %zu bytes, less than %zu",
			   b[0], len, hlen);
	one.bdf = get_le(b + 4, 2);
	one.base = get_le(b + 8, 8);
	one.segment = get_le(b + 16, 2);
	err = ivhd_entries(t, pos + hlen, pos + len, &one, ivrs);
	for (n = 0; n < ivrs->num_units && !err; n++) {
		u = &ivrs->units[n];
		if (u->base != one.base || u->segment != one.segment)
			continue;
		if (one.names_devices)
			cover_buses(u, one.first_bus, one.last_bus);
		return 0;
	}
	if (!err && ivrs->num_units == ACPI_MAX_UNITS)
		return bad(t, "more than %d IOMMU units", ACPI_MAX_UNITS);
	if (!err)
		ivrs->units[ivrs->num_units++] = one;
	return err;
}

int acpi_parse_ivrs(const uint8_t *buf, size_t len, struct acpi_ivrs *ivrs,
		    char *error)
{
	size_t pos = IVRS_BLOCKS, blen;
	struct table t;
	int err;

	memset(ivrs, 0, sizeof(*ivrs));
	err = open_table(&t, buf, len, "IVRS", error);
	if (!err && t.len < IVRS_BLOCKS)
		err = bad(&t, "%zu bytes, shorter than %d", t.len,
			  IVRS_BLOCKS);
	for (; !err && pos < t.len; pos += blen) {
		blen = t.len - pos < 4 ? 0 : get_le(buf + pos + 2, 2);
		if (blen < 4 || blen > t.len - pos)
			return bad(&t, "block at offset %zu does not fit the "
				   "table", pos);
		if (buf[pos] == IVHD_LEGACY || buf[pos] == 0x11 ||
		    buf[pos] == 0x40)
			err = ivrs_ivhd(&t, pos, blen, ivrs);
	}
	return err;
}

int acpi_parse_fadt(const uint8_t *buf, size_t len, struct acpi_fadt *fadt,
		    char *error)
{
	const uint8_t *gas = buf + FADT_X_PM_TMR;
	struct table t;
	int err;

	memset(fadt, 0, sizeof(*fadt));
	err = open_table(&t, buf, len, "FACP", error);
	if (err)
		return err;
	if (t.len < FADT_PM_TMR_BLK + 4)
		return bad(&t, "%zu bytes, too short for PM_TMR_BLK (%d)",
			   t.len, FADT_PM_TMR_BLK + 4);
	fadt->pm_timer = get_le(buf + FADT_PM_TMR_BLK, 4);
	if (t.len >= FADT_FLAGS + 4)
		fadt->timer_32bit = get_le(buf + FADT_FLAGS, 4) &
				    FADT_TMR_VAL_EXT;
	/* ACPI 2.0's X_PM_TMR_BLK wins when it is a port (not MMIO). */
	if (t.len >= FADT_X_PM_TMR + 12 && gas[0] == GAS_SYSTEM_IO &&
	    get_le(gas + 4, 8) && get_le(gas + 4, 8) < 0x10000)
		fadt->pm_timer = get_le(gas + 4, 8);
	if (fadt->pm_timer >= 0x10000)
		return bad(&t, "PM timer port 0x%x beyond 0xffff",
			   fadt->pm_timer);
	return 0;
}
