// SPDX-License-Identifier: GPL-2.0
/*
 * Write an MSR the cell may not write (`msr=`, `value=`; default AMD's
 * VM_HSAVE_PA, where the CPU saves host state on VMRUN: a cell writing it
 * would own the host). The hypervisor must stop the cell.
 */
#include "isolation.h"

#define DEFAULT_MSR		0xc0010117

const char test_name[] = "msr-denied";

void inmate_main(void)
{
	u32 msr = cmdline_parse_int(cmdline, "msr", DEFAULT_MSR);
	u64 value = cmdline_parse_int(cmdline, "value", 0);

	test_attempt("write of 0x%llx to MSR 0x%x", value, msr);
	write_msr(msr, value);
	test_report(TEST_FAILURE, "MSR 0x%x written", msr);
	test_park();
}
