// SPDX-License-Identifier: GPL-2.0
/*
 * From header.S to inmate_main(): find the hypervisor, check the comm
 * region, open the console.
 */
#include <inmate.h>

/* Zero-filled in the image: an empty string unless the loader wrote one. */
char cmdline[CMDLINE_BUFFER_SIZE] __attribute__((section(".cmdline")));

void inmate_startup(void);

void inmate_startup(void)
{
	int_init();
	hypervisor_detect();
	if (!comm_region_valid(comm_region)) {
		/* Nothing in it can be trusted, not even the console. */
		comm_region->cell_state = JAILHOUSE_CELL_FAILED_COMM_REV;
		stop();
	}
	console_init();
	smp_wait_arrivals();
	inmate_main();
}

bool inmate_shutdown_approved(void)
{
	return comm_region_poll(comm_region, true) ==
		JAILHOUSE_MSG_SHUTDOWN_REQUEST;
}
