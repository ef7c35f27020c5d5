// SPDX-License-Identifier: GPL-2.0
/*
 * Issue every hypercall only the root cell may use, with plausible
 * arguments. Each must be refused (negative result) or stop the cell.
 */
#include "isolation.h"

#define CONFIG_IN_CELL		0x2000	/* a page of the cell's RAM */

const char test_name[] = "hypercall-root";

static const struct hypercall_case cases[] = {
	{ JAILHOUSE_HC_CELL_CREATE, CONFIG_IN_CELL, 0, "cell create", true },
	{ JAILHOUSE_HC_CELL_START, 0, 0, "start the root cell", true },
	{ JAILHOUSE_HC_CELL_SET_LOADABLE, 1, 0, "set loadable", true },
	{ JAILHOUSE_HC_CELL_LOAD, 1, CONFIG_IN_CELL, "load cell 1", true },
	{ JAILHOUSE_HC_CELL_DESTROY, 1, 0, "destroy cell 1", true },
	{ JAILHOUSE_HC_HYPERVISOR_GET_INFO, JAILHOUSE_INFO_NUM_CELLS, 0,
	  "hypervisor info", true },
	{ JAILHOUSE_HC_CELL_GET_STATE, 0, 0, "root cell state", true },
	{ JAILHOUSE_HC_CPU_GET_INFO, 0, JAILHOUSE_CPU_INFO_STATE,
	  "CPU 0 state", true },
	{ JAILHOUSE_HC_DISABLE, 0, 0, "disable the hypervisor", true },
};

void inmate_main(void)
{
	test_hypercalls(cases, sizeof(cases) / sizeof(cases[0]));
	test_park();
}
