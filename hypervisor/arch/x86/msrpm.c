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

/*
 * See msr_is_reserved(). The first entries hold for every cell; those
 * from hv_only on only for cells other than the root cell: machine state
 * the whole system shares (microcode, memory types and routing, SMM,
 * machine checks, the CPU's errata and chicken bits, package power and
 * its energy counters), which the root cell set up at boot and no
 * sandbox may change or read; and Intel PT, whose trace output goes to
 * host-physical addresses, past the EPT tables.
 */
static const struct reserved_msrs {
	__u32 first;
	__u32 count;
	unsigned int access;
} reserved[] = {
	{ MSR_IA32_APIC_BASE, 1, MSR_ACCESS_WRITE },
	{ MSR_IA32_FEATURE_CONTROL, 1, MSR_ACCESS_WRITE },
	{ MSR_X2APIC_ICR, 1, MSR_ACCESS_WRITE },
	{ MSR_VM_CR, 1, MSR_ACCESS_RW },
	{ MSR_VM_HSAVE_PA, 1, MSR_ACCESS_RW },
#define HV_ONLY_FIRST	5
	{ MSR_IA32_FEATURE_CONTROL, 1, MSR_ACCESS_RW },
	{ 0x00000079, 1, MSR_ACCESS_RW },	/* BIOS_UPDT_TRIG (microcode) */
	{ 0x0000009b, 1, MSR_ACCESS_RW },	/* SMM_MONITOR_CTL */
	{ 0x0000009e, 1, MSR_ACCESS_RW },	/* SMBASE */
	{ 0x000000e2, 1, MSR_ACCESS_RW },	/* PKG_CST_CONFIG_CONTROL */
	{ 0x0000013c, 1, MSR_ACCESS_RW },	/* FEATURE_CONFIG (AES-NI lock) */
	{ 0x000000fe, 1, MSR_ACCESS_RW },	/* MTRRcap */
	{ 0x00000179, 3, MSR_ACCESS_RW },	/* MCG_CAP, _STATUS, _CTL */
	{ 0x000001a0, 1, MSR_ACCESS_RW },	/* MISC_ENABLE (XD disable...) */
	{ 0x000001a4, 1, MSR_ACCESS_RW },	/* MISC_FEATURE_CONTROL */
	{ 0x000001d9, 1, MSR_ACCESS_RW },	/* DEBUGCTL (BTS, LBR freeze) */
	{ 0x000001fc, 1, MSR_ACCESS_RW },	/* POWER_CTL (C1E) */
	{ 0x000001f2, 2, MSR_ACCESS_RW },	/* SMRR_PHYSBASE, _PHYSMASK */
	{ 0x00000200, 0x20, MSR_ACCESS_RW },	/* variable-range MTRRs */
	{ 0x00000250, 1, MSR_ACCESS_RW },	/* fixed-range MTRRs */
	{ 0x00000258, 2, MSR_ACCESS_RW },
	{ 0x00000268, 8, MSR_ACCESS_RW },
	{ 0x000002ff, 1, MSR_ACCESS_RW },	/* MTRR_DEF_TYPE (vcpu.c) */
	{ 0x00000280, 0x20, MSR_ACCESS_RW },	/* MCi_CTL2 */
	{ 0x00000400, 0x80, MSR_ACCESS_RW },	/* MCi_CTL ... _MISC */
	{ 0x00000480, 0x12, MSR_ACCESS_RW },	/* VMX capabilities */
	{ 0x00000560, 2, MSR_ACCESS_RW },	/* RTIT_OUTPUT_BASE, _MASK */
	{ 0x00000570, 3, MSR_ACCESS_RW },	/* RTIT_CTL, _STATUS, _CR3 */
	{ 0x00000580, 8, MSR_ACCESS_RW },	/* RTIT_ADDR0-3 ranges */
	{ 0x00000606, 1, MSR_ACCESS_RW },	/* RAPL_POWER_UNIT */
	{ 0x00000610, 0x11, MSR_ACCESS_RW },	/* RAPL package, DRAM; uncore */
	{ 0x00000638, 0xb, MSR_ACCESS_RW },	/* RAPL PP0, PP1 */
	{ 0x00000c80, 1, MSR_ACCESS_RW },	/* DEBUG_INTERFACE */
	{ 0xc0000080, 1, MSR_ACCESS_RW },	/* EFER: emulated (svm.c) */
	{ 0xc0010010, 1, MSR_ACCESS_RW },	/* SYSCFG */
	{ 0xc0010015, 1, MSR_ACCESS_RW },	/* HWCR */
	{ 0xc0010016, 4, MSR_ACCESS_RW },	/* IORR_BASE/MASK0-1 */
	{ 0xc001001a, 1, MSR_ACCESS_RW },	/* TOP_MEM */
	{ 0xc001001d, 1, MSR_ACCESS_RW },	/* TOP_MEM2 */
	{ 0xc0010020, 1, MSR_ACCESS_RW },	/* PATCH_LOADER */
	{ 0xc0010058, 1, MSR_ACCESS_RW },	/* MMIO_CFG_BASE (MMCONFIG) */
	{ 0xc0010111, 3, MSR_ACCESS_RW },	/* SMM_BASE, _ADDR, _MASK */
	{ 0xc0010118, 1, MSR_ACCESS_RW },	/* SVM_KEY */
	{ 0xc0010299, 3, MSR_ACCESS_RW },	/* RAPL unit, core, package */
	{ 0xc0011020, 4, MSR_ACCESS_RW },	/* LS_, IC_, DE_, BU_CFG */
	{ 0xc0011029, 1, MSR_ACCESS_RW },	/* DE_CFG (LFENCE, errata) */
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

/* The reserved entries that apply to a cell; root: the first ones. */
static unsigned int num_reserved(bool root)
{
	return root ? HV_ONLY_FIRST : NUM_RESERVED;
}

bool msr_is_reserved(__u32 msr, unsigned int access, bool root)
{
	unsigned int i;

	for (i = 0; i < num_reserved(root); i++)
		if (msr - reserved[i].first < reserved[i].count &&
		    (reserved[i].access & access))
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
			 __u8 *bitmap, const struct jailhouse_cell_desc *cell,
			 bool root)
{
	const struct reserved_msrs *r;
	int err;

	msr_bitmap_deny_all(layout, bitmap);
	err = allow_ranges(layout, bitmap, cell);
	if (err) {
		msr_bitmap_deny_all(layout, bitmap);
		return err;
	}
	for (r = reserved; r < reserved + num_reserved(root); r++)
		set_range(layout, bitmap, r->first, (__u64)r->first + r->count,
			  r->access, true);
	return 0;
}
