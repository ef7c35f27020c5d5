/* SPDX-License-Identifier: GPL-2.0 */
/*
 * guest_wrmsr(msr, value) and guest_xsetbv(value) (asm/guest-insn.h):
 * each instruction has a label, which desc.c's fixup table names with
 * the label to resume at should it fault.
 */
	.text
	.globl	guest_wrmsr
guest_wrmsr:
	mov	%edi, %ecx
	mov	%esi, %eax
	mov	%rsi, %rdx
	shr	$32, %rdx
	.globl	guest_wrmsr_insn
guest_wrmsr_insn:
	wrmsr
	.globl	guest_wrmsr_done
guest_wrmsr_done:
	ret

	.globl	guest_xsetbv
guest_xsetbv:
	xor	%ecx, %ecx
	mov	%edi, %eax
	mov	%rdi, %rdx
	shr	$32, %rdx
	.globl	guest_xsetbv_insn
guest_xsetbv_insn:
	xsetbv
	.globl	guest_xsetbv_done
guest_xsetbv_done:
	ret
