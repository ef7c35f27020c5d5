// SPDX-License-Identifier: GPL-2.0
/*
 * Read guest-physical memory outside the cell's regions (`addr=`, default
 * 512 MiB, root RAM on the test machine). The hypervisor must stop the
 * cell at the nested page fault.
 */
#include "isolation.h"

#define DEFAULT_ADDR		0x20000000

const char test_name[] = "mem-read";

void inmate_main(void)
{
	u64 addr, value;

	if (!test_address(DEFAULT_ADDR, &addr))
		return;
	test_attempt("read of 0x%llx, outside the cell's memory", addr);
	value = *(volatile u64 *)addr;
	test_report(TEST_FAILURE, "read of 0x%llx returned 0x%llx", addr,
		    value);
	test_park();
}
