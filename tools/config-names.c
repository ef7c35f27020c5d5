// SPDX-License-Identifier: GPL-2.0
#include <jailhouse/cell-config.h>

#include "config-names.h"

const struct text_name config_cell_flags[] = {
	{ "passive-commreg", JAILHOUSE_CELL_PASSIVE_COMMREG },
	{ "sandbox", JAILHOUSE_CELL_SANDBOX },
	{ "msr-fault", JAILHOUSE_CELL_MSR_FAULT },
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
	{ "assignable", JAILHOUSE_MEM_ASSIGNABLE },
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
	{ "ivshmem", JAILHOUSE_PCI_TYPE_IVSHMEM },
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

const struct text_name config_firmware_types[] = {
	{ "ram", JAILHOUSE_FIRMWARE_RAM },
	{ "reserved", JAILHOUSE_FIRMWARE_RESERVED },
	{ "acpi", JAILHOUSE_FIRMWARE_ACPI },
	{ "nvs", JAILHOUSE_FIRMWARE_NVS },
	{ NULL, 0 }
};

#define R	JAILHOUSE_MSR_READ
#define RW	(JAILHOUSE_MSR_READ | JAILHOUSE_MSR_WRITE)

/*
 * Not here, hence intercepted: EFER, the x2APIC range, the SVM and VMX
 * control MSRs, MTRR writes, and every MSR not listed.
 */
const struct jailhouse_msr_range config_linux_root_msrs[] = {
	{ 0x00000010, 1, R, 0 },	/* TSC */
	{ 0x0000001b, 1, R, 0 },	/* APIC base */
	{ 0x0000003a, 1, R, 0 },	/* feature control */
	{ 0x0000003b, 1, RW, 0 },	/* TSC adjust */
	{ 0x00000048, 2, RW, 0 },	/* SPEC_CTRL, PRED_CMD */
	{ 0x0000008b, 1, R, 0 },	/* microcode revision */
	{ 0x000000c1, 8, RW, 0 },	/* performance counters */
	{ 0x000000e7, 2, R, 0 },	/* MPERF, APERF */
	{ 0x000000fe, 1, R, 0 },	/* MTRR capabilities */
	{ 0x0000010a, 1, R, 0 },	/* arch capabilities */
	{ 0x00000174, 3, RW, 0 },	/* SYSENTER CS, ESP, EIP */
	{ 0x00000179, 2, R, 0 },	/* MCG capabilities, status */
	{ 0x00000186, 8, RW, 0 },	/* performance event select */
	{ 0x000001a0, 1, R, 0 },	/* misc enable */
	{ 0x000001d9, 1, RW, 0 },	/* debug control */
	{ 0x00000200, 0x10, R, 0 },	/* variable MTRRs */
	{ 0x00000250, 1, R, 0 },	/* fixed MTRRs */
	{ 0x00000258, 2, R, 0 },
	{ 0x00000268, 8, R, 0 },
	{ 0x00000277, 1, RW, 0 },	/* PAT */
	{ 0x000002ff, 1, R, 0 },	/* MTRR default type */
	{ 0x00000309, 3, RW, 0 },	/* fixed performance counters */
	{ 0x0000038d, 4, RW, 0 },	/* performance global control */
	{ 0x00000400, 0x80, RW, 0 },	/* machine check banks */
	{ 0x000006e0, 1, RW, 0 },	/* TSC deadline */
	{ 0xc0000081, 4, RW, 0 },	/* STAR, LSTAR, CSTAR, SFMASK */
	{ 0xc0000100, 4, RW, 0 },	/* FS, GS, kernel GS base, TSC_AUX */
};

const unsigned int config_num_linux_root_msrs =
	sizeof(config_linux_root_msrs) / sizeof(config_linux_root_msrs[0]);

const char *config_name_of(const struct text_name *table,
			   unsigned long long value)
{
	for (; table->name; table++)
		if (table->value == value)
			return table->name;
	return NULL;
}
