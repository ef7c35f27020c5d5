// SPDX-License-Identifier: GPL-2.0
/*
 * Hold the running-locked state (which in Jailhouse vetoes creating and
 * destroying other cells) and deny every shutdown request. A sandbox must
 * not be able to block the system: the root side creates and destroys
 * another cell and then destroys this one.
 */
#include "isolation.h"

const char test_name[] = "lock-running";

void inmate_main(void)
{
	test_attempt("holding RUNNING_LOCKED and denying shutdown");
	comm_region->cell_state = JAILHOUSE_CELL_RUNNING_LOCKED;
	test_report(TEST_SURVIVED, "cell state set to RUNNING_LOCKED");
	for (;;) {
		if (comm_region_poll(comm_region, false) ==
		    JAILHOUSE_MSG_SHUTDOWN_REQUEST)
			printk("%s: shutdown request denied\n", test_name);
		cpu_relax();
	}
}
