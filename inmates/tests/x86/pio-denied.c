// SPDX-License-Identifier: GPL-2.0
/*
 * Write a marker line to an I/O port the cell was not given (`port=`,
 * default 0x3f8: COM1, the root cell's console, so a leak shows up in the
 * root's log). The hypervisor must stop the cell at the first byte.
 */
#include "isolation.h"

#define DEFAULT_PORT		0x3f8

const char test_name[] = "pio-denied";

void inmate_main(void)
{
	u16 port = cmdline_parse_int(cmdline, "port", DEFAULT_PORT);
	const char *marker = "PIO-LEAK from the sandbox\r\n";

	test_attempt("output to port 0x%x, not given to the cell", port);
	while (*marker)
		outb(*marker++, port);
	test_report(TEST_FAILURE, "wrote to port 0x%x", port);
	test_park();
}
