// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the ACPI table parsers of jh-config create
 * (tools/acpi.c) on arbitrary bytes, as they are and with the checksum
 * made to add up, so that the fuzzer gets past it into the structures.
 * Whatever parses must respect the parsers' own limits.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acpi.h"
#include "config-tool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_dmar(const struct acpi_dmar *dmar)
{
	unsigned int u, s;

	if (dmar->num_units > ACPI_MAX_UNITS)
		abort();
	for (u = 0; u < dmar->num_units; u++) {
		if (dmar->units[u].num_scopes > ACPI_MAX_SCOPES ||
		    dmar->units[u].size < 4096)
			abort();
		for (s = 0; s < dmar->units[u].num_scopes; s++)
			if (dmar->units[u].scopes[s].path_len > ACPI_MAX_PATH)
				abort();
	}
}

static void check_ivrs(const struct acpi_ivrs *ivrs)
{
	unsigned int u;

	if (ivrs->num_units > ACPI_MAX_UNITS ||
	    ivrs->num_specials > ACPI_MAX_SPECIALS)
		abort();
	for (u = 0; u < ivrs->num_units; u++)
		if (ivrs->units[u].first_bus > ivrs->units[u].last_bus)
			abort();
}

static void parse_all(const uint8_t *data, size_t size)
{
	char error[CONFIG_ERROR_LEN];
	struct acpi_madt madt;
	struct acpi_mcfg mcfg;
	struct acpi_dmar dmar;
	struct acpi_fadt fadt;
	struct acpi_ivrs ivrs;

	if (!acpi_parse_madt(data, size, &madt, error) &&
	    madt.num_ioapics > ACPI_MAX_IOAPICS)
		abort();
	if (!acpi_parse_mcfg(data, size, &mcfg, error) &&
	    mcfg.end_bus < mcfg.start_bus)
		abort();
	if (!acpi_parse_dmar(data, size, &dmar, error))
		check_dmar(&dmar);
	if (!acpi_parse_ivrs(data, size, &ivrs, error))
		check_ivrs(&ivrs);
	if (!acpi_parse_fadt(data, size, &fadt, error) &&
	    fadt.pm_timer >= 0x10000)
		abort();
}

/* A copy whose checksum byte makes the bytes its length covers add up. */
static void with_checksum(const uint8_t *data, size_t size)
{
	uint8_t *copy, sum = 0;
	size_t len, i;

	if (size < 36)
		return;
	len = data[4] | data[5] << 8 | data[6] << 16 | (size_t)data[7] << 24;
	if (len < 36 || len > size)
		return;
	copy = malloc(size);
	if (!copy)
		return;
	memcpy(copy, data, size);
	copy[9] = 0;
	for (i = 0; i < len; i++)
		sum += copy[i];
	copy[9] = -sum;
	parse_all(copy, size);
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	parse_all(data, size);
	with_checksum(data, size);
	return 0;
}
