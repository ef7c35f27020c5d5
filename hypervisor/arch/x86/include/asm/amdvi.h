/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AMD-Vi DMA remapping (AMD I/O Virtualization Technology (IOMMU)
 * Specification, "MMIO Registers", "Device Table Entry Format", "Command
 * Buffer", "Event Log", "Interrupt Remapping Tables"): what amdvi.c
 * writes to the hardware. The I/O
 * page table entries are lib/paging.h's (paging_env.amdvi).
 */
#ifndef _ASM_AMDVI_H
#define _ASM_AMDVI_H

#include <jailhouse/types.h>

/* Registers. */
#define AMDVI_DEV_TABLE_BASE	0x0000
#define AMDVI_CMD_BUF_BASE	0x0008
#define AMDVI_EVT_LOG_BASE	0x0010
#define AMDVI_CONTROL		0x0018
#define AMDVI_CMD_HEAD		0x2000
#define AMDVI_CMD_TAIL		0x2008
#define AMDVI_EVT_HEAD		0x2010
#define AMDVI_EVT_TAIL		0x2018
#define AMDVI_STATUS		0x2020

/* Control: the unit, its command buffer and event log (no interrupts). */
#define AMDVI_CTRL_IOMMU_EN	(1ULL << 0)
#define AMDVI_CTRL_EVT_LOG_EN	(1ULL << 2)
#define AMDVI_CTRL_CMD_BUF_EN	(1ULL << 12)

#define AMDVI_STATUS_EVT_OVERFLOW (1ULL << 0)	/* write 1 to clear */

/* Command buffer and event log base: 2^len entries of 16 bytes. */
#define AMDVI_RING_LEN(len)	((__u64)(len) << 56)
#define AMDVI_RING_PTR_MASK	0x7fff0ULL	/* head and tail, bytes */

/* Device table entry: four quadwords; a unit's table is pages - 1. */
#define AMDVI_DTE_V		(1ULL << 0)
#define AMDVI_DTE_TV		(1ULL << 1)
#define AMDVI_DTE_MODE(levels)	((__u64)(levels) << 9)
#define AMDVI_DTE_IR		(1ULL << 61)
#define AMDVI_DTE_IW		(1ULL << 62)
#define AMDVI_DTE_DOMAIN(did)	((__u64)(did) & 0xffff)	/* quadword 1 */
#define AMDVI_DTE_BYTES		32
/* Quadword 2: interrupts through the table at IntTableRootPtr (IntCtl 2). */
#define AMDVI_DTE_IV		(1ULL << 0)
#define AMDVI_DTE_INT_TAB_LEN(log2)	((__u64)(log2) << 1)
#define AMDVI_DTE_INT_ROOT_MASK	0x000fffffffffffc0ULL
#define AMDVI_DTE_INT_CTL_REMAP	(2ULL << 60)

/* 32-bit interrupt remapping entry (GAEn clear), xAPIC destination. */
#define AMDVI_IRTE_REMAP_EN	(1U << 0)
#define AMDVI_IRTE_INT_TYPE(t)	((__u32)(t) << 2)	/* 0 fixed, 1 arbitrated */
#define AMDVI_IRTE_DM		(1U << 6)		/* logical destination */
#define AMDVI_IRTE_DEST(d)	((__u32)(d) << 8)
#define AMDVI_IRTE_VECTOR(v)	((__u32)(v) << 16)
/* What a remapped device writes: the index in data bits 0-7 (type fixed). */
#define AMDVI_MSI_ADDRESS	0xfee00000U

/* Commands: opcode in bits 60-63 of the first quadword. */
#define AMDVI_CMD_OP(op)	((__u64)(op) << 60)
#define AMDVI_CMD_COMPLETION_WAIT	AMDVI_CMD_OP(1)
#define AMDVI_CMD_INV_DEVTAB_ENTRY	AMDVI_CMD_OP(2)
#define AMDVI_CMD_INV_IOMMU_PAGES	AMDVI_CMD_OP(3)
#define AMDVI_CMD_INV_INT_TABLE		AMDVI_CMD_OP(5)
#define AMDVI_CMD_WAIT_STORE		(1ULL << 0)
#define AMDVI_CMD_PAGES_DOMAIN(did)	((__u64)(did) << 32)
/* Second quadword: every page (S, the all-ones address) and the PDEs. */
#define AMDVI_CMD_PAGES_ALL	(0x7ffffffffffff000ULL | 3)

/* Event log entries: device id, code and flags, address. */
#define AMDVI_EVT_DEVICE(lo)	((__u16)(lo))
#define AMDVI_EVT_CODE(lo)	((unsigned int)((lo) >> 60))
#define AMDVI_EVT_FLAGS(lo)	((unsigned int)((lo) >> 48) & 0xfff)
#define AMDVI_EVT_IO_PAGE_FAULT	2
#define AMDVI_EVT_FLAG_RW	(1U << 5)	/* a write */

#endif /* !_ASM_AMDVI_H */
