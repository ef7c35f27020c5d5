// SPDX-License-Identifier: GPL-2.0
/*
 * WBINVD in a loop, then INVD. WBINVD stalls the caches other cells
 * share, INVD would drop everyone's dirty lines: the hypervisor must
 * intercept both (and may ignore them, the cell having no DMA), and the
 * cell must go on.
 */
#include "isolation.h"

#define ROUNDS		1000

const char test_name[] = "cache-flush";

void inmate_main(void)
{
	unsigned int n;

	test_attempt("%u x WBINVD, then INVD", ROUNDS);
	for (n = 0; n < ROUNDS; n++)
		asm volatile("wbinvd" : : : "memory");
	asm volatile("invd" : : : "memory");
	test_report(TEST_SURVIVED, "the caches are the hypervisor's to flush");
	test_park();
}
