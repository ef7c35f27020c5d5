// SPDX-License-Identifier: GPL-2.0
#include <jailhouse/arch.h>
#include <jailhouse/errno.h>

int entry(unsigned int cpu_id);

/*
 * Called once per CPU by the loader. This is the hypervisor's skeleton:
 * it verifies that the CPU can host us and reports back; taking the CPU
 * over comes with the backends (docs/design.md).
 */
int entry(unsigned int cpu_id)
{
	int err;

	(void)cpu_id;
	err = arch_cpu_probe();
	if (err)
		return err;
	return -ENOSYS;
}
