/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupt and exception entry: one 16-byte stub per vector (the IDT
 * entry of vector n points to int_stubs + 16 * n) that pushes a dummy
 * error code where the CPU pushes none, then the vector, and joins
 * int_common, which saves the caller-saved registers and calls
 * int_dispatch(struct int_frame *) (see int.c for the frame layout).
 */
	.text
	.align 16
	.globl int_stubs
int_stubs:
	.set vector, 0
	.rept 256
	.align 16
	.if !(vector == 8 || (vector >= 10 && vector <= 14) || \
	      vector == 17 || vector == 21 || vector == 29 || vector == 30)
	pushq $0
	.endif
	pushq $vector
	jmp int_common
	.set vector, vector + 1
	.endr

int_common:
	push %rax
	push %rcx
	push %rdx
	push %rsi
	push %rdi
	push %r8
	push %r9
	push %r10
	push %r11
	mov %rsp, %rdi
	cld
	call int_dispatch
	pop %r11
	pop %r10
	pop %r9
	pop %r8
	pop %rdi
	pop %rsi
	pop %rdx
	pop %rcx
	pop %rax
	add $16, %rsp
	iretq
