// SPDX-License-Identifier: GPL-2.0
/*
 * MSR permission bitmaps from a cell's MSR ranges; layouts in
 * asm/msrpm.h. Built for the hypervisor and, for the unit tests, the host.
 */
#include <stdbool.h>
#include <jailhouse/errno.h>
#include <jailhouse/string.h>
#include <asm/apic.h>
#include <asm/msrpm.h>
#include <asm/svm.h>

#include "config.h"

#define MSR_IA32_FEATURE_CONTROL	0x3a

/* See msr_is_reserved(). */
static const struct {
	__u32 msr;
	unsigned int access;
} reserved[] = {
	{ MSR_IA32_APIC_BASE, MSR_ACCESS_WRITE },
	{ MSR_IA32_FEATURE_CONTROL, MSR_ACCESS_WRITE },
	{ MSR_X2APIC_ICR, MSR_ACCESS_WRITE },
	{ MSR_VM_CR, MSR_ACCESS_RW },
	{ MSR_VM_HSAVE_PA, MSR_ACCESS_RW },
};

#define NUM_RESERVED	(sizeof(reserved) / sizeof(reserved[0]))

/* Config range flags are passed on as access kinds. */
_Static_assert(JAILHOUSE_MSR_READ == MSR_ACCESS_READ &&
	       JAILHOUSE_MSR_WRITE == MSR_ACCESS_WRITE,
	       "MSR range flags and access kinds differ");

/* First MSR of each window, in the order both layouts place them. */
static const __u32 window_start[] = { 0x00000000, 0xc0000000, 0xc0010000 };

const struct msr_bitmap_layout svm_msr_bitmap = {
	.size = SVM_MSRPM_SIZE,
	.num_windows = 3,
	.window_bits = 0x800 * 8,
	.write_bits = 1,
	.stride = 2,
};

const struct msr_bitmap_layout vmx_msr_bitmap = {
	.size = VMX_MSR_BITMAP_SIZE,
	.num_windows = 2,
	.window_bits = 0x400 * 8,
	.write_bits = 0x800 * 8,
	.stride = 1,
};

void msr_bitmap_deny_all(const struct msr_bitmap_layout *layout,
			 __u8 *bitmap)
{
	memset(bitmap, 0xff, layout->size);
}

static void set_bit_to(__u8 *bitmap, unsigned long bit, bool intercept)
{
	if (intercept)
		bitmap[bit / 8] |= 1U << (bit % 8);
	else
		bitmap[bit / 8] &= ~(1U << (bit % 8));
}

/* Set the bits of MSRs [first, end) that lie inside window w. */
static void set_window(const struct msr_bitmap_layout *layout, __u8 *bitmap,
		       unsigned int w, __u64 first, __u64 end,
		       unsigned int access, bool intercept)
{
	__u64 start = window_start[w];
	__u64 lo = first > start ? first : start;
	__u64 hi = end < start + MSR_BITMAP_WINDOW_MSRS ?
		   end : start + MSR_BITMAP_WINDOW_MSRS;
	unsigned long base = w * layout->window_bits;
	__u64 msr;

	for (msr = lo; msr < hi; msr++) {
		unsigned long bit = base + (msr - start) * layout->stride;

		if (access & MSR_ACCESS_READ)
			set_bit_to(bitmap, bit, intercept);
		if (access & MSR_ACCESS_WRITE)
			set_bit_to(bitmap, bit + layout->write_bits,
				   intercept);
	}
}

static void set_range(const struct msr_bitmap_layout *layout, __u8 *bitmap,
		      __u64 first, __u64 end, unsigned int access,
		      bool intercept)
{
	unsigned int w;

	for (w = 0; w < layout->num_windows; w++)
		set_window(layout, bitmap, w, first, end, access, intercept);
}

int msr_bitmap_allow(const struct msr_bitmap_layout *layout, __u8 *bitmap,
		     __u32 first, __u32 count, unsigned int access)
{
	if (count == 0 || (__u64)first + count > 0x100000000ULL)
		return -EINVAL;
	if (!(access & MSR_ACCESS_RW) || (access & ~MSR_ACCESS_RW))
		return -EINVAL;
	set_range(layout, bitmap, first, (__u64)first + count, access, false);
	return 0;
}

void msr_bitmap_deny(const struct msr_bitmap_layout *layout, __u8 *bitmap,
		     __u32 msr, unsigned int access)
{
	set_range(layout, bitmap, msr, (__u64)msr + 1, access, true);
}

bool msr_is_reserved(__u32 msr, unsigned int access)
{
	unsigned int i;

	for (i = 0; i < NUM_RESERVED; i++)
		if (reserved[i].msr == msr && (reserved[i].access & access))
			return true;
	return false;
}

static int allow_ranges(const struct msr_bitmap_layout *layout, __u8 *bitmap,
			const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_msr_range *range = jailhouse_cell_msrs(cell);
	unsigned int i;
	int err;

	for (i = 0; i < cell->num_msr_ranges; i++) {
		err = msr_bitmap_allow(layout, bitmap, range[i].base,
				       range[i].count, range[i].flags);
		if (err)
			return err;
	}
	return 0;
}

int msr_bitmap_from_cell(const struct msr_bitmap_layout *layout,
			 __u8 *bitmap, const struct jailhouse_cell_desc *cell)
{
	unsigned int i;
	int err;

	msr_bitmap_deny_all(layout, bitmap);
	err = allow_ranges(layout, bitmap, cell);
	if (err) {
		msr_bitmap_deny_all(layout, bitmap);
		return err;
	}
	for (i = 0; i < NUM_RESERVED; i++)
		msr_bitmap_deny(layout, bitmap, reserved[i].msr,
				reserved[i].access);
	return 0;
}
