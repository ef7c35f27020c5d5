/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A Linux in a cell (docs/linux-cells.md): where the loader puts what it
 * builds, and the Jailhouse setup_data that mainline Linux's guest code
 * (arch/x86/kernel/jailhouse.c) reads. Shared by the loader
 * (kernel-module/linux.c, lib/linux-boot.c), which lays the boot out, and
 * the linux-loader inmate (inmates/tools/x86/linux-loader.c), which
 * completes the clock fields from the comm region and jumps to the kernel.
 *
 * Guest-physical layout of a Linux cell:
 *   0x000000  the linux-loader inmate (the cell's cpu_reset_address, 0)
 *   0x020000  boot_params, the "zero page" (4 KiB)
 *   0x021000  the kernel command line (NUL-terminated)
 *   0x022000  struct jailhouse_linux_setup_data
 *   0x100000  the comm region
 *   0x200000  the kernel (protected-mode part of the bzImage), then free
 *             RAM; the initramfs at the top of the same region
 */
#ifndef _JAILHOUSE_LINUX_BOOT_H
#define _JAILHOUSE_LINUX_BOOT_H

#include <jailhouse/types.h>

#define JAILHOUSE_LINUX_PARAMS_ADDR	0x20000ULL
#define JAILHOUSE_LINUX_CMDLINE_ADDR	0x21000ULL
#define JAILHOUSE_LINUX_SETUP_ADDR	0x22000ULL
/* The three pages above, written by the loader as one block. */
#define JAILHOUSE_LINUX_BOOT_SIZE	0x3000
/* Longest command line, without its NUL (one page, as Linux's x86). */
#define JAILHOUSE_LINUX_CMDLINE_MAX	2047
/* Where the kernel's RAM starts; the kernel goes to the first address
 * at or above it aligned to the kernel's kernel_alignment. */
#define JAILHOUSE_LINUX_KERNEL_MIN	0x200000ULL

/* boot_params.hdr.code32_start: where the loader put the kernel. */
#define JAILHOUSE_LINUX_CODE32_START	0x214
/* The 64-bit entry, at that offset from the kernel's load address. */
#define JAILHOUSE_LINUX_ENTRY64		0x200

/* setup_data type and versions of Linux's SETUP_JAILHOUSE. */
#define JAILHOUSE_SETUP_TYPE		6
#define JAILHOUSE_SETUP_VERSION		2
#define JAILHOUSE_SETUP_COMPATIBLE	1
#define JAILHOUSE_SETUP_MAX_CPUS	255
/* v2 flags: bit n enables the legacy UART n (0x3f8, 0x2f8, 0x3e8, 0x2e8). */
#define JAILHOUSE_SETUP_UART(n)		(1U << (n))

/* struct setup_data of Linux's boot protocol, then SETUP_JAILHOUSE. */
struct jailhouse_linux_setup_data {
	__u64 next;
	__u32 type;
	__u32 len;		/* of what follows */
	__u16 version;
	__u16 compatible_version;
	/* v1 */
	__u16 pm_timer_address;	/* filled by linux-loader (comm region) */
	__u16 num_cpus;
	__u64 pci_mmconfig_base; /* filled by linux-loader (comm region) */
	__u32 tsc_khz;		/* filled by linux-loader (comm region) */
	__u32 apic_khz;		/* filled by linux-loader (comm region) */
	__u8 standard_ioapic;
	__u8 cpu_ids[JAILHOUSE_SETUP_MAX_CPUS];
	/* v2 */
	__u32 flags;
} __attribute__((packed));

#endif /* !_JAILHOUSE_LINUX_BOOT_H */
