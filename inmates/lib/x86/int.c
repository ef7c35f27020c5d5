// SPDX-License-Identifier: GPL-2.0
/*
 * IDT and interrupt dispatch. An exception in an inmate is a bug or a
 * test's expected fault: it is reported with the faulting address, the
 * cell marked FAILED in the comm region, and the CPU stopped.
 */
#include <inmate.h>

#define NUM_VECTORS		256
#define NUM_EXCEPTIONS		32
#define INT_STUB_SIZE		16
#define SEL_CODE64		0x18
#define GATE_INTERRUPT		0x8e	/* present, DPL 0, interrupt gate */
#define VECTOR_PAGE_FAULT	14
#define VECTOR_SPURIOUS		0xff	/* the APIC's (apic.c): no EOI */

/* What int-entry.S leaves on the stack, lowest address first. */
struct int_frame {
	u64 r11, r10, r9, r8, rdi, rsi, rdx, rcx, rax;
	u64 vector, error;
	u64 rip, cs, rflags, rsp, ss;
};

struct idt_gate {
	u16 offset_low;
	u16 selector;
	u8 ist;
	u8 type;
	u16 offset_mid;
	u32 offset_high;
	u32 reserved;
} __attribute__((packed));

extern const char int_stubs[];
void int_dispatch(struct int_frame *frame);

static struct idt_gate idt[NUM_VECTORS] __attribute__((aligned(16)));
static int_handler_t handlers[NUM_VECTORS];

static void set_gate(unsigned int vector)
{
	unsigned long addr = (unsigned long)int_stubs + vector * INT_STUB_SIZE;

	idt[vector] = (struct idt_gate){
		.offset_low = addr & 0xffff,
		.selector = SEL_CODE64,
		.type = GATE_INTERRUPT,
		.offset_mid = (addr >> 16) & 0xffff,
		.offset_high = addr >> 32,
	};
}

void int_init(void)
{
	struct {
		u16 limit;
		u64 base;
	} __attribute__((packed)) desc = {
		.limit = sizeof(idt) - 1,
		.base = (unsigned long)idt,
	};
	unsigned int vector;

	for (vector = 0; vector < NUM_VECTORS; vector++)
		set_gate(vector);
	asm volatile("lidt %0" : : "m" (desc));
}

void int_set_handler(unsigned int vector, int_handler_t handler)
{
	if (vector >= NUM_EXCEPTIONS && vector < NUM_VECTORS)
		handlers[vector] = handler;
}

static void __attribute__((noreturn)) exception(struct int_frame *frame)
{
	printk("EXCEPTION %llu, error 0x%llx, at rip 0x%llx, rsp 0x%llx",
	       frame->vector, frame->error, frame->rip, frame->rsp);
	if (frame->vector == VECTOR_PAGE_FAULT)
		printk(", address 0x%lx", read_cr2());
	printk("\n");
	comm_region->cell_state = JAILHOUSE_CELL_FAILED;
	stop();
}

void int_dispatch(struct int_frame *frame)
{
	int_handler_t handler;

	if (frame->vector < NUM_EXCEPTIONS)
		exception(frame);
	if (frame->vector == VECTOR_SPURIOUS)
		return;
	handler = handlers[frame->vector];
	if (handler)
		handler(frame->vector);
	else
		printk("unexpected interrupt %llu\n", frame->vector);
	apic_eoi();
}
