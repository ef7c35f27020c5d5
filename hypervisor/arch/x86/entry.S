/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The image's entry point, reached from the loader's trampoline on every
 * CPU with the hypervisor's page tables loaded and the registers described
 * in include/jailhouse/header.h. Nothing of Linux is mapped here but the
 * trampoline: the CPU's own stack comes first.
 */
#define HEADER_PERCPU_SIZE	24	/* offsetof(jailhouse_header, percpu_size) */
/* Behind the guard page and the stack (struct per_cpu). */
#define PERCPU_STACK_TOP	(5 * 4096)
/* exception_common: the 9 caller-saved registers and RBP on the frame. */
#define EXCEPTION_SAVED		(10 * 8)

	.text
	.globl	arch_entry
arch_entry:
	/* %r11 = per-CPU area = __image_end + cpu id * percpu_size */
	mov	%edi, %eax
	imul	hypervisor_header + HEADER_PERCPU_SIZE(%rip), %rax
	lea	__image_end(%rip), %r11
	add	%rax, %r11
	lea	PERCPU_STACK_TOP(%r11), %rsp
	/*
	 * arch_entry_c(cpu id, cr3, cr4, rsp, resume, per_cpu, tr base,
	 * tr limit): the last two on the stack, which stays 16-byte aligned.
	 */
	push	%r10
	push	%r9
	mov	%r11, %r9
	call	arch_entry_c
	ud2

/*
 * arch_jump_to_stub(cr3, cr4, frame, stub): the loader's leave stub takes
 * the first three as they are.
 */
	.globl	arch_jump_to_stub
arch_jump_to_stub:
	jmp	*%rcx

/*
 * Exceptions in the hypervisor: every vector but NMI goes to
 * exception_handler() with the vector number and a uniform frame (error
 * code or 0). It panics, but for a guest's value that faulted
 * (asm/guest-insn.h): then it returns, and the CPU resumes at the RIP it
 * set in the frame, with the registers as they were.
 */
.macro exception vector, has_error
	.balign	16
	.if \has_error == 0
	push	$0
	.endif
	push	$\vector
	jmp	exception_common
.endm

	.balign	16
	.globl	exception_entries
exception_entries:
	exception 0, 0
	exception 1, 0
	/* NMI: see nmi_entry. */
	.balign	16
	jmp	nmi_entry
	.irp	vec, 3, 4, 5, 6, 7
	exception \vec, 0
	.endr
	exception 8, 1
	exception 9, 0
	.irp	vec, 10, 11, 12, 13, 14
	exception \vec, 1
	.endr
	exception 15, 0
	exception 16, 0
	exception 17, 1
	.irp	vec, 18, 19, 20
	exception \vec, 0
	.endr
	exception 21, 1
	.irp	vec, 22, 23, 24, 25, 26, 27, 28
	exception \vec, 0
	.endr
	exception 29, 1
	exception 30, 1
	exception 31, 0

/* The registers a C call may clobber (the SysV ABI's caller-saved). */
.macro push_caller_saved
	push	%rax
	push	%rcx
	push	%rdx
	push	%rsi
	push	%rdi
	push	%r8
	push	%r9
	push	%r10
	push	%r11
.endm

.macro pop_caller_saved
	pop	%r11
	pop	%r10
	pop	%r9
	pop	%r8
	pop	%rdi
	pop	%rsi
	pop	%rdx
	pop	%rcx
	pop	%rax
.endm

/*
 * An NMI in the hypervisor: natively before CLGI (AMD-V) it was meant for
 * Linux and is dropped; between exits on VT-x, host_nmi() has the
 * backend take it later. The CPU aligned the stack before the 5-word
 * frame; the 9 caller-saved registers realign it for the call.
 */
nmi_entry:
	push_caller_saved
	call	host_nmi
	pop_caller_saved
	iretq

/*
 * External interrupts: the hypervisor runs with interrupts off but for
 * apic_clear()'s short windows, in which it takes what is pending for
 * the CPU's last owner; apic_clear() acknowledges it.
 */
	.balign	16
	.globl	interrupt_entry
interrupt_entry:
	iretq

exception_common:
	/* %rsp: vector, error code, rip, cs, rflags, rsp, ss */
	push_caller_saved
	push	%rbp
	mov	%rsp, %rbp
	lea	EXCEPTION_SAVED(%rsp), %rdi
	and	$~15, %rsp
	call	exception_handler
	mov	%rbp, %rsp
	pop	%rbp
	pop_caller_saved
	/* vector, error code */
	add	$16, %rsp
	iretq
