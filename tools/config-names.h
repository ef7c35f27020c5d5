/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names of flags and choices in the text format, shared by the compiler
 * (config-build.c) and the printer (config-show.c) so that both always
 * agree. Each table ends with a NULL name.
 */
#ifndef _JAILHOUSE_TOOLS_CONFIG_NAMES_H
#define _JAILHOUSE_TOOLS_CONFIG_NAMES_H

#include "config-text.h"

extern const struct text_name config_cell_flags[];
extern const struct text_name config_mem_flags[];
extern const struct text_name config_msr_access[];
extern const struct text_name config_pci_flags[];
extern const struct text_name config_pci_types[];
extern const struct text_name config_console_types[];
extern const struct text_name config_iommu_types[];

/* Name of @value in a choice table, or NULL. */
const char *config_name_of(const struct text_name *table,
			   unsigned long long value);

#endif /* !_JAILHOUSE_TOOLS_CONFIG_NAMES_H */
