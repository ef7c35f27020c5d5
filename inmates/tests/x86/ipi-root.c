// SPDX-License-Identifier: GPL-2.0
/*
 * Send an NMI to a CPU of the root cell (`target=` APIC id, default 0),
 * which Linux would report as an unknown NMI. The hypervisor must stop the
 * cell or drop the IPI; the root side checks its log.
 */
#include "isolation.h"

#define DEFAULT_TARGET		0

const char test_name[] = "ipi-root";

void inmate_main(void)
{
	u32 target = cmdline_parse_int(cmdline, "target", DEFAULT_TARGET);

	apic_init();
	if (target == apic_id()) {
		test_report(TEST_SKIP, "APIC id %u is this CPU", target);
		return;
	}
	test_attempt("NMI to APIC id %u, a root CPU", target);
	apic_send_ipi(target, APIC_ICR_NMI | APIC_ICR_ASSERT);
	test_report(TEST_SURVIVED, "NMI to APIC id %u issued", target);
	test_park();
}
