/* SPDX-License-Identifier: GPL-2.0 */
/*
 * svm_run(cpu, guest_vmcb_pa, host_vmcb_pa): run the guest for good.
 *
 * Each round loads the guest's FS, GS, TR, LDTR and syscall MSRs (VMLOAD),
 * runs it, saves them back (VMSAVE) and restores the host's, pushes the
 * guest's registers as struct guest_regs and calls
 * svm_handle_exit(cpu, regs). The guest's RAX and RSP live in the VMCB.
 * The stack starts over at the top of the CPU's stack area:
 *   top - 8: cpu, top - 16: host VMCB, top - 24: guest VMCB.
 */
/* Behind the guard page and the stack (struct per_cpu). */
#define PERCPU_STACK_TOP	(5 * 4096)
#define REGS_SIZE		(15 * 8)

	.text
	.globl	svm_run
svm_run:
	lea	PERCPU_STACK_TOP(%rdi), %rsp
	push	%rdi
	push	%rdx
	push	%rsi
1:
	mov	(%rsp), %rax
	vmload	%rax
	vmrun	%rax
	vmsave	%rax

	push	%rax		/* placeholder: the guest's RAX is in the VMCB */
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

	mov	REGS_SIZE + 8(%rsp), %rax
	vmload	%rax
	mov	REGS_SIZE + 16(%rsp), %rdi
	mov	%rsp, %rsi
	call	svm_handle_exit

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
	add	$8, %rsp
	jmp	1b
