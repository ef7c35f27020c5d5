/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 32-bit PAE paging, which Linux never uses but a cell may: the four
 * PDPTEs each map their GiB of linear space onto the inmate's first
 * 2 MiB, and a word is read through all four. The MOV to CR0 that turns
 * paging on exits on VT-x (the hypervisor owns CR0.PG); with EPT the CPU
 * then takes the PDPTEs from the VMCS, which the hypervisor must load
 * from the guest's CR3 as the MOV would: stale ones fault the guest (a
 * triple fault, as nothing handles #PF here). Reports
 *   pae-paging: Test result: SUCCESS (...)
 * and keeps the cell running.
 */
#include "legacy.h"

#define X86_CR4_PAE		0x00000020
#define PTE_PRESENT		0x001
#define PTE_RW			0x002
#define PTE_HUGE		0x080
#define PAGE_SIZE		4096
#define GIB			0x40000000
#define MAGIC			0x50414521	/* "!EAP" */

	.code16
	.section ".boot.entry", "ax"
	.globl	__reset_entry
__reset_entry:
	cli
	legacy_protected_mode start32

	.code32
	.text
start32:
	call	legacy_segments
	call	legacy_uart_init
	mov	$msg_attempt, %esi
	call	legacy_puts

	/* PDPTE n: the page directory, whose entry 0 maps 0-2 MiB. */
	movl	$(PTE_PRESENT | PTE_RW | PTE_HUGE), page_dir
	movl	$0, page_dir + 4
	mov	$pdpt, %edi
	mov	$4, %ecx
1:	movl	$(page_dir + PTE_PRESENT), (%edi)
	movl	$0, 4(%edi)
	add	$8, %edi
	loop	1b

	mov	%cr4, %eax
	or	$X86_CR4_PAE, %eax
	mov	%eax, %cr4
	mov	$pdpt, %eax
	mov	%eax, %cr3
	mov	$(X86_CR0_PG | X86_CR0_ET | X86_CR0_PE), %eax
	mov	%eax, %cr0

	/* magic, through each GiB's alias */
	mov	$magic, %ebx
	mov	$4, %ecx
2:	cmpl	$MAGIC, (%ebx)
	jne	3f
	add	$GIB, %ebx
	loop	2b
	mov	$msg_success, %esi
	call	legacy_puts
	jmp	legacy_stop
3:	mov	$msg_failure, %esi
	call	legacy_puts
	jmp	legacy_stop

	.data
	.balign	4
magic:		.long MAGIC
msg_attempt:	.asciz "pae-paging: attempting: PAE paging, 4 PDPTEs\n"
msg_success:	.asciz "pae-paging: Test result: SUCCESS (a word read through each PDPTE)\n"
msg_failure:	.asciz "pae-paging: Test result: FAILURE (a PDPTE maps the wrong page)\n"

	.bss
	.balign	PAGE_SIZE
page_dir:	.space	PAGE_SIZE
	.balign	32
pdpt:		.space	32
