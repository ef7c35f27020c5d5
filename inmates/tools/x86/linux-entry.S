/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux_enter(entry, params): into the kernel by the 64-bit boot
 * protocol (Documentation/x86/boot.rst). The library's GDT has its
 * 64-bit code at 0x18, data at 0x10; the protocol wants flat __BOOT_CS
 * at 0x10 and __BOOT_DS at 0x18, loaded in CS, DS, ES and SS, interrupts
 * off and %rsi = the zero page (already there: the second argument).
 * Paging stays as the library set it: 0-4 GiB identity-mapped.
 */
#define BOOT_CS		0x10
#define BOOT_DS		0x18

	.code64
	.text
	.globl linux_enter
linux_enter:
	cli
	lgdt boot_gdt_desc(%rip)
	mov $BOOT_DS, %eax
	mov %eax, %ds
	mov %eax, %es
	mov %eax, %ss
	pushq $BOOT_CS
	pushq %rdi
	lretq

	.section .rodata
	.align 8
boot_gdt:
	.quad 0
	.quad 0
	.quad 0x00af9b000000ffff	/* 0x10: __BOOT_CS, 64-bit code, flat */
	.quad 0x00cf93000000ffff	/* 0x18: __BOOT_DS, data, flat */
boot_gdt_end:
boot_gdt_desc:
	.short boot_gdt_end - boot_gdt - 1
	.quad boot_gdt
