// SPDX-License-Identifier: GPL-2.0
#include <jailhouse/cell-config.h>

#include "config-names.h"

const struct text_name config_cell_flags[] = {
	{ "passive-commreg", JAILHOUSE_CELL_PASSIVE_COMMREG },
	{ "sandbox", JAILHOUSE_CELL_SANDBOX },
	{ "virtual-console-permitted",
	  JAILHOUSE_CELL_VIRTUAL_CONSOLE_PERMITTED },
	{ "virtual-console-active", JAILHOUSE_CELL_VIRTUAL_CONSOLE_ACTIVE },
	{ NULL, 0 }
};

const struct text_name config_mem_flags[] = {
	{ "read", JAILHOUSE_MEM_READ },
	{ "write", JAILHOUSE_MEM_WRITE },
	{ "execute", JAILHOUSE_MEM_EXECUTE },
	{ "dma", JAILHOUSE_MEM_DMA },
	{ "io", JAILHOUSE_MEM_IO },
	{ "comm-region", JAILHOUSE_MEM_COMM_REGION },
	{ "loadable", JAILHOUSE_MEM_LOADABLE },
	{ "rootshared", JAILHOUSE_MEM_ROOTSHARED },
	{ "no-hugepages", JAILHOUSE_MEM_NO_HUGEPAGES },
	{ "io-8", JAILHOUSE_MEM_IO_8 },
	{ "io-16", JAILHOUSE_MEM_IO_16 },
	{ "io-32", JAILHOUSE_MEM_IO_32 },
	{ "io-64", JAILHOUSE_MEM_IO_64 },
	{ NULL, 0 }
};

const struct text_name config_msr_access[] = {
	{ "read", JAILHOUSE_MSR_READ },
	{ "write", JAILHOUSE_MSR_WRITE },
	{ NULL, 0 }
};

const struct text_name config_pci_flags[] = {
	{ "dma", JAILHOUSE_PCI_FLAG_DMA },
	{ NULL, 0 }
};

const struct text_name config_pci_types[] = {
	{ "device", JAILHOUSE_PCI_TYPE_DEVICE },
	{ "bridge", JAILHOUSE_PCI_TYPE_BRIDGE },
	{ NULL, 0 }
};

const struct text_name config_console_types[] = {
	{ "none", JAILHOUSE_CON_TYPE_NONE },
	{ "uart-pio", JAILHOUSE_CON_TYPE_UART_PIO },
	{ "uart-mmio", JAILHOUSE_CON_TYPE_UART_MMIO },
	{ NULL, 0 }
};

const struct text_name config_iommu_types[] = {
	{ "intel", JAILHOUSE_IOMMU_INTEL },
	{ "amd", JAILHOUSE_IOMMU_AMD },
	{ NULL, 0 }
};

const char *config_name_of(const struct text_name *table, unsigned long long value)
{
	for (; table->name; table++)
		if (table->value == value)
			return table->name;
	return NULL;
}
