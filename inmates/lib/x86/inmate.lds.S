/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Layout of an inmate, linked at guest-physical 0 and loaded as a flat
 * binary: the real-mode entry at the reset address 0, the command line
 * buffer where the loader puts the string (0x1000), code and data; then,
 * not in the file, the bss, the page tables header.S builds and the stack,
 * all below the comm region.
 */
#include <jailhouse/comm-region.h>

#define STACK_SIZE		0x4000
#define PAGE_TABLES_SIZE	(6 * 0x1000)

ENTRY(__reset_entry)

SECTIONS
{
	. = 0;
	.boot : {
		*(.boot.entry)
		*(.boot)
	}
	ASSERT(. <= JAILHOUSE_CMDLINE_ADDR,
	       "startup code overlaps the command line")

	. = JAILHOUSE_CMDLINE_ADDR;
	.cmdline : { *(.cmdline) }

	.text : { *(.text .text.*) }
	.rodata : { *(.rodata .rodata.*) }
	.data : { *(.data .data.*) }

	.bss : {
		__bss_start = .;
		*(.bss .bss.* COMMON)
		. = ALIGN(8);
	}
	__bss_qwords = SIZEOF(.bss) / 8;

	. = ALIGN(0x1000);
	__page_tables = .;
	. += PAGE_TABLES_SIZE;
	. += STACK_SIZE;
	__stack_top = .;
	ASSERT(__stack_top <= JAILHOUSE_COMM_REGION_ADDR,
	       "inmate overlaps the comm region")

	/DISCARD/ : {
		*(.eh_frame*)
		*(.note*)
		*(.comment)
	}
}
