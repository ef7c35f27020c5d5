// SPDX-License-Identifier: GPL-2.0
#include <jailhouse/control.h>
#include <jailhouse/printk.h>
#include <asm/processor.h>

void cpu_fail(struct per_cpu *cpu, const char *reason)
{
	printk("CPU %u: stopped: %s\n", cpu->cpu_id, reason);
	cpu->failed = true;
	cpu_halt_forever();
}
