// SPDX-License-Identifier: GPL-2.0
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>

struct cell root_cell;

int root_cell_init(void)
{
	root_cell.config = &system_config->root_cell;
	return arch_cell_init(&root_cell);
}
