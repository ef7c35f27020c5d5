// SPDX-License-Identifier: GPL-2.0
/*
 * Hold the running-locked state (which in Jailhouse vetoes creating and
 * destroying other cells) and deny every shutdown request. A sandbox must
 * not be able to block the system: the root side creates and destroys
 * another cell and then destroys this one. With `give-in=N` it denies N
 * requests and at the next one stops as Jailhouse's apic-demo does: it
 * reports SHUT_DOWN in the comm region and never replies.
 */
#include "isolation.h"

const char test_name[] = "lock-running";

static void __attribute__((noreturn)) stop_without_reply(void)
{
	while (comm_region->msg_to_cell != JAILHOUSE_MSG_SHUTDOWN_REQUEST)
		cpu_relax();
	printk("%s: stopping without a reply\n", test_name);
	comm_region->cell_state = JAILHOUSE_CELL_SHUT_DOWN;
	stop();
}

void inmate_main(void)
{
	long give_in = cmdline_parse_int(cmdline, "give-in", -1);
	long denied = 0;

	test_attempt("holding RUNNING_LOCKED and denying shutdown");
	comm_region->cell_state = JAILHOUSE_CELL_RUNNING_LOCKED;
	test_report(TEST_SURVIVED, "cell state set to RUNNING_LOCKED");
	for (;;) {
		if (denied == give_in)
			stop_without_reply();
		if (comm_region_poll(comm_region, false) ==
		    JAILHOUSE_MSG_SHUTDOWN_REQUEST) {
			printk("%s: shutdown request denied\n", test_name);
			denied++;
		}
		cpu_relax();
	}
}
