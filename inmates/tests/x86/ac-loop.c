// SPDX-License-Identifier: GPL-2.0
/*
 * The #AC benign-exception loop (CVE-2015-5307): ring 3 with alignment
 * checks on (CR0.AM, EFLAGS.AC) and a misaligned stack, and an #AC gate
 * to a ring-3 handler. The first misaligned access raises #AC; delivering
 * it pushes onto the misaligned stack, which raises #AC again, for ever.
 * On hardware no interrupt gets in between: without the intercept the
 * CPU is lost to the cell. The hypervisor must intercept #AC (each round
 * a VM exit) so that the root can still destroy the cell.
 *
 * It needs legacy 32-bit protected mode: 64-bit event delivery aligns
 * the stack to 16 bytes first. So the inmate leaves long mode (through
 * a compatibility-mode segment, paging off, EFER.LME off) and builds its
 * own GDT and IDT. Bochs raises #AC and loops through the hypervisor;
 * QEMU's TCG ignores alignment checks, so the loop is a plain ring-3
 * spin there.
 */
#include "isolation.h"

/* Selectors of gdt[], written out as numbers in legacy_ring3 too. */
#define SEL_USER_CODE		(0x18 | 3)
#define VECTOR_AC		17
#define GATE_INTERRUPT32_DPL3	0xee

const char test_name[] = "ac-loop";

/* Flat 4 GiB segments: present, granularity 4 KiB, 32-bit. */
static const u64 gdt[] __attribute__((aligned(16))) = {
	0,
	0x00cf9b000000ffffULL,	/* SEL_CODE32: ring 0 code */
	0x00cf93000000ffffULL,	/* SEL_DATA32: ring 0 data */
	0x00cffb000000ffffULL,	/* SEL_USER_CODE: ring 3 code */
	0x00cff3000000ffffULL,	/* SEL_USER_DATA: ring 3 data */
};

static u64 idt[VECTOR_AC + 1] __attribute__((aligned(16)));
static u8 user_stack[256] __attribute__((aligned(16)));
static u32 user_word __attribute__((used));

/*
 * legacy_ring3(gdt_desc, idt_desc, user_esp): from 64-bit mode to legacy
 * protected mode, alignment checks on, then IRET to ring 3, where every
 * access is misaligned. The #AC handler is never reached: its delivery
 * faults first. Never returns.
 */
void __attribute__((noreturn)) legacy_ring3(const struct desc_reg *gdt_desc,
					    const void *idt_desc, u32 esp);
asm(".pushsection .text\n"
    ".globl legacy_ring3\n"
    "legacy_ring3:\n\t"
	"cli\n\t"
	"lgdt (%rdi)\n\t"
	"mov %esi, %ebx\n\t"
	"mov %edx, %ebp\n\t"
	"pushq $0x08\n\t"		/* SEL_CODE32 */
	"lea 1f(%rip), %rax\n\t"
	"pushq %rax\n\t"
	"lretq\n"
    ".code32\n"
    "1:\n\t"
	"mov $0x10, %eax\n\t"		/* SEL_DATA32 */
	"mov %eax, %ds\n\t"
	"mov %eax, %es\n\t"
	"mov %eax, %ss\n\t"
	"mov %cr0, %eax\n\t"
	"and $0x7fffffff, %eax\n\t"	/* CR0.PG off: out of long mode */
	"mov %eax, %cr0\n\t"
	"mov $0xc0000080, %ecx\n\t"	/* EFER.LME off */
	"rdmsr\n\t"
	"and $~0x100, %eax\n\t"
	"wrmsr\n\t"
	"lidt (%ebx)\n\t"
	"mov %cr0, %eax\n\t"
	"or $0x40000, %eax\n\t"		/* CR0.AM */
	"mov %eax, %cr0\n\t"
	"pushl $0x23\n\t"		/* SEL_USER_DATA */
	"pushl %ebp\n\t"
	"pushl $0x40002\n\t"		/* EFLAGS: AC, interrupts off */
	"pushl $0x1b\n\t"		/* SEL_USER_CODE */
	"pushl $2f\n\t"
	"iret\n"
    "2:\n\t"
	"mov $0x23, %eax\n\t"
	"mov %eax, %ds\n\t"
	"mov user_word + 1, %eax\n\t"
	"jmp 2b\n"
    ".globl ac_handler\n"
    "ac_handler:\n\t"
	"jmp ac_handler\n"
    ".code64\n"
    ".popsection");

void ac_handler(void);

static void set_ac_gate(void)
{
	u32 addr = (u32)(unsigned long)ac_handler;

	idt[VECTOR_AC] = (addr & 0xffff) | (u64)SEL_USER_CODE << 16 |
			 (u64)GATE_INTERRUPT32_DPL3 << 40 |
			 (u64)(addr >> 16) << 48;
}

void inmate_main(void)
{
	struct desc_reg gdt_desc = { sizeof(gdt) - 1, (unsigned long)gdt };
	/* A legacy IDTR: 16-bit limit, 32-bit base. */
	struct {
		u16 limit;
		u32 base;
	} __attribute__((packed)) idt_desc = {
		sizeof(idt) - 1, (u32)(unsigned long)idt
	};

	test_attempt("#AC in ring 3 with a misaligned stack");
	set_ac_gate();
	legacy_ring3(&gdt_desc, &idt_desc,
		     (u32)(unsigned long)user_stack + sizeof(user_stack) - 2);
}
