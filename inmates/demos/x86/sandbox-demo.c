// SPDX-License-Identifier: GPL-2.0
/*
 * The sandbox demo workload: checksums a buffer over and over and checks
 * every result against the first. The loop does nothing that leaves the
 * cell (no port I/O, CPUID, MSR, HLT; the comm region is plain memory),
 * so it runs without VM exits except while it prints a progress line
 * every `progress=N` rounds (command line; 0: never).
 */
#include <inmate.h>

#define BUFFER_SIZE		4096
#define DEFAULT_PROGRESS	20000	/* about 2 s under QEMU TCG */
#define FNV64_OFFSET		0xcbf29ce484222325ULL
#define FNV64_PRIME		0x100000001b3ULL

static u8 buffer[BUFFER_SIZE];

static void fill_buffer(void)
{
	unsigned int i;

	for (i = 0; i < BUFFER_SIZE; i++)
		buffer[i] = (u8)(i * 31 + 7);
}

/* FNV-1a, 64 bit. */
static u64 checksum(const u8 *data, unsigned int len)
{
	u64 hash = FNV64_OFFSET;

	while (len--) {
		hash ^= *data++;
		hash *= FNV64_PRIME;
	}
	return hash;
}

void inmate_main(void)
{
	u64 every = cmdline_parse_int(cmdline, "progress", DEFAULT_PROGRESS);
	u64 round, reference, sum, mismatches = 0;

	printk("sandbox-demo: sealed compute workload started\n");
	fill_buffer();
	reference = checksum(buffer, BUFFER_SIZE);
	printk("sandbox-demo: %u-byte buffer, reference checksum 0x%016llx, "
	       "progress every %llu rounds\n", BUFFER_SIZE, reference, every);
	for (round = 1; !inmate_shutdown_approved(); round++) {
		/* Really recompute: the buffer is not known to stay intact. */
		asm volatile("" : : : "memory");
		sum = checksum(buffer, BUFFER_SIZE);
		if (sum != reference)
			mismatches++;
		if (every && round % every == 0)
			printk("sandbox-demo: round %llu, checksum 0x%016llx, "
			       "%llu mismatches\n", round, sum, mismatches);
	}
	printk("sandbox-demo: shutdown request approved after %llu rounds, "
	       "%llu mismatches\n", round - 1, mismatches);
}
