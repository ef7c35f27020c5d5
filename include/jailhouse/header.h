/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Header at the start of the hypervisor image (jailhouse.bin).
 *
 * The build fills the first part; the loader checks signature, revision and
 * architecture, then fills the second part before entering the image.
 */
#ifndef _JAILHOUSE_HEADER_H
#define _JAILHOUSE_HEADER_H

#define JAILHOUSE_HEADER_SIGNATURE	"JAILHOUS"
#define JAILHOUSE_HEADER_REVISION	1

#define JAILHOUSE_ARCH_X86		0

/* The hypervisor's fixed virtual base in its own page tables. */
#define JAILHOUSE_BASE			0xfffffffff0000000

#ifndef __ASSEMBLER__
#include <jailhouse/types.h>

struct jailhouse_header {
	/** "JAILHOUS". Filled at build time. */
	char signature[8];
	/** JAILHOUSE_HEADER_REVISION. Filled at build time. */
	__u16 revision;
	/** JAILHOUSE_ARCH_*. Filled at build time. */
	__u8 arch;
	__u8 reserved0;
	__u32 reserved1;
	/** Bytes of core image, including bss, page-aligned. Build time. */
	__u64 core_size;
	/** Bytes of one CPU's data area, page-aligned. Build time. */
	__u64 percpu_size;
	/** Virtual address of the entry point (JAILHOUSE_BASE-relative
	 *  image). Build time. */
	__u64 entry;

	/** Highest possible CPU id + 1. Filled by the loader. */
	__u32 max_cpus;
	/** CPUs that will enter the hypervisor. Filled by the loader. */
	__u32 online_cpus;
	/** Physical address the image was placed at. Filled by the loader. */
	__u64 phys_base;
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_header, 56);
#endif /* !__ASSEMBLER__ */

#endif /* !_JAILHOUSE_HEADER_H */
