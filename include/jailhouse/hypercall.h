/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hypercall interface, compatible with Jailhouse's x86 ABI.
 *
 * A cell issues VMCALL (Intel) or VMMCALL (AMD) with the code in EAX and
 * up to two arguments in RDI and RSI; the result comes back in RAX
 * (negative errno on failure). Codes below JAILHOUSE_HC_DEBUG_CONSOLE_PUTC,
 * and JAILHOUSE_HC_CELL_LOAD, are accepted from the root cell only.
 */
#ifndef _JAILHOUSE_HYPERCALL_H
#define _JAILHOUSE_HYPERCALL_H

#include <jailhouse/types.h>

#define JAILHOUSE_HC_DISABLE			0
#define JAILHOUSE_HC_CELL_CREATE		1
#define JAILHOUSE_HC_CELL_START			2
#define JAILHOUSE_HC_CELL_SET_LOADABLE		3
#define JAILHOUSE_HC_CELL_DESTROY		4
#define JAILHOUSE_HC_HYPERVISOR_GET_INFO	5
#define JAILHOUSE_HC_CELL_GET_STATE		6
#define JAILHOUSE_HC_CPU_GET_INFO		7
#define JAILHOUSE_HC_DEBUG_CONSOLE_PUTC		8
#define JAILHOUSE_HC_CELL_LOAD			9

/*
 * JAILHOUSE_HC_CELL_LOAD(cell id, root guest-physical address of this):
 * the hypervisor copies @size bytes from the root cell's RAM at @src into
 * the stopped cell at its guest-physical @dst, which must lie in the
 * cell's loadable regions. Loadable memory never returns to the root cell
 * while the cell exists: the loader copies the verified image from its
 * own buffer, so nothing the root's user space can write reaches the cell
 * between verification and start. Filled by the loader.
 */
#define JAILHOUSE_LOAD_MAX_SIZE			0x200000

struct jailhouse_load_chunk {
	__u64 src;	/* root guest-physical */
	__u64 dst;	/* the cell's guest-physical */
	__u64 size;	/* 1 to JAILHOUSE_LOAD_MAX_SIZE */
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_load_chunk, 24);

/* Sub-codes of JAILHOUSE_HC_HYPERVISOR_GET_INFO. */
#define JAILHOUSE_INFO_MEM_POOL_SIZE		0
#define JAILHOUSE_INFO_MEM_POOL_USED		1
#define JAILHOUSE_INFO_REMAP_POOL_SIZE		2
#define JAILHOUSE_INFO_REMAP_POOL_USED		3
#define JAILHOUSE_INFO_NUM_CELLS		4

/* Sub-codes of JAILHOUSE_HC_CPU_GET_INFO; statistic n is asked as 1000+n. */
#define JAILHOUSE_CPU_INFO_STATE		0
#define JAILHOUSE_CPU_INFO_STAT_BASE		1000

#define JAILHOUSE_CPU_RUNNING			0
#define JAILHOUSE_CPU_FAILED			2

/*
 * Per-CPU VM-exit counters, asked as JAILHOUSE_CPU_INFO_STAT_BASE + n.
 * Numbers 0-11 match Jailhouse's x86 statistics; the hypervisor counts
 * every exit in TOTAL and in exactly one reason.
 */
#define JAILHOUSE_CPU_STAT_VMEXITS_TOTAL	0
#define JAILHOUSE_CPU_STAT_VMEXITS_MMIO		1 /* NPT/EPT violation */
#define JAILHOUSE_CPU_STAT_VMEXITS_MANAGEMENT	2 /* hypervisor's own IPIs */
#define JAILHOUSE_CPU_STAT_VMEXITS_HYPERCALL	3
#define JAILHOUSE_CPU_STAT_VMEXITS_PIO		4
#define JAILHOUSE_CPU_STAT_VMEXITS_XAPIC	5
#define JAILHOUSE_CPU_STAT_VMEXITS_CR		6
#define JAILHOUSE_CPU_STAT_VMEXITS_CPUID	7
#define JAILHOUSE_CPU_STAT_VMEXITS_XSETBV	8
#define JAILHOUSE_CPU_STAT_VMEXITS_EXCEPTION	9
#define JAILHOUSE_CPU_STAT_VMEXITS_MSR_OTHER	10
#define JAILHOUSE_CPU_STAT_VMEXITS_MSR_X2APIC_ICR 11
#define JAILHOUSE_CPU_STAT_VMEXITS_INTERRUPT	12 /* external IRQ, NMI, INIT */
#define JAILHOUSE_CPU_STAT_VMEXITS_OTHER	13
/*
 * Not an exit: DMA faults of the devices of the CPU's cell, counted on
 * the cell's first CPU (jailhouse/iommu.h); not in TOTAL.
 */
#define JAILHOUSE_CPU_STAT_DMA_FAULTS		14
/* Not an exit either: interrupt remapping faults, counted the same way. */
#define JAILHOUSE_CPU_STAT_IRQ_FAULTS		15
/*
 * Not an exit: memory or MMIO accesses of the root cell refused and
 * completed as master aborts (or #GP), counted on the accessing CPU.
 */
#define JAILHOUSE_CPU_STAT_ROOT_REFUSED		16
/*
 * Not an exit: MSR accesses refused to a cell with the msr-fault flag
 * and answered with #GP in the cell, counted on the accessing CPU.
 */
#define JAILHOUSE_CPU_STAT_MSR_FAULTS		17
#define JAILHOUSE_NUM_CPU_STATS			18

/*
 * CPUID leaves of the hypervisor. JAILHOUSE_CPUID_SIGNATURE answers EAX =
 * highest hypervisor leaf, EBX ECX EDX = "Jailhouse\0\0\0"; the features
 * leaf reads all zero for now.
 */
#define JAILHOUSE_CPUID_SIGNATURE		0x40000000
#define JAILHOUSE_CPUID_FEATURES		0x40000001

/* Cell states, as seen in the comm region and by CELL_GET_STATE. */
#define JAILHOUSE_CELL_RUNNING			0
#define JAILHOUSE_CELL_RUNNING_LOCKED		1
#define JAILHOUSE_CELL_SHUT_DOWN		2 /* terminal state */
#define JAILHOUSE_CELL_FAILED			3 /* terminal state */
#define JAILHOUSE_CELL_FAILED_COMM_REV		4 /* terminal state */

/* Messages from the hypervisor to a cell, and the cell's replies. */
#define JAILHOUSE_MSG_NONE			0
#define JAILHOUSE_MSG_SHUTDOWN_REQUEST		1
#define JAILHOUSE_MSG_RECONFIG_COMPLETED	2

#define JAILHOUSE_MSG_UNKNOWN			1
#define JAILHOUSE_MSG_REQUEST_DENIED		2
#define JAILHOUSE_MSG_REQUEST_APPROVED		3
#define JAILHOUSE_MSG_RECEIVED			4

#endif /* !_JAILHOUSE_HYPERCALL_H */
