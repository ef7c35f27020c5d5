/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For the backends' exit paths (svm-run.S, vmx-run.S): the guest's
 * general registers pushed as struct guest_regs (asm/percpu.h), RAX at
 * the highest address, R15 at the lowest, and popped again.
 */
#ifndef _ASM_GUEST_REGS_ASM_H
#define _ASM_GUEST_REGS_ASM_H

/* Behind the guard page and the stack (struct per_cpu). */
#define PERCPU_STACK_TOP	(5 * 4096)
/* sizeof(struct guest_regs). */
#define REGS_SIZE		(15 * 8)

.macro push_guest_regs
	push	%rax
	push	%rcx
	push	%rdx
	push	%rbx
	push	%rbp
	push	%rsi
	push	%rdi
	push	%r8
	push	%r9
	push	%r10
	push	%r11
	push	%r12
	push	%r13
	push	%r14
	push	%r15
.endm

/* All but RAX, whose slot is left on the stack: the caller pops it or
 * drops it (SVM keeps the guest's RAX in the VMCB). */
.macro pop_guest_regs_but_rax
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%r11
	pop	%r10
	pop	%r9
	pop	%r8
	pop	%rdi
	pop	%rsi
	pop	%rbp
	pop	%rbx
	pop	%rdx
	pop	%rcx
.endm

#endif /* !_ASM_GUEST_REGS_ASM_H */
