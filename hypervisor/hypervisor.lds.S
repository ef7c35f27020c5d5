/* SPDX-License-Identifier: GPL-2.0 */
#include <jailhouse/header.h>

/*
 * Link the image at its fixed virtual base; the header comes first.
 * Header and code are read-only and executable, the rest is data; the
 * loader maps the two parts so (header.text_size).
 */
PHDRS
{
	text PT_LOAD FLAGS(5);
	data PT_LOAD FLAGS(6);
}

SECTIONS
{
	. = JAILHOUSE_BASE;
	.header : { KEEP(*(.header)) } :text
	. = ALIGN(16);
	.text : { *(.text .text.*) } :text
	. = ALIGN(4096);
	__text_end = .;
	.rodata : { *(.rodata .rodata.*) } :data
	. = ALIGN(16);
	.data : { *(.data .data.*) }
	. = ALIGN(4096);
	.bss : { *(.bss .bss.*) *(COMMON) }
	. = ALIGN(4096);
	__image_end = .;

	/DISCARD/ : { *(.eh_frame*) *(.note*) *(.comment) }
}
