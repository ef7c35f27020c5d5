// SPDX-License-Identifier: GPL-2.0
/*
 * Never answer the comm region: spin with interrupts off. A shutdown
 * request must time out (the cell stays running) and destroy must still
 * take the cell down in bounded time.
 */
#include "isolation.h"

const char test_name[] = "shutdown-ignore";

void inmate_main(void)
{
	test_attempt("ignoring shutdown requests, spinning with interrupts "
		     "off");
	irq_disable();
	for (;;)
		cpu_relax();
}
