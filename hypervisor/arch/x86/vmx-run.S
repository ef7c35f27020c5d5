/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vmx_launch(cpu): enter the guest for good; vmx_exit: where every VM
 * exit lands (HOST_RIP), on the stack HOST_RSP names, with the CPU's
 * pointer on top (top - 8). It pushes the guest's registers as struct
 * guest_regs, calls vmx_handle_exit(cpu, regs), pops them and resumes
 * the guest. The guest's RSP and RIP live in the VMCS.
 *
 * A failed VMRESUME leaves the registers as they were: they are pushed
 * again, as after an exit, for vmx_entry_failed(cpu, regs), which
 * returns only once the CPU's cell is failed and the CPU parked; the
 * parked state is entered then. A failed VMLAUNCH (Linux's first entry)
 * goes to vmx_entry_failed(cpu, NULL), which does not return.
 */
#include <asm/guest-regs-asm.h>

	.text
	.globl	vmx_launch
vmx_launch:
	lea	PERCPU_STACK_TOP(%rdi), %rsp
	push	%rdi
	/* Linux's trampoline returns RAX: 0 for success. */
	xor	%eax, %eax
	vmlaunch
	mov	(%rsp), %rdi
	xor	%esi, %esi
	sub	$8, %rsp
	call	vmx_entry_failed
	ud2

	.globl	vmx_exit
vmx_exit:
	push_guest_regs

	mov	REGS_SIZE(%rsp), %rdi
	mov	%rsp, %rsi
	call	vmx_handle_exit

resume:
	pop_guest_regs_but_rax
	pop	%rax
	vmresume

	push_guest_regs
	mov	REGS_SIZE(%rsp), %rdi
	mov	%rsp, %rsi
	call	vmx_entry_failed
	jmp	resume
