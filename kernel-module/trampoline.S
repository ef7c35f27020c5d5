/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The way into the hypervisor and back (docs/design.md, "Enable path").
 * Both pieces run from this module's text, which the hypervisor's boot
 * page tables map at the same address, so that the CR3 switch can happen
 * in the middle of them. Register use: include/jailhouse/header.h.
 */
#include <linux/linkage.h>
#include <linux/objtool.h>
#include <asm/unwind_hints.h>
#include <asm/nospec-branch.h>
#include <asm/processor-flags.h>

	.text
/*
 * long jailhouse_trampoline_enter(unsigned int cpu, u64 hv_cr3, u64 entry,
 *				  u64 tr_base, u64 tr_limit)
 * With interrupts off. Returns 0 with Linux running as a guest, or the
 * hypervisor's negative errno with the CPU native as before.
 */
SYM_FUNC_START(jailhouse_trampoline_enter)
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	/* The callee-saved registers are free now. */
	mov	%rdx, %r11
	mov	%rsi, %rbx
	mov	%rcx, %r9
	mov	%r8, %r10
	mov	%cr3, %rsi
	mov	%cr4, %rdx
	mov	%rsp, %rcx
	lea	.Lresume(%rip), %r8
	/* Clearing PGE drops Linux's global TLB entries. */
	mov	%rdx, %rax
	and	$~X86_CR4_PGE, %rax
	mov	%rax, %cr4
	mov	%rbx, %cr3
	ANNOTATE_RETPOLINE_SAFE
	jmp	*%r11
.Lresume:
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	RET
SYM_FUNC_END(jailhouse_trampoline_enter)
/* It leaves through the hypervisor and comes back on the same stack. */
STACK_FRAME_NON_STANDARD jailhouse_trampoline_enter

/*
 * Jumped to by the hypervisor with %rdi = CR3, %rsi = CR4 and %rdx =
 * Linux's address of a struct jailhouse_leave_frame.
 */
SYM_CODE_START(jailhouse_trampoline_leave)
	UNWIND_HINT_EMPTY
	mov	%rdi, %cr3
	mov	%rsi, %cr4
	mov	%rdx, %rsp
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
	pop	%rax
	mov	(%rsp), %ds
	mov	8(%rsp), %es
	add	$16, %rsp
	iretq
SYM_CODE_END(jailhouse_trampoline_leave)

/* The span the hypervisor's tables map. */
	.globl	jailhouse_trampoline_end
jailhouse_trampoline_end:
