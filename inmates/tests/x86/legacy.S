/* SPDX-License-Identifier: GPL-2.0 */
/* What the legacy-mode inmates share (legacy.h). */
#include "legacy.h"

#define COM2			0x2f8
#define UART_LCR		3
#define UART_LSR		5
#define UART_LCR_8N1		0x03
#define UART_LCR_DLAB		0x80
#define UART_LSR_THRE		0x20

	.code32
	.text

/* legacy_segments: the flat data segments; the caller's stack moves. */
	.globl	legacy_segments
legacy_segments:
	pop	%ecx
	mov	$LEGACY_SEL_DATA, %eax
	mov	%eax, %ds
	mov	%eax, %es
	mov	%eax, %ss
	mov	$legacy_stack_top, %esp
	jmp	*%ecx

/* legacy_uart_init: 8N1, divisor 1, as the inmate library sets COM2. */
	.globl	legacy_uart_init
legacy_uart_init:
	mov	$(COM2 + UART_LCR), %dx
	mov	$UART_LCR_DLAB, %al
	out	%al, %dx
	mov	$COM2, %dx
	mov	$1, %al
	out	%al, %dx
	inc	%dx
	xor	%al, %al
	out	%al, %dx
	mov	$(COM2 + UART_LCR), %dx
	mov	$UART_LCR_8N1, %al
	out	%al, %dx
	ret

/* legacy_puts: the NUL-terminated string at %esi. */
	.globl	legacy_puts
legacy_puts:
	lodsb
	test	%al, %al
	jz	2f
	mov	%al, %ah
	mov	$(COM2 + UART_LSR), %dx
1:	in	%dx, %al
	test	$UART_LSR_THRE, %al
	jz	1b
	mov	$COM2, %dx
	mov	%ah, %al
	out	%al, %dx
	jmp	legacy_puts
2:	ret

/* legacy_stop: the test is over; the root destroys the cell. */
	.globl	legacy_stop
legacy_stop:
	cli
1:	pause
	jmp	1b

	.section .rodata
	.balign	8
legacy_gdt:
	.quad	0
	.quad	0x00cf9b000000ffff	/* 0x08: 32-bit code, flat */
	.quad	0x00cf93000000ffff	/* 0x10: data, flat */
legacy_gdt_end:
	.globl	legacy_gdt_desc
legacy_gdt_desc:
	.short	legacy_gdt_end - legacy_gdt - 1
	.long	legacy_gdt

	.bss
	.balign	16
	.space	4096
	.globl	legacy_stack_top
legacy_stack_top:
