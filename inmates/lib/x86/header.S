/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Startup of an inmate: from real mode at guest address 0 (the cell's
 * reset address) to 64-bit mode, then into C.
 *
 * The CPU arrives as after INIT: real mode, CS base 0, interrupts off.
 * Protected mode needs only our GDT; long mode needs page tables, which
 * are built here (not shipped in the image) to identity-map 0-4 GiB with
 * 2 MiB pages, the last GiB (MMIO: local APIC, IOAPIC) uncached, and
 * caching enabled (INIT leaves CR0.CD and NW set). No MSR but EFER is
 * touched, so that a cell that may access no other MSR can start.
 *
 * Every CPU of the cell arrives here when the cell starts, as under
 * Jailhouse; the first to count itself in smp_arrivals boots, the others
 * halt with interrupts off until the boot CPU sends them INIT and SIPI
 * (smp.c). They come back through the same entry then, at vector 0;
 * smp_ap_stack, which the boot CPU sets just before, tells them apart:
 * they take the page tables already built and go to smp_ap_startup() on
 * that stack.
 */
#define CR0_PE		0x00000001
#define CR0_WP		0x00010000
#define CR0_PG		0x80000000
#define CR4_PAE		0x00000020
#define MSR_EFER	0xc0000080
#define EFER_LME	0x00000100

#define PTE_PRESENT	0x001
#define PTE_RW		0x002
#define PTE_PWT		0x008
#define PTE_PCD		0x010
#define PTE_HUGE	0x080
#define PAGE_SIZE	4096
#define HUGE_PAGE_SIZE	0x200000
#define PD_ENTRIES	2048		/* 4 page directories: 4 GiB */
#define PD_UNCACHED	1536		/* from 3 GiB on */

#define SMP_MAX_CPUS	4		/* SMP_MAX_APS + 1, inmate.h */

#define SEL_CODE32	0x08
#define SEL_DATA	0x10
#define SEL_CODE64	0x18

	.code16
	.section ".boot.entry", "ax"
	.globl __reset_entry
__reset_entry:
	cli
	lgdtl %cs:gdt_desc
	mov %cr0, %eax
	or $CR0_PE, %eax
	mov %eax, %cr0
	ljmpl $SEL_CODE32, $start32

	.code32
	.section ".boot", "ax"
start32:
	mov $SEL_DATA, %eax
	mov %eax, %ds
	mov %eax, %es
	mov %eax, %ss
	cmpl $0, smp_ap_stack
	jne long_mode
	/* Count in; note the APIC id (CPUID.1:EBX[31:24]) by arrival. */
	mov $1, %eax
	lock xadd %eax, smp_arrivals
	mov %eax, %esi
	cmp $SMP_MAX_CPUS, %esi
	jae 5f
	mov $1, %eax
	cpuid
	shr $24, %ebx
	mov %bl, smp_cpu_ids(%esi)
5:	lock incl smp_counted
	test %esi, %esi
	jnz stop32

	/* Clear PML4 and PDPT, then link PML4[0] and PDPT[0..3]. */
	cld
	xor %eax, %eax
	mov $__page_tables, %edi
	mov $(2 * PAGE_SIZE / 4), %ecx
	rep stosl
	mov $(__page_tables + PAGE_SIZE + PTE_PRESENT + PTE_RW), %eax
	mov %eax, __page_tables
	mov $(__page_tables + 2 * PAGE_SIZE + PTE_PRESENT + PTE_RW), %eax
	mov $(__page_tables + PAGE_SIZE), %edi
	mov $4, %ecx
1:	mov %eax, (%edi)
	add $PAGE_SIZE, %eax
	add $8, %edi
	loop 1b

	/* 2048 2 MiB entries: entry i maps i * 2 MiB (upper half zero). */
	mov $(__page_tables + 2 * PAGE_SIZE), %edi
	xor %ebx, %ebx
2:	mov %ebx, %eax
	shl $21, %eax
	or $(PTE_PRESENT + PTE_RW + PTE_HUGE), %eax
	cmp $PD_UNCACHED, %ebx
	jb 3f
	or $(PTE_PCD + PTE_PWT), %eax
3:	mov %eax, (%edi)
	movl $0, 4(%edi)
	add $8, %edi
	inc %ebx
	cmp $PD_ENTRIES, %ebx
	jb 2b

long_mode:
	mov %cr4, %eax
	or $CR4_PAE, %eax
	mov %eax, %cr4
	mov $__page_tables, %eax
	mov %eax, %cr3
	mov $MSR_EFER, %ecx
	rdmsr
	or $EFER_LME, %eax
	wrmsr
	/* A fresh CR0: this also clears CD and NW, set after INIT. */
	mov $(CR0_PG + CR0_WP + CR0_PE), %eax
	mov %eax, %cr0
	ljmpl $SEL_CODE64, $start64

	.code64
start64:
	mov smp_ap_stack, %rsp
	test %rsp, %rsp
	jz 4f
	call smp_ap_startup
	jmp stop
4:	xor %rax, %rax
	mov $__bss_start, %rdi
	mov $__bss_qwords, %rcx
	rep stosq
	mov $__stack_top, %rsp
	call inmate_startup
	jmp stop

stop32:
	cli
	hlt
	jmp stop32

	.align 8
gdt:
	.quad 0
	.quad 0x00cf9b000000ffff	/* 0x08: 32-bit code, flat */
	.quad 0x00cf93000000ffff	/* 0x10: data, flat */
	.quad 0x00af9b000000ffff	/* 0x18: 64-bit code */
gdt_end:
gdt_desc:
	.short gdt_end - gdt - 1
	.long gdt

	.text
	.globl stop
stop:
	cli
	hlt
	jmp stop
