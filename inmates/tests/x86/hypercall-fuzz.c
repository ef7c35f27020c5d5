// SPDX-License-Identifier: GPL-2.0
/*
 * Hypercall fuzzer: random codes (the defined ones, unknown ones, random
 * 32- and 64-bit values) with random arguments (lib/fuzz.c: boundaries,
 * random values, addresses of this cell's RAM, of the root's, of the
 * hypervisor's, of MMIO) from a non-root cell. The command line gives
 * seed= (default 1), iterations= (default 100) and putc= (default 0: the
 * first that many calls are the console call with random arguments).
 *
 * Only the console call is open to a non-root cell: it must return a
 * negative errno unless the comm region says the console is permitted
 * (then 0, or an errno if the hypervisor limits the rate); any other code
 * must stop the cell before it returns. A call that breaks this is a
 * FAILURE; a run made of console calls only ends SURVIVED (the root side
 * checks that the cell is still destroyable).
 */
#include "isolation.h"
#include "fuzz.h"

#define HV_MEMORY		0x3b000000	/* memmap= of the test VM */

const char test_name[] = "hypercall-fuzz";

static const __u64 targets[] = {
	0x0, 0x1000, 0x2000,		/* own RAM: code, command line */
	JAILHOUSE_COMM_REGION_ADDR,
	HV_MEMORY, HV_MEMORY + 0x100000,
	0x3c200000,		/* the root's part of the reservation */
	0xb0000000,			/* MMCONFIG */
	0xfec00000, 0xfed90000, 0xfee00000, /* IOAPIC, IOMMU, APIC */
	0xfffff000,
	1ULL << 52,			/* beyond MAXPHYADDR */
	0xfffffffffffff000ULL,
};

/* What the hypervisor must answer to @code, if it answers at all. */
static bool answer_ok(__u64 code, long result)
{
	bool permitted = comm_region->flags &
			 JAILHOUSE_COMM_FLAG_DBG_PUTC_PERMITTED;

	if (code != JAILHOUSE_HC_DEBUG_CONSOLE_PUTC)
		return false;
	return permitted ? result <= 0 : result < 0;
}

static bool fuzz_one(struct fuzz_rng *rng, unsigned long i, bool putc)
{
	unsigned int num = sizeof(targets) / sizeof(targets[0]);
	__u64 code, arg1, arg2;
	long result;

	code = putc ? JAILHOUSE_HC_DEBUG_CONSOLE_PUTC :
		      fuzz_code(rng, JAILHOUSE_HC_DEBUG_CONSOLE_PUTC + 1);
	arg1 = fuzz_value(rng, targets, num);
	arg2 = fuzz_value(rng, targets, num);
	test_attempt("#%lu: hypercall 0x%llx (0x%llx, 0x%llx)", i,
		     (unsigned long long)code, (unsigned long long)arg1,
		     (unsigned long long)arg2);
	result = jailhouse_call(code, arg1, arg2);
	if (answer_ok(code, result))
		return true;
	printk("%s: #%lu: hypercall 0x%llx returned %ld\n", test_name, i,
	       (unsigned long long)code, result);
	return false;
}

void inmate_main(void)
{
	__u64 seed = cmdline_parse_int(cmdline, "seed", 1);
	unsigned long iterations = cmdline_parse_int(cmdline, "iterations",
						     100);
	unsigned long putc = cmdline_parse_int(cmdline, "putc", 0);
	struct fuzz_rng rng;
	unsigned long i;

	if (!hypervisor_present()) {
		test_report(TEST_SKIP, "no hypervisor to call");
		return;
	}
	printk("%s: seed %llu, %lu iterations, %lu console calls first\n",
	       test_name, (unsigned long long)seed, iterations, putc);
	fuzz_seed(&rng, seed);
	for (i = 0; i < iterations; i++) {
		if (!fuzz_one(&rng, i, i < putc)) {
			test_report(TEST_FAILURE, "call #%lu answered", i);
			return;
		}
	}
	test_report(TEST_SURVIVED, "%lu console calls", iterations);
	test_park();
}
