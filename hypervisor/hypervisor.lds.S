/* SPDX-License-Identifier: GPL-2.0 */
#include <jailhouse/header.h>

/* Link the image at its fixed virtual base; the header comes first. */
SECTIONS
{
	. = JAILHOUSE_BASE;
	.header : { KEEP(*(.header)) }
	. = ALIGN(16);
	.text : { *(.text .text.*) }
	. = ALIGN(16);
	.rodata : { *(.rodata .rodata.*) }
	. = ALIGN(16);
	.data : { *(.data .data.*) }
	. = ALIGN(4096);
	.bss : { *(.bss .bss.*) *(COMMON) }
	. = ALIGN(4096);
	__image_end = .;

	/DISCARD/ : { *(.eh_frame*) *(.note*) *(.comment) }
}
