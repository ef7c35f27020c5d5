/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inmates that test the guest modes below long mode (real mode, PAE
 * paging): they start from the reset entry on their own, without the
 * inmate library, and share legacy.S: a flat GDT and 32-bit console
 * output to COM2 (the sandbox cells' UART, port I/O).
 */
#ifndef _LEGACY_H
#define _LEGACY_H

#define LEGACY_SEL_CODE32	0x08
#define LEGACY_SEL_DATA		0x10
#define X86_CR0_PE		0x00000001
#define X86_CR0_ET		0x00000010
#define X86_CR0_PG		0x80000000

/*
 * From the reset entry (real mode, CS base 0) to 32-bit protected mode
 * at @entry, flat segments, no paging.
 */
.macro legacy_protected_mode entry
	lgdtl	%cs:legacy_gdt_desc
	mov	%cr0, %eax
	or	$X86_CR0_PE, %eax
	mov	%eax, %cr0
	ljmpl	$LEGACY_SEL_CODE32, $\entry
.endm

#endif /* !_LEGACY_H */
