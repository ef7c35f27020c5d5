/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The few ACPI tables `jh-config create` reads from
 * /sys/firmware/acpi/tables: MADT (IOAPICs), MCFG (MMCONFIG), DMAR (VT-d
 * units and their device scopes), IVRS (AMD-Vi units, the buses of their
 * device entries, IOAPIC requester ids) and FADT (PM timer). The bytes are
 * untrusted: every length is checked against the table and the table's
 * against the buffer, the checksum must hold, and a malformed table is an
 * error naming the table, the structure and the reason (tests/fuzz
 * fuzz_acpi, tests/unit test_acpi).
 */
#ifndef _JAILHOUSE_TOOLS_ACPI_H
#define _JAILHOUSE_TOOLS_ACPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ACPI_MAX_IOAPICS	8	/* as many as a config holds */
#define ACPI_MAX_UNITS		8
#define ACPI_MAX_SCOPES		64	/* per remapping unit */
#define ACPI_MAX_PATH		8	/* (device, function) hops */

struct acpi_ioapic {
	uint8_t id;
	uint32_t address;
	uint32_t gsi_base;
};

struct acpi_madt {
	unsigned int num_ioapics;
	struct acpi_ioapic ioapics[ACPI_MAX_IOAPICS];
};

/* MCFG's entry for PCI segment 0, if any. */
struct acpi_mcfg {
	bool found;
	uint64_t base;		/* ECAM address of bus 0 */
	uint8_t start_bus, end_bus;
};

#define ACPI_SCOPE_ENDPOINT	1
#define ACPI_SCOPE_BRIDGE	2
#define ACPI_SCOPE_IOAPIC	3
#define ACPI_SCOPE_HPET		4

/* A device scope: the device reached from @start_bus by the path. */
struct acpi_scope {
	uint8_t type;		/* ACPI_SCOPE_* or other */
	uint8_t enum_id;	/* IOAPIC: its APIC id; HPET: its number */
	uint8_t start_bus;
	uint8_t path_len;	/* hops */
	uint8_t path[ACPI_MAX_PATH][2];	/* device, function */
};

/* A DMA remapping hardware unit (DRHD). */
struct acpi_drhd {
	bool include_all;	/* the segment's devices in no scope */
	uint16_t segment;
	uint64_t base;
	uint32_t size;		/* bytes: 2^Size pages */
	unsigned int num_scopes;
	struct acpi_scope scopes[ACPI_MAX_SCOPES];
};

struct acpi_dmar {
	unsigned int num_units;
	struct acpi_drhd units[ACPI_MAX_UNITS];
};

/*
 * An AMD IOMMU of the IVRS (an IVHD block of type 10h, 11h or 40h; a unit
 * described by several blocks is one): its registers, its own requester
 * id, and the buses its device entries name.
 */
struct acpi_ivhd {
	uint16_t bdf;
	uint16_t segment;
	uint64_t base;
	bool names_devices;
	uint8_t first_bus, last_bus;	/* of the devices it names */
};

/* An IVHD special device entry: an IOAPIC (1) or HPET (2) and its id. */
#define ACPI_IVRS_IOAPIC	1
struct acpi_ivrs_special {
	uint8_t variety;
	uint8_t handle;		/* IOAPIC: its APIC id */
	uint16_t bdf;		/* requester id of its messages */
};

#define ACPI_MAX_SPECIALS	16

struct acpi_ivrs {
	unsigned int num_units;
	struct acpi_ivhd units[ACPI_MAX_UNITS];
	unsigned int num_specials;
	struct acpi_ivrs_special specials[ACPI_MAX_SPECIALS];
};

struct acpi_fadt {
	uint32_t pm_timer;	/* I/O port, 0 if none */
	bool timer_32bit;	/* TMR_VAL_EXT */
};

/*
 * Each parser takes a whole table file (@len bytes) and fills its result,
 * or returns -EINVAL with "SIG: reason" in @error (CONFIG_ERROR_LEN).
 */
int acpi_parse_madt(const uint8_t *buf, size_t len, struct acpi_madt *madt,
		    char *error);
int acpi_parse_mcfg(const uint8_t *buf, size_t len, struct acpi_mcfg *mcfg,
		    char *error);
int acpi_parse_dmar(const uint8_t *buf, size_t len, struct acpi_dmar *dmar,
		    char *error);
int acpi_parse_ivrs(const uint8_t *buf, size_t len, struct acpi_ivrs *ivrs,
		    char *error);
int acpi_parse_fadt(const uint8_t *buf, size_t len, struct acpi_fadt *fadt,
		    char *error);

#endif /* !_JAILHOUSE_TOOLS_ACPI_H */
