/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boot of a Linux cell (docs/linux-cells.md): a bounds-checked parser
 * of a bzImage's setup header (Linux's Documentation/x86/boot.rst) and the
 * builder of the boot layout and of the three boot pages (zero page,
 * command line, setup_data) from the parsed kernel and the cell's
 * descriptor. Shared by the loader (kernel-module/linux.c), which is the
 * check that counts, and the host tests. Every byte handed in is hostile.
 */
#ifndef _JAILHOUSE_LIB_LINUX_BOOT_H
#define _JAILHOUSE_LIB_LINUX_BOOT_H

#include <jailhouse/linux-boot.h>

#include "config.h"

/* A refusal: the field or piece ("kernel boot_flag", "initramfs") and why. */
struct jailhouse_linux_error {
	const char *field;
	const char *reason;
};

/* A parsed bzImage; pointers into the caller's buffer. */
struct jailhouse_bzimage {
	const __u8 *file;
	/* Bytes of the setup header at file offset 0x1f1. */
	size_t header_size;
	/* The protected-mode part: what is loaded at the kernel address. */
	const __u8 *payload;
	size_t payload_size;
	__u32 kernel_alignment;
	/*
	 * Where the decompressor puts the kernel if loaded below it
	 * (LOAD_PHYSICAL_ADDR): the kernel's span starts at the higher of
	 * its load address and this.
	 */
	__u64 pref_address;
	__u32 init_size;
	__u32 cmdline_size;
	__u32 initrd_addr_max;
};

/**
 * Check a bzImage's setup header: boot_flag, "HdrS", protocol >= 2.12,
 * setup_sects, a non-empty payload inside the file, XLF_KERNEL_64,
 * relocatable_kernel, kernel_alignment, init_size.
 *
 * Return: 0, or -ENOEXEC with *err naming the field.
 */
int jailhouse_bzimage_parse(const void *file, size_t size,
			    struct jailhouse_bzimage *bz,
			    struct jailhouse_linux_error *err);

/* What a Linux cell gets, besides the descriptor. */
struct jailhouse_linux_input {
	const struct jailhouse_cell_desc *cell;	/* validated */
	/* The machine's IOAPICs, to find the one at 0xfec00000; or NULL. */
	const struct jailhouse_platform_info *platform;
	__u64 loader_size;			/* the inmate, at 0 */
	const struct jailhouse_bzimage *kernel;
	__u64 initrd_size;			/* 0: no initramfs */
	const char *cmdline;			/* not NUL-terminated */
	size_t cmdline_len;
	const __u32 *apic_ids;			/* one per cell CPU */
	unsigned int num_cpus;
};

/* Guest-physical places the layout chose. */
struct jailhouse_linux_layout {
	__u64 kernel;		/* init_size bytes from here are the kernel's */
	__u64 initrd;		/* 0 without an initramfs */
};

/**
 * Place the pieces: the loader at 0 (holding cpu_reset_address), the
 * boot pages at JAILHOUSE_LINUX_PARAMS_ADDR, the kernel at the first
 * kernel_alignment-aligned address >= JAILHOUSE_LINUX_KERNEL_MIN (or at
 * its pref_address if higher: the decompressor runs it there), the
 * initramfs page-aligned at the highest loadable-region top that keeps
 * it below initrd_addr_max and clear of the rest. Each piece lies in one
 * loadable region; no two overlap.
 *
 * Return: 0, or -ERANGE with *err naming the piece.
 */
int jailhouse_linux_layout(const struct jailhouse_linux_input *in,
			   struct jailhouse_linux_layout *out,
			   struct jailhouse_linux_error *err);

/**
 * Write the three boot pages for a layout of jailhouse_linux_layout():
 * zero page, command line, setup_data. The clock, PM timer and MMCONFIG
 * fields of the setup_data stay 0 for the linux-loader inmate to fill.
 *
 * Return: 0, or -EINVAL with *err naming the field (command line, CPUs).
 */
int jailhouse_linux_build(const struct jailhouse_linux_input *in,
			  const struct jailhouse_linux_layout *layout,
			  __u8 boot[JAILHOUSE_LINUX_BOOT_SIZE],
			  struct jailhouse_linux_error *err);

/* Offsets in the zero page (struct boot_params) that the builder writes. */
#define JH_BP_EXT_RAMDISK_IMAGE	0x0c0
#define JH_BP_EXT_RAMDISK_SIZE	0x0c4
#define JH_BP_EXT_CMD_LINE_PTR	0x0c8
#define JH_BP_E820_ENTRIES	0x1e8
#define JH_BP_HDR		0x1f1
#define JH_BP_SETUP_SECTS	0x1f1
#define JH_BP_BOOT_FLAG		0x1fe
#define JH_BP_JUMP		0x200
#define JH_BP_HEADER		0x202
#define JH_BP_VERSION		0x206
#define JH_BP_TYPE_OF_LOADER	0x210
#define JH_BP_RAMDISK_IMAGE	0x218
#define JH_BP_RAMDISK_SIZE	0x21c
#define JH_BP_CMD_LINE_PTR	0x228
#define JH_BP_INITRD_ADDR_MAX	0x22c
#define JH_BP_KERNEL_ALIGNMENT	0x230
#define JH_BP_RELOCATABLE	0x234
#define JH_BP_XLOADFLAGS	0x236
#define JH_BP_CMDLINE_SIZE	0x238
#define JH_BP_SETUP_DATA	0x250
#define JH_BP_PREF_ADDRESS	0x258
#define JH_BP_INIT_SIZE		0x260
/* The header of protocol 2.12 ends after handover_offset. */
#define JH_BP_HDR_END_MIN	0x268
/* Where boot_params' header area ends (_pad7, then edd_mbr_sig_buffer). */
#define JH_BP_HDR_END_MAX	0x290
#define JH_BP_E820_TABLE	0x2d0
#define JH_BP_E820_MAX		128
#define JH_E820_ENTRY_SIZE	20
#define JH_E820_RAM		1
#define JH_E820_RESERVED	2

#endif /* !_JAILHOUSE_LIB_LINUX_BOOT_H */
