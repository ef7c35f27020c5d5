// SPDX-License-Identifier: GPL-2.0
/* MSR permission bitmaps (hypervisor/arch/x86/msrpm.c) in both layouts. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>
#include <asm/msrpm.h>

#include "config.h"

static __u8 svm[SVM_MSRPM_SIZE];
static __u8 vmx[VMX_MSR_BITMAP_SIZE];

static int bit(const __u8 *bitmap, unsigned long n)
{
	return (bitmap[n / 8] >> (n % 8)) & 1;
}

/* The CPU's view, written from the manuals rather than from the layout. */
static int svm_intercepts(__u32 msr, int write)
{
	unsigned long byte;

	if (msr < 0x2000)
		byte = msr / 4;
	else if (msr >= 0xc0000000 && msr < 0xc0002000)
		byte = 0x800 + (msr - 0xc0000000) / 4;
	else if (msr >= 0xc0010000 && msr < 0xc0012000)
		byte = 0x1000 + (msr - 0xc0010000) / 4;
	else
		return 1;
	return bit(svm, byte * 8 + (msr % 4) * 2 + write);
}

static int vmx_intercepts(__u32 msr, int write)
{
	unsigned long base = write ? 0x800 : 0;

	if (msr < 0x2000)
		return bit(vmx, (base + msr / 8) * 8 + msr % 8);
	if (msr >= 0xc0000000 && msr < 0xc0002000)
		return bit(vmx, (base + 0x400) * 8 + (msr - 0xc0000000));
	return 1;
}

static int setup(void **state)
{
	(void)state;
	memset(svm, 0, sizeof(svm));
	memset(vmx, 0, sizeof(vmx));
	msr_bitmap_deny_all(&svm_msr_bitmap, svm);
	msr_bitmap_deny_all(&vmx_msr_bitmap, vmx);
	return 0;
}

static void allow_both(__u32 first, __u32 count, unsigned int access)
{
	assert_int_equal(msr_bitmap_allow(&svm_msr_bitmap, svm, first, count,
					  access), 0);
	assert_int_equal(msr_bitmap_allow(&vmx_msr_bitmap, vmx, first, count,
					  access), 0);
}

static void test_deny_all(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(svm); i++)
		assert_int_equal(svm[i], 0xff);
	for (i = 0; i < sizeof(vmx); i++)
		assert_int_equal(vmx[i], 0xff);
}

static void test_read_only_range(void **state)
{
	__u32 msr;

	(void)state;
	allow_both(0x10, 1, MSR_ACCESS_READ);	/* TSC */
	for (msr = 0; msr < 0x2000; msr++) {
		assert_int_equal(svm_intercepts(msr, 0), msr != 0x10);
		assert_int_equal(vmx_intercepts(msr, 0), msr != 0x10);
		assert_int_equal(svm_intercepts(msr, 1), 1);
		assert_int_equal(vmx_intercepts(msr, 1), 1);
	}
}

static void test_high_window(void **state)
{
	(void)state;
	allow_both(0xc0000100, 3, MSR_ACCESS_RW);	/* FS, GS, KERNEL_GS */
	assert_int_equal(svm_intercepts(0xc00000ff, 0), 1);
	assert_int_equal(svm_intercepts(0xc0000100, 0), 0);
	assert_int_equal(svm_intercepts(0xc0000102, 1), 0);
	assert_int_equal(svm_intercepts(0xc0000103, 1), 1);
	assert_int_equal(vmx_intercepts(0xc00000ff, 1), 1);
	assert_int_equal(vmx_intercepts(0xc0000100, 1), 0);
	assert_int_equal(vmx_intercepts(0xc0000102, 0), 0);
	assert_int_equal(vmx_intercepts(0xc0000103, 0), 1);
}

/* VT-x has no 0xc0010000 window: those MSRs keep exiting there. */
static void test_amd_window_only_on_svm(void **state)
{
	size_t i;

	(void)state;
	allow_both(0xc0010000, 0x2000, MSR_ACCESS_RW);
	assert_int_equal(svm_intercepts(0xc0010000, 0), 0);
	assert_int_equal(svm_intercepts(0xc0011fff, 1), 0);
	for (i = 0; i < sizeof(vmx); i++)
		assert_int_equal(vmx[i], 0xff);
	for (i = 0; i < 0x1000; i++)
		assert_int_equal(svm[i], 0xff);
}

/* Allowing the whole MSR space opens the windows and nothing else. */
static void test_everything_allowed_clamps_to_windows(void **state)
{
	size_t i;

	(void)state;
	allow_both(0, 0xffffffff, MSR_ACCESS_RW);
	allow_both(0xffffffff, 1, MSR_ACCESS_RW);
	for (i = 0; i < 0x1800; i++)
		assert_int_equal(svm[i], 0);
	for (i = 0x1800; i < sizeof(svm); i++)
		assert_int_equal(svm[i], 0xff);
	for (i = 0; i < sizeof(vmx); i++)
		assert_int_equal(vmx[i], 0);
	assert_int_equal(svm_intercepts(0x40000000, 0), 1);
}

static void test_deny_overrides_allow(void **state)
{
	(void)state;
	allow_both(0xc0000000, 0x2000, MSR_ACCESS_RW);
	msr_bitmap_deny(&svm_msr_bitmap, svm, 0xc0000080, MSR_ACCESS_WRITE);
	msr_bitmap_deny(&vmx_msr_bitmap, vmx, 0xc0000080, MSR_ACCESS_WRITE);
	assert_int_equal(svm_intercepts(0xc0000080, 0), 0);
	assert_int_equal(svm_intercepts(0xc0000080, 1), 1);
	assert_int_equal(vmx_intercepts(0xc0000080, 0), 0);
	assert_int_equal(vmx_intercepts(0xc0000080, 1), 1);
	assert_int_equal(svm_intercepts(0xc0000081, 1), 0);
	/* Outside every window: nothing to do, nothing written. */
	msr_bitmap_deny(&svm_msr_bitmap, svm, 0x40000000, MSR_ACCESS_RW);
}

static void test_bad_ranges_rejected(void **state)
{
	size_t i;

	(void)state;
	assert_int_equal(msr_bitmap_allow(&svm_msr_bitmap, svm, 0, 0,
					  MSR_ACCESS_RW), -EINVAL);
	assert_int_equal(msr_bitmap_allow(&svm_msr_bitmap, svm, 0xffffffff, 2,
					  MSR_ACCESS_RW), -EINVAL);
	assert_int_equal(msr_bitmap_allow(&svm_msr_bitmap, svm, 0x10, 1, 0),
			 -EINVAL);
	assert_int_equal(msr_bitmap_allow(&svm_msr_bitmap, svm, 0x10, 1, 4),
			 -EINVAL);
	for (i = 0; i < sizeof(svm); i++)
		assert_int_equal(svm[i], 0xff);
}

static struct {
	struct jailhouse_cell_desc desc;
	__u8 cpus[8];
	struct jailhouse_msr_range msr[2];
} JAILHOUSE_PACKED cell = {
	.desc = { .signature = "JHCLL", .cpu_set_size = 8,
		  .num_msr_ranges = 2 },
	.msr = {
		/* Everything a careless config could grant. */
		{ .base = 0, .count = 0xffffffff,
		  .flags = JAILHOUSE_MSR_READ | JAILHOUSE_MSR_WRITE },
		{ .base = 0x10, .count = 1, .flags = JAILHOUSE_MSR_READ },
	},
};

static void from_cell_both(bool root)
{
	assert_int_equal(msr_bitmap_from_cell(&svm_msr_bitmap, svm,
					      &cell.desc, root), 0);
	assert_int_equal(msr_bitmap_from_cell(&vmx_msr_bitmap, vmx,
					      &cell.desc, root), 0);
}

/* Reserved MSRs stay intercepted even when a config grants them. */
static void test_from_cell_keeps_reserved(void **state)
{
	static const __u32 writes[] = { 0x1b, 0x3a, 0x830 };
	size_t i;

	(void)state;
	from_cell_both(true);
	for (i = 0; i < sizeof(writes) / sizeof(writes[0]); i++) {
		assert_int_equal(svm_intercepts(writes[i], 1), 1);
		assert_int_equal(vmx_intercepts(writes[i], 1), 1);
		assert_int_equal(svm_intercepts(writes[i], 0), 0);
		assert_int_equal(vmx_intercepts(writes[i], 0), 0);
		assert_true(msr_is_reserved(writes[i], MSR_ACCESS_WRITE,
					    true));
		assert_false(msr_is_reserved(writes[i], MSR_ACCESS_READ,
					     true));
	}
	assert_int_equal(svm_intercepts(0xc0010114, 0), 1);
	assert_int_equal(svm_intercepts(0xc0010117, 1), 1);
	assert_true(msr_is_reserved(0xc0010117, MSR_ACCESS_READ, true));
	assert_int_equal(svm_intercepts(0xc0010115, 1), 0);
	assert_int_equal(svm_intercepts(0x10, 1), 0);
	assert_false(msr_is_reserved(0x10, MSR_ACCESS_RW, true));
	/* The root cell keeps what it was granted of the shared state. */
	assert_int_equal(svm_intercepts(0xc0000080, 1), 0);
	assert_false(msr_is_reserved(0xc0000080, MSR_ACCESS_WRITE, true));
	assert_int_equal(svm_intercepts(0x401, 1), 0);
	assert_int_equal(vmx_intercepts(0x401, 1), 0);
}

/* Shared machine state, whatever a config grants a non-root cell. */
static const __u32 hv_only[] = {
	0x3a, 0x79, 0x9b, 0x9e, 0xe2, 0x13c, 0xfe, 0x179, 0x17a, 0x17b,
	0x1a0, 0x1a4, 0x1d9, 0x1f2, 0x1f3, 0x1fc,
	0x200, 0x21f, 0x250, 0x258, 0x259, 0x268, 0x26f, 0x2ff, 0x280,
	0x29f, 0x400, 0x47f, 0x480, 0x491, 0x560, 0x561, 0x570, 0x572,
	0x580, 0x587, 0x606, 0x610, 0x611, 0x619, 0x620, 0x638, 0x639,
	0x641, 0xc80, 0xc0010299, 0xc001029b,
	0xc0000080, 0xc0010010, 0xc0010015, 0xc0010016, 0xc0010019,
	0xc001001a, 0xc001001d, 0xc0010020, 0xc0010058, 0xc0010111,
	0xc0010112, 0xc0010113, 0xc0010114, 0xc0010117, 0xc0010118,
	0xc0011020, 0xc0011021, 0xc0011022, 0xc0011023, 0xc0011029,
};

/* Their neighbours, and state of the cell's own. */
static const __u32 granted[] = {
	0x10, 0x48, 0x49, 0x78, 0x7a, 0x1f1, 0x1f4, 0x220, 0x277, 0x300,
	0x492, 0x600, 0xc0000081, 0xc0000103, 0xc0010000, 0xc0010007,
	0xc0010021, 0xc0010298, 0xc001029c, 0xc0011024,
};

static void test_from_cell_denies_shared_state(void **state)
{
	size_t i;
	int w;

	(void)state;
	from_cell_both(false);
	for (i = 0; i < sizeof(hv_only) / sizeof(hv_only[0]); i++)
		for (w = 0; w <= 1; w++) {
			assert_int_equal(svm_intercepts(hv_only[i], w), 1);
			assert_int_equal(vmx_intercepts(hv_only[i], w), 1);
			assert_true(msr_is_reserved(hv_only[i], 1U << w,
						    false));
		}
	for (i = 0; i < sizeof(granted) / sizeof(granted[0]); i++) {
		assert_int_equal(svm_intercepts(granted[i], 1), 0);
		assert_false(msr_is_reserved(granted[i], MSR_ACCESS_RW,
					     false));
	}
}

static void test_from_cell_bad_range_denies_all(void **state)
{
	size_t i;

	(void)state;
	cell.msr[1].flags = 0;
	assert_int_equal(msr_bitmap_from_cell(&svm_msr_bitmap, svm,
					      &cell.desc, false), -EINVAL);
	cell.msr[1].flags = JAILHOUSE_MSR_READ;
	for (i = 0; i < sizeof(svm); i++)
		assert_int_equal(svm[i], 0xff);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_deny_all, setup),
		cmocka_unit_test_setup(test_read_only_range, setup),
		cmocka_unit_test_setup(test_high_window, setup),
		cmocka_unit_test_setup(test_amd_window_only_on_svm, setup),
		cmocka_unit_test_setup(
			test_everything_allowed_clamps_to_windows, setup),
		cmocka_unit_test_setup(test_deny_overrides_allow, setup),
		cmocka_unit_test_setup(test_bad_ranges_rejected, setup),
		cmocka_unit_test_setup(test_from_cell_keeps_reserved, setup),
		cmocka_unit_test_setup(test_from_cell_denies_shared_state,
				       setup),
		cmocka_unit_test_setup(test_from_cell_bad_range_denies_all,
				       setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
