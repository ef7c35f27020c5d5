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
#define JAILHOUSE_HEADER_REVISION	4

#define JAILHOUSE_ARCH_X86		0

/* The hypervisor's fixed virtual base in its own page tables. */
#define JAILHOUSE_BASE			0xfffffffff0000000
/* Where its page tables map the console ring (just below the image). */
#define JAILHOUSE_CONSOLE_PAGES		4
#define JAILHOUSE_CONSOLE_BASE \
	(JAILHOUSE_BASE - JAILHOUSE_CONSOLE_PAGES * 0x1000)

/*
 * Entering and leaving (docs/design.md, "Enable path"). The loader runs
 * a trampoline in its own text on every CPU, with interrupts off. It
 * switches CR3 to the hypervisor's boot page tables (which map the
 * trampoline's pages at the same address) and jumps to header.entry with
 *   %rdi = Linux CPU id, %rsi = Linux's CR3, %rdx = Linux's CR4,
 *   %rcx = Linux's stack pointer, %r8 = resume address in the trampoline,
 *   %r9 = base and %r10 = limit of Linux's TR (its TSS), which the
 *   hypervisor cannot read from Linux's GDT but a VMCS needs.
 * Linux's callee-saved registers are on Linux's stack. The hypervisor
 * comes back at the resume address, as a guest on success (%rax = 0), or
 * natively through leave_stub on failure and at disable:
 *   %rdi = CR3, %rsi = CR4, %rdx = Linux's address of a struct
 *   jailhouse_leave_frame, which the stub pops before its IRETQ.
 */

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
	/** Bytes of one CPU's data area, page-aligned; its first page is
	 *  a guard page the loader leaves unmapped. Build time. */
	__u64 percpu_size;
	/** Virtual address of the entry point (JAILHOUSE_BASE-relative
	 *  image). Build time. */
	__u64 entry;
	/** Bytes at the image's start holding header and code, page-aligned;
	 *  mapped read-only and executable, the rest not executable.
	 *  Build time. */
	__u64 text_size;

	/** Highest possible CPU id + 1. Filled by the loader. */
	__u32 max_cpus;
	/** CPUs that will enter the hypervisor. Filled by the loader. */
	__u32 online_cpus;
	/** Physical address the image was placed at. Filled by the loader. */
	__u64 phys_base;
	/** Bytes of the system config copied behind the per-CPU areas.
	 *  Filled by the loader. */
	__u64 config_size;
	/** Offset from phys_base of the first page the hypervisor may
	 *  allocate; below it lie the boot page tables. Filled by the loader. */
	__u64 pool_offset;
	/** Physical address of the console ring (JAILHOUSE_CONSOLE_PAGES
	 *  pages of Linux memory). Filled by the loader. */
	__u64 console_phys;
	/** Where Linux maps the hypervisor memory (its view of phys_base).
	 *  Filled by the loader. */
	__u64 linux_alias;
	/** Address of the loader's leave stub, mapped at the same address in
	 *  the hypervisor's tables. Filled by the loader. */
	__u64 leave_stub;
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_header, 104);

/* The state leave_stub restores, in pop order. */
struct jailhouse_leave_frame {
	__u64 r15, r14, r13, r12, r11, r10, r9, r8;
	__u64 rdi, rsi, rbp, rbx, rdx, rcx, rax;
	__u64 ds, es;
	/* What IRETQ pops. */
	__u64 rip, cs, rflags, rsp, ss;
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_leave_frame, 22 * 8);

/*
 * The hypervisor's console ring, in Linux memory the loader provides so
 * that `jailhouse console` reads it without touching hypervisor memory.
 * The hypervisor only writes it and keeps its own copy of the position.
 */
#define JAILHOUSE_CONSOLE_MAGIC		0x4c4f534e4f43484aULL /* "JHCONSOL" */

struct jailhouse_console_ring {
	__u64 magic;
	/** Bytes of data[]. */
	__u32 size;
	__u32 reserved;
	/** Bytes ever written; data[pos % size] is the next to write. */
	__u64 write_pos;
	/** Only what jailhouse_console_char() lets through. */
	char data[];
} JAILHOUSE_PACKED;

/*
 * What the console shows for byte @c: printable ASCII, newline and tab
 * as they are, '?' for anything else, so that no text a cell prints (or
 * names itself) can drive the terminal of whoever reads the console
 * (escape sequences). The hypervisor writes the ring through it, and
 * `jailhouse console` prints through it again.
 */
static inline char jailhouse_console_char(char c)
{
	return (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t' ? c : '?';
}
#endif /* !__ASSEMBLER__ */

#endif /* !_JAILHOUSE_HEADER_H */
