/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Validation of and access to binary configs (include/jailhouse/
 * cell-config.h). One piece of code for the loader, the hypervisor and the
 * host tools: nothing here allocates or uses more than lib/env.h offers.
 *
 * A blob must pass jailhouse_cell_validate() or jailhouse_system_validate()
 * before anything reads it; the accessors below assume that it did. A
 * caller sharing the blob with a less trusted party (the hypervisor with
 * the root cell) must copy it first and validate the copy.
 */
#ifndef _JAILHOUSE_LIB_CONFIG_H
#define _JAILHOUSE_LIB_CONFIG_H

#include <jailhouse/cell-config.h>

#include "env.h"

/* Where and why a blob was rejected, for messages naming the field. */
struct jailhouse_config_error {
	const char *item;	/* "cell header", "memory region", ... */
	unsigned int index;	/* element of an array item, else 0 */
	bool indexed;		/* index is meaningful */
	const char *reason;	/* static text */
};

/**
 * Validate a stand-alone cell descriptor: signature, architecture,
 * revision, name, flags, reserved fields, that the counts and sizes fit
 * @size exactly (overflow-safe), and every element's own fields.
 *
 * Return: 0, or -EINVAL (with *err filled) if the blob is malformed.
 */
int jailhouse_cell_validate(const void *blob, size_t size,
			    struct jailhouse_config_error *err);

/**
 * Validate a system config: its own fields, the platform info, the
 * embedded root cell (as jailhouse_cell_validate()) and the machine's
 * arrays after it; the blob must end exactly where they end.
 *
 * Return: 0, or -EINVAL with *err filled.
 */
int jailhouse_system_validate(const void *blob, size_t size,
			      struct jailhouse_config_error *err);

/*
 * What is wrong with a cell name (JAILHOUSE_CELL_NAME_LEN bytes), NULL if
 * nothing: printable ASCII without quote and backslash, 1 to 31
 * characters, NUL-terminated and zero-padded. Descriptors and every
 * request that names a cell follow it, so names are safe in logs.
 */
const char *jailhouse_cell_name_problem(const char *name);

/* Total bytes of a validated cell descriptor, header and arrays. */
size_t jailhouse_cell_size(const struct jailhouse_cell_desc *cell);
/* Total bytes of a validated system config. */
size_t jailhouse_system_size(const struct jailhouse_system *sys);

/* Arrays of a validated system config after the root cell's. */
const struct jailhouse_firmware_range *
jailhouse_system_firmware_map(const struct jailhouse_system *sys);
const struct jailhouse_pci_bar *
jailhouse_system_root_bars(const struct jailhouse_system *sys);
const struct jailhouse_irqchip *
jailhouse_system_root_irqchips(const struct jailhouse_system *sys);

/* Arrays of a validated cell descriptor. */
const __u8 *jailhouse_cell_cpu_set(const struct jailhouse_cell_desc *cell);
const struct jailhouse_memory *
jailhouse_cell_mem_regions(const struct jailhouse_cell_desc *cell);
const struct jailhouse_pio *
jailhouse_cell_pio(const struct jailhouse_cell_desc *cell);
const struct jailhouse_msr_range *
jailhouse_cell_msrs(const struct jailhouse_cell_desc *cell);
const struct jailhouse_pci_device *
jailhouse_cell_pci_devices(const struct jailhouse_cell_desc *cell);
const struct jailhouse_irqchip *
jailhouse_cell_irqchips(const struct jailhouse_cell_desc *cell);

/*
 * Memory region indices [*first, *end) of ivshmem device @dev; a
 * validated cell has them all.
 */
void jailhouse_ivshmem_regions(const struct jailhouse_pci_device *dev,
			       unsigned int *first, unsigned int *end);

/* Whether CPU @cpu is in the cell's CPU set. */
bool jailhouse_cell_has_cpu(const struct jailhouse_cell_desc *cell,
			    unsigned int cpu);

/* Whether [a_start, a_start + a_size) and [b_start, ...) intersect. */
bool jailhouse_ranges_overlap(__u64 a_start, __u64 a_size,
			      __u64 b_start, __u64 b_size);

/* Whether all @len bytes at @p are zero (reserved fields, padding). */
bool jailhouse_all_zero(const void *p, size_t len);

#endif /* !_JAILHOUSE_LIB_CONFIG_H */
