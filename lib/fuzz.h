/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Deterministic random input for the fuzzers of the test suite: the
 * hypercall fuzzer inmate, the root cell's hypercall fuzzer module and
 * the ioctl fuzzer (tests/hostile/). One seed gives the same sequence in
 * every world (splitmix64), so a run that found something is replayed
 * from the seed it printed.
 */
#ifndef _JAILHOUSE_LIB_FUZZ_H
#define _JAILHOUSE_LIB_FUZZ_H

#include <jailhouse/types.h>

struct fuzz_rng {
	__u64 state;
};

void fuzz_seed(struct fuzz_rng *rng, __u64 seed);
__u64 fuzz_next(struct fuzz_rng *rng);

/* A number in [0, @bound); @bound must not be 0. */
__u64 fuzz_below(struct fuzz_rng *rng, __u64 bound);

/*
 * An argument: a random 64- or 32-bit value, a boundary (0, 1, -1, the
 * edges of the signed and unsigned 32- and 64-bit ranges, small numbers
 * that name ids) or one of @num_targets addresses the caller finds
 * interesting (its own RAM, someone else's, the hypervisor's, MMIO),
 * page-aligned, at a random offset or at the last byte of its page.
 */
__u64 fuzz_value(struct fuzz_rng *rng, const __u64 *targets,
		 unsigned int num_targets);

/*
 * A hypercall code: half the time one below @num_valid (the defined
 * codes), else a small unknown one, a random 32-bit or a random 64-bit
 * value.
 */
__u64 fuzz_code(struct fuzz_rng *rng, unsigned int num_valid);

#endif /* !_JAILHOUSE_LIB_FUZZ_H */
