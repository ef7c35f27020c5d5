/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Communication region between the hypervisor and a non-root cell,
 * binary compatible with Jailhouse's x86 comm region (ABI revision 2), so
 * that an inmate built for Jailhouse runs unmodified.
 *
 * The hypervisor maps one page at guest-physical JAILHOUSE_COMM_REGION_ADDR
 * into every non-root cell, zeroes it when the cell starts (so the state
 * reads JAILHOUSE_CELL_RUNNING), then fills the fields marked "filled by
 * the hypervisor". The cell owns cell_state and reply_from_cell; the
 * hypervisor owns msg_to_cell. Everything the cell writes is untrusted.
 *
 * Message handshake (codes in <jailhouse/hypercall.h>): the hypervisor
 * clears reply_from_cell, fences, writes msg_to_cell and polls for a
 * reply; the cell clears msg_to_cell, fences, writes reply_from_cell.
 */
#ifndef _JAILHOUSE_COMM_REGION_H
#define _JAILHOUSE_COMM_REGION_H

/* Guest-physical addresses of the x86 inmate environment. */
#define JAILHOUSE_COMM_REGION_ADDR	0x100000
#define JAILHOUSE_CMDLINE_ADDR		0x1000

#define JAILHOUSE_COMM_REGION_MAGIC	"JHCOMM"
#define JAILHOUSE_COMM_REGION_MAGIC_LEN	6
#define JAILHOUSE_COMM_REGION_REVISION	2

/* comm region flags: the cell may use / shall use DEBUG_CONSOLE_PUTC. */
#define JAILHOUSE_COMM_FLAG_DBG_PUTC_PERMITTED	0x0001
#define JAILHOUSE_COMM_FLAG_DBG_PUTC_ACTIVE	0x0002

/*
 * Console of the cell, in Jailhouse's layout (not the config's struct
 * jailhouse_console: the hypervisor translates). Only the 8250 type is
 * used on x86; address is an I/O port unless the MMIO flag is set.
 */
#define JAILHOUSE_COMM_CON_TYPE_NONE	0x0000
#define JAILHOUSE_COMM_CON_TYPE_8250	0x0002
/* Console flags: MMIO instead of port I/O; 32-bit registers. */
#define JAILHOUSE_COMM_CON_MMIO		0x0001
#define JAILHOUSE_COMM_CON_REGDIST_4	0x0002

#ifndef __ASSEMBLER__
#include <jailhouse/types.h>

struct jailhouse_comm_console {
	__u64 address;
	__u32 size;
	__u16 type;		/* JAILHOUSE_COMM_CON_TYPE_* */
	__u16 flags;		/* JAILHOUSE_COMM_CON_* */
	__u32 divider;		/* baud divisor to program; 0: keep */
	__u32 gate_nr;		/* unused on x86: 0 */
	__u64 clock_reg;	/* unused on x86: 0 */
} JAILHOUSE_PACKED;

struct jailhouse_comm_region {
	/** "JHCOMM". Filled by the hypervisor. */
	char signature[JAILHOUSE_COMM_REGION_MAGIC_LEN];
	/** JAILHOUSE_COMM_REGION_REVISION. Filled by the hypervisor. */
	__u16 revision;
	/** JAILHOUSE_CELL_*: zero (RUNNING) at start, then the cell's. */
	volatile __u32 cell_state;
	/** JAILHOUSE_MSG_* to the cell. Written by the hypervisor. */
	volatile __u32 msg_to_cell;
	/** JAILHOUSE_MSG_* reply. Written by the cell. */
	volatile __u32 reply_from_cell;
	/** JAILHOUSE_COMM_FLAG_*. Filled by the hypervisor. */
	__u32 flags;
	/** The cell's console. Filled by the hypervisor. */
	struct jailhouse_comm_console console;
	/** MMCONFIG base, 0 if none. Filled by the hypervisor. */
	__u64 pci_mmconfig_base;
	/** ACPI PM timer port, 0 if none. Filled by the hypervisor. */
	__u16 pm_timer_address;
	/** CPUs of the cell. Filled by the hypervisor. */
	__u16 num_cpus;
	/** TSC frequency in kHz. Filled by the hypervisor. */
	__u32 tsc_khz;
	/** APIC timer frequency in kHz. Filled by the hypervisor. */
	__u32 apic_khz;
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_comm_console, 32);
JAILHOUSE_ABI_SIZE(struct jailhouse_comm_region, 76);
#endif /* !__ASSEMBLER__ */

#endif /* !_JAILHOUSE_COMM_REGION_H */
