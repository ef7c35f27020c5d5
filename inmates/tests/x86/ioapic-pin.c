// SPDX-License-Identifier: GPL-2.0
/*
 * Program an IOAPIC pin the cell does not own (`pin=`, default 4: COM1,
 * the root cell's console): the entry must read as masked; writes that
 * keep it masked (as Linux masks every pin at boot) are dropped and the
 * cell goes on; the unmasking write must stop the cell (docs/isolation.md,
 * "IOAPIC").
 */
#include "isolation.h"

#define IOAPIC_BASE		0xfec00000UL
#define IOAPIC_SELECT		0x00
#define IOAPIC_WINDOW		0x10
#define IOAPIC_RTE		0x10
#define RTE_MASKED		0x10000
#define DEFAULT_PIN		4

const char test_name[] = "ioapic-pin";

static u32 ioapic_read(u8 index)
{
	mmio_write32(IOAPIC_BASE + IOAPIC_SELECT, index);
	return mmio_read32(IOAPIC_BASE + IOAPIC_WINDOW);
}

static void ioapic_write(u8 index, u32 value)
{
	mmio_write32(IOAPIC_BASE + IOAPIC_SELECT, index);
	mmio_write32(IOAPIC_BASE + IOAPIC_WINDOW, value);
}

void inmate_main(void)
{
	unsigned int pin = cmdline_parse_int(cmdline, "pin", DEFAULT_PIN);
	u8 index = IOAPIC_RTE + 2 * pin;
	u32 entry = ioapic_read(index);

	if (entry != RTE_MASKED) {
		test_report(TEST_FAILURE, "pin %u reads 0x%x, not masked",
			    pin, entry);
		test_park();
	}
	ioapic_write(index + 1, 0xff000000);
	ioapic_write(index, RTE_MASKED | 0x40);
	if (ioapic_read(index + 1) != 0 || ioapic_read(index) != RTE_MASKED) {
		test_report(TEST_FAILURE, "pin %u took a masked entry", pin);
		test_park();
	}
	test_attempt("unmask IOAPIC pin %u, vector 0x40, to this CPU", pin);
	ioapic_write(index, 0x40);
	test_report(TEST_FAILURE, "pin %u programmed: 0x%x", pin,
		    ioapic_read(index));
	test_park();
}
