// SPDX-License-Identifier: GPL-2.0
/* Random input for the fuzzers; see fuzz.h. */
#include "fuzz.h"

#define PAGE_BYTES		0x1000ULL

static const __u64 boundaries[] = {
	0, 1, 2, 3, 4, 0x7f, 0x80, 0xff, 0xfff, 0x1000,
	0x7fffffffULL, 0x80000000ULL, 0xffffffffULL, 0x100000000ULL,
	0x7fffffffffffffffULL, 0x8000000000000000ULL,
	0xfffffffffffff000ULL, ~0ULL,
};

void fuzz_seed(struct fuzz_rng *rng, __u64 seed)
{
	rng->state = seed;
}

__u64 fuzz_next(struct fuzz_rng *rng)
{
	__u64 z;

	rng->state += 0x9e3779b97f4a7c15ULL;
	z = rng->state;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

__u64 fuzz_below(struct fuzz_rng *rng, __u64 bound)
{
	return fuzz_next(rng) % bound;
}

static __u64 near_target(struct fuzz_rng *rng, __u64 target)
{
	__u64 page = target & ~(PAGE_BYTES - 1);

	switch (fuzz_below(rng, 3)) {
	case 0:
		return page;
	case 1:
		return page + fuzz_below(rng, PAGE_BYTES);
	default:
		return page + PAGE_BYTES - 1;
	}
}

__u64 fuzz_value(struct fuzz_rng *rng, const __u64 *targets,
		 unsigned int num_targets)
{
	unsigned int num_boundaries =
		sizeof(boundaries) / sizeof(boundaries[0]);

	switch (fuzz_below(rng, 4)) {
	case 0:
		return fuzz_next(rng);
	case 1:
		return (__u32)fuzz_next(rng);
	case 2:
		return boundaries[fuzz_below(rng, num_boundaries)];
	default:
		if (!num_targets)
			return fuzz_next(rng);
		return near_target(rng,
				   targets[fuzz_below(rng, num_targets)]);
	}
}

__u64 fuzz_code(struct fuzz_rng *rng, unsigned int num_valid)
{
	switch (fuzz_below(rng, 6)) {
	case 0:
		return num_valid + fuzz_below(rng, 16);
	case 1:
		return (__u32)fuzz_next(rng);
	case 2:
		return fuzz_next(rng);
	default:
		return fuzz_below(rng, num_valid);
	}
}
