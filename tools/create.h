/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jh-config create: a system config for the machine it runs on, read from
 * a root directory (/ or a captured copy, tests/sysroot/): /proc/iomem,
 * /proc/ioports, /proc/interrupts, /proc/cmdline, /sys/devices/system/cpu, /sys/bus/pci,
 * /sys/firmware/memmap and the ACPI tables (acpi.h). create-sysfs.c reads
 * the files, create-regions.c lays out memory and port ranges,
 * config-create.c decides and writes the text (docs/config-format.md,
 * "jh-config create").
 */
#ifndef _JAILHOUSE_TOOLS_CREATE_H
#define _JAILHOUSE_TOOLS_CREATE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "acpi.h"

#define CREATE_NAME_LEN		64
#define CREATE_WHAT_LEN		200
#define CREATE_BARS		6

/* One line of /proc/iomem or /proc/ioports, or of /sys/firmware/memmap. */
struct create_entry {
	uint64_t start, end;		/* end exclusive */
	unsigned int depth;		/* indentation level */
	char name[CREATE_NAME_LEN];
};

struct create_entries {
	struct create_entry *e;
	unsigned int num;
};

/* A PCI device of segment 0, from its sysfs directory. */
struct create_pci {
	uint8_t bus, dev, fn;
	uint32_t class;
	uint16_t vendor, device;
	uint64_t bar_start[CREATE_BARS], bar_end[CREATE_BARS];
	uint64_t bar_flags[CREATE_BARS];	/* IORESOURCE_* */
	uint8_t config[64];			/* header; 0 if unreadable */
};

struct create_pcis {
	struct create_pci *d;
	unsigned int num;
	unsigned int other_domains;		/* devices skipped */
};

#define IORESOURCE_IO		0x100
#define IORESOURCE_MEM		0x200

/* A range of the root cell: memory regions, or ports (flags unused). */
struct create_region {
	uint64_t start, end;			/* end exclusive */
	uint64_t flags;
	char what[CREATE_WHAT_LEN];
};

struct create_regions {
	struct create_region *r;
	unsigned int num;
};

/*
 * Readers (create-sysfs.c): @rel is a path under @root. Each returns 0 or
 * a negative errno with a message in @error (CONFIG_ERROR_LEN).
 */
int create_read_text(const char *root, const char *rel, char **text,
		     char *error);
int create_read_blob(const char *root, const char *rel, uint8_t **data,
		     size_t *len, char *error);
/* /proc/iomem or /proc/ioports. */
int create_read_tree(const char *root, const char *rel,
		     struct create_entries *out, char *error);
/* /sys/firmware/memmap (empty if absent). */
int create_read_memmap(const char *root, struct create_entries *out,
		       char *error);
int create_read_pci(const char *root, struct create_pcis *out, char *error);

/* An IOAPIC interrupt of /proc/interrupts that a driver requested. */
struct create_irq {
	unsigned int irq;		/* Linux IRQ number */
	unsigned int pin;		/* hwirq: the pin of its IOAPIC */
};

struct create_irqs {
	struct create_irq *i;
	unsigned int num;
	bool known;			/* /proc/interrupts was there */
};

/* /proc/interrupts (unknown if absent). */
int create_read_irqs(const char *root, struct create_irqs *out,
		     char *error);

/* Regions (create-regions.c). */
int create_add(struct create_regions *set, uint64_t start, uint64_t end,
	       uint64_t flags, const char *what);
/* Remove [@start, @end) from every region, splitting where needed. */
int create_carve(struct create_regions *set, uint64_t start, uint64_t end);
/*
 * Sort, then merge overlapping regions (flags and descriptions joined)
 * and adjacent ones of equal flags and description; @align rounds each
 * region out to that many bytes first (1 for ports).
 */
void create_merge(struct create_regions *set, uint64_t align);
void create_regions_free(struct create_regions *set);

#define CREATE_LEGACY_END	0x100000ULL

/* What `jh-config create` is asked: where, and how much to reserve. */
struct create_request {
	const char *root;		/* "" for this machine */
	uint64_t mem_hv, mem_inmates;	/* bytes */
};

/* What config-create.c gathered and derived. */
struct create_machine {
	const char *root;
	const struct create_request *req;
	char *error;
	struct create_entries iomem, ioports, memmap;
	struct create_pcis pci;
	struct create_irqs irqs;
	struct acpi_madt madt;
	struct acpi_mcfg mcfg;
	struct acpi_dmar dmar;
	struct acpi_ivrs ivrs;
	struct acpi_fadt fadt;
	bool has_madt, has_dmar, has_fadt;
	char *cpus, *cmdline;
	uint64_t resv_start, resv_end, hv_size;
	uint64_t pci_hole;	/* first PCI bus window above 1 MiB */
	uint8_t unit_first[ACPI_MAX_UNITS], unit_last[ACPI_MAX_UNITS];
};

/*
 * Index of the IOMMU unit (of segment 0) translating @d's DMA, or -1: a
 * DMAR unit, or without any, an IVRS one (create_amd()).
 */
int create_unit_of(const struct create_machine *m,
		   const struct create_pci *d);

/* The units are the IVRS's AMD-Vi ones: the machine has no DMAR unit. */
bool create_amd(const struct create_machine *m);

/* Bytes of an AMD-Vi unit's registers: what its base and features need. */
#define CREATE_AMDVI_REGS	0x4000

/* Write the config text for @m (create-write.c). */
int create_write(FILE *out, const struct create_machine *m);

/* The whole command (config-create.c): gather, then write to @out. */
int config_create(FILE *out, const struct create_request *req, char *error);

#endif /* !_JAILHOUSE_TOOLS_CREATE_H */
