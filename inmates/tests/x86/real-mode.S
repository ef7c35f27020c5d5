/* SPDX-License-Identifier: GPL-2.0 */
/*
 * In real mode, the instructions whose exits make the hypervisor inject
 * #GP: MOV to CR4 with VMXE and MOV to CR0 with PG but not PE (not on
 * AMD, where neither exits; a VT-x hypervisor that loads the CR0 fails
 * the VM entry), XSETBV of 0x20007 (AMX TILECFG without TILEDATA) and
 * of 0 (x87 cleared). Each must fault in the guest as on
 * hardware: #GP, or #UD for XSETBV where CR4.OSXSAVE could not be set;
 * a real-mode exception pushes no error code, and a VT-x hypervisor that
 * injects one fails the VM entry. The faults are counted through a
 * real-mode IVT of our own, then reported from protected mode:
 *   real-mode: Test result: SUCCESS (N #GP, M #UD)
 * or FAILURE if an instruction went through. The cell keeps running.
 */
#include "legacy.h"

#define X86_CR4_VMXE		0x00002000
#define X86_CR4_OSXSAVE		0x00040000
#define X86_CR0_PG		0x80000000
#define VEC_UD			6
#define VEC_GP			13
#define XCR0_AMX_HALF		0x20007
#define IVT_SIZE		0x400
#define CPUID_AMD_EBX		0x68747541	/* "Auth"enticAMD */

	.code16
	.section ".boot.entry", "ax"
	.globl	__reset_entry
__reset_entry:
	cli
	xor	%ax, %ax
	mov	%ax, %ds
	mov	%ax, %ss
	mov	$legacy_stack_top, %sp
	movw	$gp_handler, ivt + 4 * VEC_GP
	movw	$0, ivt + 4 * VEC_GP + 2
	movw	$ud_handler, ivt + 4 * VEC_UD
	movw	$0, ivt + 4 * VEC_UD + 2
	lidtl	ivt_desc

	/*
	 * VMXE is a VT-x matter; QEMU's TCG answers it in an AMD-V guest
	 * with a failed VMRUN (SVM_EXIT_ERR) where hardware raises #GP.
	 * CR0.PG is the hypervisor's on VT-x only (AMD-V: the CPU's #GP).
	 */
	xor	%eax, %eax
	cpuid
	cmp	$CPUID_AMD_EBX, %ebx
	je	1f
	movw	$5f, resume
	mov	%cr4, %eax
	or	$X86_CR4_VMXE, %eax
	mov	%eax, %cr4
	incw	went_through
5:	movw	$1f, resume
	mov	%cr0, %eax
	or	$X86_CR0_PG, %eax
	mov	%eax, %cr0
	incw	went_through
1:	/* Allowed where the CPU has XSAVE; else #GP, and XSETBV #UD. */
	movw	$2f, resume
	mov	%cr4, %eax
	or	$X86_CR4_OSXSAVE, %eax
	mov	%eax, %cr4
2:	movw	$3f, resume
	xor	%ecx, %ecx
	xor	%edx, %edx
	mov	$XCR0_AMX_HALF, %eax
	xsetbv
	incw	went_through
3:	movw	$4f, resume
	xor	%eax, %eax
	xor	%ecx, %ecx
	xor	%edx, %edx
	xsetbv
	incw	went_through
4:	legacy_protected_mode report

/* Count, and resume at the next step (the saved IP is replaced). */
gp_handler:
	incw	gp_count
	jmp	1f
ud_handler:
	incw	ud_count
1:	push	%bp
	mov	%sp, %bp
	push	%ax
	mov	resume, %ax
	mov	%ax, 2(%bp)
	pop	%ax
	pop	%bp
	iret

	.code32
	.text
report:
	call	legacy_segments
	call	legacy_uart_init
	movzwl	gp_count, %eax
	add	$'0', %al
	mov	%al, msg_gp
	movzwl	ud_count, %eax
	add	$'0', %al
	mov	%al, msg_ud
	mov	$msg_success, %esi
	cmpw	$0, went_through
	je	1f
	mov	$msg_failure, %esi
1:	call	legacy_puts
	mov	$msg_counts, %esi
	call	legacy_puts
	jmp	legacy_stop

	.data
resume:		.short 0
gp_count:	.short 0
ud_count:	.short 0
went_through:	.short 0
ivt_desc:
	.short	IVT_SIZE - 1
	.long	ivt
msg_success:	.asciz "real-mode: Test result: SUCCESS ("
msg_failure:	.asciz "real-mode: Test result: FAILURE (an instruction went through; "
msg_counts:	.ascii "faults delivered: "
msg_gp:		.ascii "? #GP, "
msg_ud:		.asciz "? #UD)\n"

	.bss
	.balign	16
ivt:	.space	IVT_SIZE
