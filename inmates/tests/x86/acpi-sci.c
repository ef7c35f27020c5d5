// SPDX-License-Identifier: GPL-2.0
/*
 * What Jailhouse's ioapic-demo does, in our library: take the ACPI SCI
 * (`pin=`, default 9) as a level-triggered, active-high pin aimed at
 * this CPU (vector 32), programmed through the IOAPIC's index and data
 * registers as Jailhouse's library does it (destination word first),
 * and let the PM timer raise it: TMR_EN in the PM1 enable register, the
 * PM1 event block being the 8 ports below the PM timer (comm region).
 * Each interrupt reads PM1 status and writes it back to clear the event;
 * the EOI must then let the next one through (the pin is level
 * triggered). SUCCESS after `count=` interrupts (default 2, one each 2.3
 * s), FAILURE if one does not come within 5 s.
 */
#include "isolation.h"

#define IOAPIC_BASE		0xfec00000UL
#define IOAPIC_SELECT		0x00
#define IOAPIC_WINDOW		0x10
#define IOAPIC_RTE		0x10
#define RTE_MASKED		0x10000
#define RTE_LEVEL		0x8000
#define SCI_VECTOR		32
#define DEFAULT_PIN		9
#define DEFAULT_COUNT		2
#define PM1_EVT_BELOW_TIMER	8
#define PM1_STATUS		0
#define PM1_ENABLE		2
#define PM1_TMR			0x0001
#define WAIT_US			5000000ULL

const char test_name[] = "acpi-sci";

static u16 pm1;
static volatile unsigned int interrupts;
static volatile u16 last_status;

static void ioapic_write(u8 index, u32 value)
{
	mmio_write32(IOAPIC_BASE + IOAPIC_SELECT, index);
	mmio_write32(IOAPIC_BASE + IOAPIC_WINDOW, value);
}

static void sci_interrupt(unsigned int vector)
{
	u16 status = inw(pm1 + PM1_STATUS);

	(void)vector;
	outw(status, pm1 + PM1_STATUS);
	last_status = status;
	interrupts++;
}

static bool next_interrupt(unsigned int n)
{
	u64 end = tsc_read_ns() + WAIT_US * 1000ULL;

	while (interrupts < n)
		if (tsc_read_ns() > end)
			return false;
	printk("%s: SCI %u received, PM1 status 0x%04x\n", test_name, n,
	       last_status);
	return true;
}

void inmate_main(void)
{
	unsigned int pin = cmdline_parse_int(cmdline, "pin", DEFAULT_PIN);
	unsigned int count = cmdline_parse_int(cmdline, "count",
					       DEFAULT_COUNT), n;
	u8 index = IOAPIC_RTE + 2 * pin;

	pm1 = comm_region->pm_timer_address - PM1_EVT_BELOW_TIMER;
	apic_init();
	int_set_handler(SCI_VECTOR, sci_interrupt);
	ioapic_write(index + 1, apic_id() << 24);
	ioapic_write(index, RTE_LEVEL | SCI_VECTOR);
	outw(inw(pm1 + PM1_ENABLE) | PM1_TMR, pm1 + PM1_ENABLE);
	irq_enable();
	for (n = 1; n <= count; n++)
		if (!next_interrupt(n)) {
			test_report(TEST_FAILURE, "SCI %u did not come", n);
			break;
		}
	irq_disable();
	outw(inw(pm1 + PM1_ENABLE) & ~PM1_TMR, pm1 + PM1_ENABLE);
	ioapic_write(index, RTE_MASKED | RTE_LEVEL | SCI_VECTOR);
	if (n > count)
		test_report(TEST_SUCCESS, "%u level-triggered SCIs on pin %u",
			    count, pin);
	test_park();
}
