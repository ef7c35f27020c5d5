/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vmx_launch(cpu): enter the guest for good; vmx_exit: where every VM
 * exit lands (HOST_RIP), on the stack HOST_RSP names, with the CPU's
 * pointer on top (top - 8). It pushes the guest's registers as struct
 * guest_regs, calls vmx_handle_exit(cpu, regs), pops them and resumes
 * the guest. The guest's RSP and RIP live in the VMCS. A failed
 * VMLAUNCH or VMRESUME falls through to vmx_entry_failed(cpu).
 */
/* Behind the guard page and the stack (struct per_cpu). */
#define PERCPU_STACK_TOP	(5 * 4096)
#define REGS_SIZE		(15 * 8)

	.text
	.globl	vmx_launch
vmx_launch:
	lea	PERCPU_STACK_TOP(%rdi), %rsp
	push	%rdi
	/* Linux's trampoline returns RAX: 0 for success. */
	xor	%eax, %eax
	vmlaunch
	jmp	entry_failed

	.globl	vmx_exit
vmx_exit:
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

	mov	REGS_SIZE(%rsp), %rdi
	mov	%rsp, %rsi
	call	vmx_handle_exit

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
	vmresume

entry_failed:
	mov	(%rsp), %rdi
	sub	$8, %rsp
	call	vmx_entry_failed
	ud2
