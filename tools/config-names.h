/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names of flags and choices in the text format, shared by the compiler
 * (config-build.c) and the printer (config-show.c) so that both always
 * agree. Each table ends with a NULL name.
 */
#ifndef _JAILHOUSE_TOOLS_CONFIG_NAMES_H
#define _JAILHOUSE_TOOLS_CONFIG_NAMES_H

#include <jailhouse/cell-config.h>

#include "config-text.h"

extern const struct text_name config_cell_flags[];
extern const struct text_name config_mem_flags[];
extern const struct text_name config_msr_access[];
extern const struct text_name config_pci_flags[];
extern const struct text_name config_pci_types[];
extern const struct text_name config_console_types[];
extern const struct text_name config_iommu_types[];
extern const struct text_name config_firmware_types[];

/*
 * MSR ranges a Linux root cell reads and writes directly, which the list
 * item "linux-root" of `msr` stands for (also given to imported root
 * cells). Everything else stays intercepted.
 */
extern const struct jailhouse_msr_range config_linux_root_msrs[];
extern const unsigned int config_num_linux_root_msrs;

/* Name of @value in a choice table, or NULL. */
const char *config_name_of(const struct text_name *table,
			   unsigned long long value);

#endif /* !_JAILHOUSE_TOOLS_CONFIG_NAMES_H */
