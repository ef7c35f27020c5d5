// SPDX-License-Identifier: GPL-2.0
/*
 * Send INIT and then a start-up IPI to a CPU of the root cell (`target=`
 * APIC id, default 0): it would reset that CPU and start it at 0x10000.
 * The hypervisor must stop the cell or drop both; Linux must live on.
 */
#include "isolation.h"

#define DEFAULT_TARGET		0
#define SIPI_VECTOR		0x10	/* start at 0x10000 */

const char test_name[] = "init-root";

void inmate_main(void)
{
	u32 target = cmdline_parse_int(cmdline, "target", DEFAULT_TARGET);

	apic_init();
	if (target == apic_id()) {
		test_report(TEST_SKIP, "APIC id %u is this CPU", target);
		return;
	}
	test_attempt("INIT and SIPI to APIC id %u, a root CPU", target);
	apic_send_ipi(target, APIC_ICR_INIT | APIC_ICR_ASSERT);
	delay_us(10000);
	apic_send_ipi(target, APIC_ICR_SIPI | APIC_ICR_ASSERT | SIPI_VECTOR);
	test_report(TEST_SURVIVED, "INIT and SIPI to APIC id %u issued",
		    target);
	test_park();
}
