/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MSR permission bitmaps, shared by both backends.
 *
 * Both CPUs map a few windows of 0x2000 MSRs each; an MSR outside every
 * window always leaves the guest. A set bit makes the access leave the
 * guest.
 *
 * - AMD-V MSRPM (APM vol. 2, "MSR Intercepts"): 8 KiB; windows at
 *   0x00000000, 0xc0000000 and 0xc0010000, 2 KiB each, in that order, then
 *   2 KiB reserved. Two bits per MSR: bit 2i intercepts RDMSR of the
 *   window's MSR i, bit 2i + 1 intercepts WRMSR.
 * - VT-x MSR bitmap (SDM vol. 3, "MSR-Bitmap Address"): 4 KiB; windows at
 *   0x00000000 and 0xc0000000. One bit per MSR in four 1 KiB quarters:
 *   read-low, read-high, write-low, write-high.
 *
 * Either way the bit of (window w, MSR i, access a) sits at
 * w * window_bits + a * write_bits + i * stride, which struct
 * msr_bitmap_layout describes.
 */
#ifndef _ASM_MSRPM_H
#define _ASM_MSRPM_H

#include <stdbool.h>
#include <stddef.h>
#include <jailhouse/types.h>

#define MSR_BITMAP_WINDOW_MSRS	0x2000
#define SVM_MSRPM_SIZE		(2 * 4096)
#define VMX_MSR_BITMAP_SIZE	4096

/* Access kinds, combinable. */
#define MSR_ACCESS_READ		0x1
#define MSR_ACCESS_WRITE	0x2
#define MSR_ACCESS_RW		(MSR_ACCESS_READ | MSR_ACCESS_WRITE)

/* x2APIC interrupt command register: IPIs. */
#define MSR_X2APIC_ICR		0x830

struct msr_bitmap_layout {
	/** Bytes of the bitmap. */
	size_t size;
	/** Windows the CPU maps, from the front of msr_bitmap_windows. */
	unsigned int num_windows;
	/** Distance in bits between the first bits of two windows. */
	unsigned int window_bits;
	/** Distance in bits between the read and the write bit of an MSR. */
	unsigned int write_bits;
	/** Distance in bits between two neighbouring MSRs. */
	unsigned int stride;
};

extern const struct msr_bitmap_layout svm_msr_bitmap;
extern const struct msr_bitmap_layout vmx_msr_bitmap;

/** Make every access to every MSR leave the guest. */
void msr_bitmap_deny_all(const struct msr_bitmap_layout *layout,
			 __u8 *bitmap);

/**
 * Let the guest access MSRs first .. first + count - 1 directly, for the
 * kinds in @access. MSRs of the range outside the layout's windows keep
 * leaving the guest; the exit handler consults the configuration for them.
 * Return: 0, or -EINVAL for an empty, wrapping or kind-less range.
 */
int msr_bitmap_allow(const struct msr_bitmap_layout *layout, __u8 *bitmap,
		     __u32 first, __u32 count, unsigned int access);

/**
 * Make @access to one MSR leave the guest, whatever the configuration
 * granted (MSRs the hypervisor itself must see). No-op outside the windows,
 * where every access leaves the guest anyway.
 */
void msr_bitmap_deny(const struct msr_bitmap_layout *layout, __u8 *bitmap,
		     __u32 msr, unsigned int access);

struct jailhouse_cell_desc;

/**
 * Build @cell's bitmap: deny everything, open the cell's MSR ranges, then
 * close the reserved MSRs again (msr_is_reserved(), for the root cell if
 * @root). @cell is a validated descriptor (lib/config.c).
 * Return: 0, or the error of the first bad range, with the bitmap left
 * denying everything.
 */
int msr_bitmap_from_cell(const struct msr_bitmap_layout *layout,
			 __u8 *bitmap, const struct jailhouse_cell_desc *cell,
			 bool root);

/**
 * Whether the hypervisor must see @access to @msr whatever a config
 * grants. For every cell: what isolation rests on, the local APIC's mode
 * and address, the x2APIC ICR (IPIs to other cells' CPUs), feature
 * control (VT-x) and the AMD-V control MSRs. For cells other than the
 * root cell (!@root) also the machine state all cells share (msrpm.c):
 * microcode loading, MTRRs, SMRR and SMM, machine-check banks, DEBUGCTL,
 * the VMX capabilities, AMD's SYSCFG, HWCR, IORRs, TOP_MEM, MMIO_CFG_BASE
 * and the LS/IC/DE/BU_CFG chicken bits, and EFER (emulated). An access
 * to a reserved MSR that nothing emulates is refused like any denied one.
 */
bool msr_is_reserved(__u32 msr, unsigned int access, bool root);

#endif /* !_ASM_MSRPM_H */
