// SPDX-License-Identifier: GPL-2.0
/*
 * Write a marker to guest-physical memory outside the cell's regions
 * (`addr=`, default 512 MiB; the root side puts a sentinel buffer there
 * and checks it is unchanged). The hypervisor must stop the cell.
 */
#include "isolation.h"

#define DEFAULT_ADDR		0x20000000
/* "SNDXLEAK" in memory order */
#define MARKER			0x4b41454c58444e53ULL

const char test_name[] = "mem-write";

void inmate_main(void)
{
	volatile u64 *target;
	u64 addr;

	if (!test_address(DEFAULT_ADDR, &addr))
		return;
	target = (volatile u64 *)addr;
	test_attempt("write of 0x%llx to 0x%llx, outside the cell's memory",
		     MARKER, addr);
	*target = MARKER;
	test_report(TEST_FAILURE, "write to 0x%llx went through, reads back "
		    "0x%llx", addr, *target);
	test_park();
}
