/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Intel VT-d DMA and interrupt remapping (Intel VT-d specification,
 * "Register Descriptions", "Root Entry", "Context Entry", "Queued
 * Invalidation", "Fault Recording Registers", "Interrupt Remapping Table
 * Entry"): what vtd.c writes to the hardware.
 */
#ifndef _ASM_VTD_H
#define _ASM_VTD_H

#include <jailhouse/types.h>

/* Registers. */
#define VTD_CAP			0x08
#define VTD_ECAP		0x10
#define VTD_GCMD		0x18
#define VTD_GSTS		0x1c
#define VTD_RTADDR		0x20
#define VTD_FSTS		0x34
#define VTD_FECTL		0x38
#define VTD_IQT			0x88
#define VTD_IQA			0x90
#define VTD_IRTA		0xb8

/* CAP: adjusted guest address widths, super pages, fault records. */
#define VTD_CAP_CM		(1ULL << 7)
#define VTD_CAP_SAGAW_39	(1ULL << 9)	/* 3-level tables */
#define VTD_CAP_SAGAW_48	(1ULL << 10)	/* 4-level tables */
#define VTD_CAP_MGAW(cap)	((((cap) >> 16) & 0x3f) + 1)
#define VTD_CAP_FRO(cap)	((((cap) >> 24) & 0x3ff) * 16)
#define VTD_CAP_SLLPS_2M	(1ULL << 34)
#define VTD_CAP_NFR(cap)	((((cap) >> 40) & 0xff) + 1)

/* ECAP: table walks snoop the caches; queued invalidation. */
#define VTD_ECAP_C		(1ULL << 0)
#define VTD_ECAP_QI		(1ULL << 1)
#define VTD_ECAP_IR		(1ULL << 3)

/* GCMD and GSTS share bit positions. */
#define VTD_GCMD_TE		(1U << 31)
#define VTD_GCMD_SRTP		(1U << 30)
#define VTD_GCMD_QIE		(1U << 26)
#define VTD_GCMD_IRE		(1U << 25)
#define VTD_GCMD_SIRTP		(1U << 24)
#define VTD_GCMD_CFI		(1U << 23)
/* TE, QIE, IRE, CFI: the state a GCMD write repeats; the rest act once. */
#define VTD_GCMD_STATE		0x96800000U

/* FSTS: overflow, a pending record, queue errors; FECTL: mask. */
#define VTD_FSTS_PFO		(1U << 0)
#define VTD_FSTS_PPF		(1U << 1)
#define VTD_FSTS_IQE		(1U << 4)
#define VTD_FSTS_W1C		0x7dU
#define VTD_FSTS_FRI(fsts)	(((fsts) >> 8) & 0xff)
#define VTD_FECTL_IM		(1U << 31)

/* A fault record's upper quadword; the lower one is the address. */
#define VTD_FRCD_F		(1ULL << 63)
#define VTD_FRCD_READ		(1ULL << 62)
#define VTD_FRCD_REASON(hi)	(((hi) >> 32) & 0xff)
#define VTD_FRCD_SID(hi)	((hi) & 0xffff)
/* Reasons 0x20 and up are interrupt remapping faults; FI = the index. */
#define VTD_FRCD_REASON_IR	0x20
#define VTD_FRCD_IR_INDEX(lo)	((lo) >> 48)

/* Root entry (lower quadword): present, context table. */
#define VTD_ROOT_PRESENT	1ULL
/* Context entry: present, translation type 0 (second level only). */
#define VTD_CTX_PRESENT		1ULL
#define VTD_CTX_AW(levels)	((__u64)(levels) - 2)
#define VTD_CTX_DID(did)	((__u64)(did) << 8)
#define VTD_CTX_DID_OF(hi)	((__u16)((hi) >> 8))

/* Invalidation descriptors (128 bits, lower quadword's fields). */
#define VTD_INV_CONTEXT		0x1ULL
#define VTD_INV_IOTLB		0x2ULL
#define VTD_INV_IEC		0x4ULL
#define VTD_INV_WAIT		0x5ULL
#define VTD_INV_GLOBAL		(1ULL << 4)
#define VTD_INV_DOMAIN		(2ULL << 4)
#define VTD_INV_DEVICE		(3ULL << 4)	/* context cache only */
#define VTD_INV_IOTLB_DR	(1ULL << 6)	/* drain reads */
#define VTD_INV_IOTLB_DW	(1ULL << 7)	/* drain writes */
#define VTD_INV_DID(did)	((__u64)(did) << 16)
#define VTD_INV_SID(sid)	((__u64)(sid) << 32)
#define VTD_INV_WAIT_SW		(1ULL << 5)	/* write status data */
#define VTD_INV_WAIT_FN		(1ULL << 6)	/* after earlier ones */
#define VTD_INV_WAIT_DATA(v)	((__u64)(v) << 32)
#define VTD_INV_IEC_INDEX	(1ULL << 4)	/* one entry, not all */
#define VTD_INV_IEC_IIDX(i)	((__u64)(i) << 32)

/* IRTA: table address and size (2^(S + 1) entries), xAPIC format. */
#define VTD_IRTA_SIZE(entries)	((__u64)__builtin_ctz(entries) - 1)

/* Interrupt remapping table entry, lower quadword (remapped format). */
#define VTD_IRTE_PRESENT	(1ULL << 0)
#define VTD_IRTE_LOGICAL	(1ULL << 2)
#define VTD_IRTE_LEVEL		(1ULL << 4)
#define VTD_IRTE_DLVR(mode)	((__u64)(mode) << 5)
#define VTD_IRTE_VECTOR(v)	((__u64)(v) << 16)
#define VTD_IRTE_XAPIC_DEST(d)	((__u64)(d) << 40)
/* Upper quadword: the requester id must match all 16 bits (SVT 01). */
#define VTD_IRTE_SID(sid)	((__u64)(sid) | (1ULL << 18))

#endif /* !_ASM_VTD_H */
