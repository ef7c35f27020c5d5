// SPDX-License-Identifier: GPL-2.0
/*
 * An interrupt pin of the cell's own (`pin=`, default 3: COM2, whose
 * ports the cell has too). It must read masked after the hand-over; aimed
 * at this CPU it must deliver COM2's transmitter-empty interrupt; aimed
 * at a CPU of the root cell (`root=`, APIC id 0) the write must stop the
 * cell (docs/isolation.md, "IOAPIC").
 */
#include "isolation.h"

#define IOAPIC_BASE		0xfec00000UL
#define IOAPIC_SELECT		0x00
#define IOAPIC_WINDOW		0x10
#define IOAPIC_RTE		0x10
#define RTE_MASKED		0x10000
#define COM2			0x2f8
#define UART_IER		1
#define UART_IIR		2
#define UART_MCR		4
#define UART_IER_THRI		0x02
#define UART_MCR_OUT2		0x08
#define UART_VECTOR		0x33
#define DEFAULT_PIN		3
/* TSC cycles to wait for the interrupt: well over 10 ms at any speed. */
#define WAIT_CYCLES		100000000ULL

const char test_name[] = "uart-irq";

static volatile unsigned int interrupts;

static void ioapic_write(u8 index, u32 value)
{
	mmio_write32(IOAPIC_BASE + IOAPIC_SELECT, index);
	mmio_write32(IOAPIC_BASE + IOAPIC_WINDOW, value);
}

static u32 ioapic_read(u8 index)
{
	mmio_write32(IOAPIC_BASE + IOAPIC_SELECT, index);
	return mmio_read32(IOAPIC_BASE + IOAPIC_WINDOW);
}

/* The UART stops asking once its interrupt is off and IIR read. */
static void uart_interrupt(unsigned int vector)
{
	(void)vector;
	outb(0, COM2 + UART_IER);
	inb(COM2 + UART_IIR);
	interrupts++;
	apic_eoi();
}

static bool interrupt_arrives(void)
{
	u64 start = read_tsc();

	outb(inb(COM2 + UART_MCR) | UART_MCR_OUT2, COM2 + UART_MCR);
	irq_enable();
	outb(UART_IER_THRI, COM2 + UART_IER);
	while (!interrupts && read_tsc() - start < WAIT_CYCLES)
		cpu_relax();
	irq_disable();
	return interrupts;
}

void inmate_main(void)
{
	unsigned int pin = cmdline_parse_int(cmdline, "pin", DEFAULT_PIN);
	u32 root = cmdline_parse_int(cmdline, "root", 0);
	u8 index = IOAPIC_RTE + 2 * pin;
	u32 entry = ioapic_read(index);

	if (!(entry & RTE_MASKED)) {
		test_report(TEST_FAILURE, "pin %u unmasked: 0x%x", pin, entry);
		test_park();
	}
	apic_init();
	int_set_handler(UART_VECTOR, uart_interrupt);
	ioapic_write(index + 1, apic_id() << 24);
	ioapic_write(index, UART_VECTOR);
	if (!interrupt_arrives()) {
		test_report(TEST_FAILURE, "no interrupt from pin %u", pin);
		test_park();
	}
	printk("%s: pin %u delivered vector 0x%x to APIC id %u\n", test_name,
	       pin, UART_VECTOR, apic_id());
	ioapic_write(index, UART_VECTOR | RTE_MASKED);
	test_attempt("aim pin %u at APIC id %u, a root CPU", pin, root);
	ioapic_write(index + 1, root << 24);
	ioapic_write(index, UART_VECTOR);
	test_report(TEST_FAILURE, "pin %u aimed at APIC id %u", pin, root);
	test_park();
}
