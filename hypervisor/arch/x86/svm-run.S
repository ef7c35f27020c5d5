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
#include <asm/guest-regs-asm.h>

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

	/* RAX's slot holds nothing: the guest's RAX is in the VMCB. */
	push_guest_regs

	mov	REGS_SIZE + 8(%rsp), %rax
	vmload	%rax
	mov	REGS_SIZE + 16(%rsp), %rdi
	mov	%rsp, %rsi
	call	svm_handle_exit

	pop_guest_regs_but_rax
	add	$8, %rsp
	jmp	1b
