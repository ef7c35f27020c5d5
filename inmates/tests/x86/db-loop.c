// SPDX-License-Identifier: GPL-2.0
/*
 * The benign-exception loop: #DB whose delivery raises #DB again, for
 * ever. The hypervisor must intercept #DB (each round a VM exit) so that
 * the root can still destroy the cell.
 * - `watch=stack` (default): CVE-2015-8104, the #DB stack slot (an IST
 *   stack, so every round pushes at the same place) is watched by a data
 *   breakpoint. On hardware the trap comes before any NMI, so without
 *   the intercept not even the hypervisor's kick gets the CPU back.
 *   (QEMU's TCG drops the #DB instead.)
 * - `watch=handler`: an instruction breakpoint on the #DB handler, so
 *   that its first instruction faults again; TCG loops on this one.
 */
#include "isolation.h"

#define SEL_CODE64		0x18
#define SEL_TSS			0x20
#define GATE_INTERRUPT		0x8e
#define TSS_AVAILABLE		0x89
#define VECTOR_DB		1
#define IST_DB			1
#define DR7_L0			(1UL << 0)
#define DR7_GE			(1UL << 9)
#define DR7_RW0_WRITE		(1UL << 16)
#define DR7_LEN0_8		(2UL << 18)
#define DR7_DATA		(DR7_L0 | DR7_GE | DR7_RW0_WRITE | DR7_LEN0_8)
#define DR7_CODE		(DR7_L0 | DR7_GE)

const char test_name[] = "db-loop";

struct tss64 {
	u32 reserved0;
	u64 rsp[3];
	u64 reserved1;
	u64 ist[7];
	u64 reserved2;
	u16 reserved3;
	u16 iomap_base;
} __attribute__((packed));

static u64 gdt[6] __attribute__((aligned(16)));
static u64 idt[2 * (VECTOR_DB + 1)] __attribute__((aligned(16)));
static struct tss64 tss __attribute__((aligned(16)));
static u8 ist_stack[4096] __attribute__((aligned(16)));

/*
 * The #DB "handler": never reached, its delivery faults first. Away from
 * where other inmates have code: QEMU's TCG (7.2) loads DR7 on VMRUN and
 * #VMEXIT without updating its own breakpoint list, so the instruction
 * breakpoint outlives the cell there and would hit the next inmate's
 * code at the same address (real CPUs: DR0-DR3 are cleared, cpu-state.c).
 */
static void __attribute__((aligned(0x10000))) db_entry(void)
{
	stop();
}

static void load_tss(void)
{
	struct desc_reg old, desc = { sizeof(gdt) - 1, (unsigned long)gdt };
	u64 base = (unsigned long)&tss;

	asm volatile("sgdt %0" : "=m" (old));
	memcpy(gdt, (void *)old.base, SEL_TSS);
	gdt[SEL_TSS / 8] = (sizeof(tss) - 1) | (base & 0xffffff) << 16 |
			   (u64)TSS_AVAILABLE << 40 |
			   (base >> 24 & 0xff) << 56;
	gdt[SEL_TSS / 8 + 1] = base >> 32;
	tss.ist[IST_DB - 1] = (unsigned long)ist_stack + sizeof(ist_stack);
	asm volatile("lgdt %0; ltr %w1" : : "m" (desc), "r" (SEL_TSS));
}

static void load_idt(void)
{
	unsigned long addr = (unsigned long)db_entry;
	struct desc_reg desc = { sizeof(idt) - 1, (unsigned long)idt };

	idt[2 * VECTOR_DB] = (addr & 0xffff) | (u64)SEL_CODE64 << 16 |
			     (u64)IST_DB << 32 | (u64)GATE_INTERRUPT << 40 |
			     (addr >> 16 & 0xffff) << 48;
	idt[2 * VECTOR_DB + 1] = addr >> 32;
	asm volatile("lidt %0" : : "m" (desc));
}

static void set_breakpoint(unsigned long addr, unsigned long dr7)
{
	asm volatile("mov %0, %%dr0; mov %1, %%dr7" : : "r" (addr), "r" (dr7));
}

void inmate_main(void)
{
	volatile u64 *top = (u64 *)(ist_stack + sizeof(ist_stack)) - 1;
	void (*volatile enter)(void) = db_entry;
	bool handler = !strcmp(cmdline, "watch=handler");

	test_attempt("#DB with a breakpoint on its %s",
		     handler ? "handler" : "IST stack");
	irq_disable();
	load_tss();
	load_idt();
	if (handler) {
		set_breakpoint((unsigned long)db_entry, DR7_CODE);
		enter();
	} else {
		set_breakpoint((unsigned long)top, DR7_DATA);
		*top = 0;
	}
	test_report(TEST_FAILURE, "no #DB from the breakpoint");
	test_park();
}
