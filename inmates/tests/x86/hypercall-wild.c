// SPDX-License-Identifier: GPL-2.0
/*
 * Hypercalls with wild arguments: pointers into hypervisor memory, to the
 * end of the address space or across a page, out-of-range ids, unknown
 * codes. Each must be refused or stop the cell; the debug console call
 * with junk in the upper bits may print, but must not harm.
 */
#include "isolation.h"

#define HV_MEMORY		0x3b000000	/* memmap= of the test VM */
#define ADDR_SPACE_END		0xfffffffffffff000UL

const char test_name[] = "hypercall-wild";

static const struct hypercall_case cases[] = {
	{ JAILHOUSE_HC_CELL_CREATE, HV_MEMORY, 0, "config in hv memory",
	  true },
	{ JAILHOUSE_HC_CELL_CREATE, ADDR_SPACE_END, 0, "config at 2^64-4K",
	  true },
	{ JAILHOUSE_HC_CELL_CREATE, 0xfff, 0, "config across a page", true },
	{ JAILHOUSE_HC_HYPERVISOR_GET_INFO, 0xffffffffUL, 0, "info type -1",
	  true },
	{ JAILHOUSE_HC_CPU_GET_INFO, 0xffffffffUL, 0, "CPU -1", true },
	{ JAILHOUSE_HC_CPU_GET_INFO, 0, JAILHOUSE_CPU_INFO_STAT_BASE + 0xffff,
	  "statistic 65535", true },
	{ JAILHOUSE_HC_CELL_GET_STATE, ~0UL, 0, "cell id -1", true },
	{ 9, 0, 0, "unknown code 9", true },
	{ 0x7fffffff, ADDR_SPACE_END, ADDR_SPACE_END, "unknown code 2^31-1",
	  true },
	{ 0xffffffff, ~0UL, ~0UL, "unknown code 2^32-1", true },
	{ JAILHOUSE_HC_DEBUG_CONSOLE_PUTC, ~0UL << 8 | '\n', 0,
	  "putc with junk upper bits", false },
};

void inmate_main(void)
{
	test_hypercalls(cases, sizeof(cases) / sizeof(cases[0]));
	test_park();
}
