/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The XSAVE header of a compacted image that XRSTORS loads to put the
 * supervisor state components (IA32_XSS) in their initial state
 * (xsave-header.c, host-tested; Intel SDM vol. 1, 13.4.2 and 13.12).
 */
#ifndef _ASM_XSAVE_HEADER_H
#define _ASM_XSAVE_HEADER_H

#include <stdbool.h>
#include <jailhouse/types.h>

#define XSAVE_LEGACY_SIZE	512
#define XCOMP_BV_COMPACTED	(1ULL << 63)

/** At byte 512 of an XSAVE area. */
struct xsave_header {
	__u64 xstate_bv;
	__u64 xcomp_bv;
	/** Bytes 16-63: zero, or XRSTORS faults. */
	__u64 reserved[6];
};

/** A compacted image: legacy region, header; 64-byte aligned. */
struct xsave_init_image {
	__u8 legacy[XSAVE_LEGACY_SIZE];
	struct xsave_header header;
} __attribute__((aligned(64)));

/**
 * The header with which XRSTORS, RFBM = @xss, initialises every
 * component of @xss: compacted format holding @xss, none of them saved
 * (XSTATE_BV 0).
 */
struct xsave_header xrstors_init_header(__u64 xss);

/**
 * Whether XRSTORS accepts @h with XCR0 @xcr0 and IA32_XSS @xss (its
 * #GP list): XCOMP_BV[63] set, XCOMP_BV[62:0] within XCR0 | IA32_XSS,
 * XSTATE_BV within XCOMP_BV[62:0], bytes 16-63 zero.
 */
bool xrstors_header_valid(const struct xsave_header *h, __u64 xcr0, __u64 xss);

#endif /* !_ASM_XSAVE_HEADER_H */
