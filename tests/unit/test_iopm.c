// SPDX-License-Identifier: GPL-2.0
/* I/O permission bitmaps (hypervisor/arch/x86/iopm.c) in both layouts. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>
#include <asm/iopm.h>

#include "config.h"

static __u8 svm[SVM_IOPM_SIZE];
static __u8 vmx[VMX_IO_BITMAP_SIZE];

static int bit(const __u8 *bitmap, unsigned int n)
{
	return (bitmap[n / 8] >> (n % 8)) & 1;
}

/* What the CPU does: any set bit among the accessed ports intercepts. */
static int intercepts(const __u8 *bitmap, unsigned int port,
		      unsigned int size)
{
	unsigned int i;

	for (i = 0; i < size; i++)
		if (bit(bitmap, port + i))
			return 1;
	return 0;
}

static int setup(void **state)
{
	(void)state;
	memset(svm, 0x5a, sizeof(svm));
	memset(vmx, 0x5a, sizeof(vmx));
	io_bitmap_deny_all(svm, sizeof(svm));
	io_bitmap_deny_all(vmx, sizeof(vmx));
	return 0;
}

static void test_deny_all_covers_every_bit(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(svm); i++)
		assert_int_equal(svm[i], 0xff);
	for (i = 0; i < sizeof(vmx); i++)
		assert_int_equal(vmx[i], 0xff);
}

static void test_allow_opens_exactly_the_range(void **state)
{
	unsigned int port;

	(void)state;
	assert_int_equal(io_bitmap_allow(svm, 0x3f8, 8), 0);
	assert_int_equal(io_bitmap_allow(vmx, 0x3f8, 8), 0);
	for (port = 0; port < IO_BITMAP_PORTS; port++) {
		int open = port >= 0x3f8 && port < 0x400;

		assert_int_equal(bit(svm, port), !open);
		assert_int_equal(bit(vmx, port), !open);
	}
}

/* A word access straddling the end of an allowed range still exits. */
static void test_straddling_access_intercepted(void **state)
{
	(void)state;
	assert_int_equal(io_bitmap_allow(svm, 0x60, 1), 0);
	assert_int_equal(intercepts(svm, 0x60, 1), 0);
	assert_int_equal(intercepts(svm, 0x60, 2), 1);
	assert_int_equal(intercepts(svm, 0x5f, 2), 1);
}

/* VT-x bitmap B starts at port 0x8000, byte 4096 of the buffer. */
static void test_vmx_bitmap_b_boundary(void **state)
{
	(void)state;
	assert_int_equal(io_bitmap_allow(vmx, 0x7fff, 2), 0);
	assert_int_equal(vmx[4095], 0x7f);
	assert_int_equal(vmx[4096], 0xfe);
}

/* The SVM bits past port 0xffff stay set even if the config opens all. */
static void test_svm_top_bits_stay_set(void **state)
{
	(void)state;
	assert_int_equal(io_bitmap_allow(svm, 0, IO_BITMAP_PORTS), 0);
	assert_int_equal(intercepts(svm, 0xffff, 1), 0);
	assert_int_equal(intercepts(svm, 0xffff, 2), 1);
	assert_int_equal(intercepts(svm, 0xfffd, 4), 1);
	assert_int_equal(svm[0x2000] & 0x7, 0x7);
}

static void test_bad_ranges_rejected_untouched(void **state)
{
	size_t i;

	(void)state;
	assert_int_equal(io_bitmap_allow(svm, 0x80, 0), -EINVAL);
	assert_int_equal(io_bitmap_allow(svm, 0x10000, 1), -ERANGE);
	assert_int_equal(io_bitmap_allow(svm, 0xfff0, 0x11), -ERANGE);
	assert_int_equal(io_bitmap_allow(svm, 1, 0xffffffff), -ERANGE);
	assert_int_equal(io_bitmap_allow(svm, 0xffffffff, 2), -ERANGE);
	assert_int_equal(io_bitmap_deny(svm, 0x80, 0), -EINVAL);
	for (i = 0; i < sizeof(svm); i++)
		assert_int_equal(svm[i], 0xff);
}

static void test_deny_overrides_allow(void **state)
{
	(void)state;
	assert_int_equal(io_bitmap_allow(svm, 0xcf0, 0x10), 0);
	assert_int_equal(io_bitmap_deny(svm, 0xcf8, 8), 0);
	assert_int_equal(intercepts(svm, 0xcf0, 4), 0);
	assert_int_equal(intercepts(svm, 0xcf4, 4), 0);
	assert_int_equal(intercepts(svm, 0xcf8, 1), 1);
	assert_int_equal(intercepts(svm, 0xcfc, 4), 1);
	assert_int_equal(intercepts(svm, 0xcf7, 2), 1);
}

static struct {
	struct jailhouse_cell_desc desc;
	__u8 cpus[8];
	struct jailhouse_pio pio[2];
} JAILHOUSE_PACKED cell = {
	.desc = { .signature = "JHCLL", .cpu_set_size = 8,
		  .num_pio_ranges = 2 },
	.pio = { { .base = 0x3f8, .length = 8 }, { .base = 0x60, .length = 1 } },
};

static void test_from_cell(void **state)
{
	unsigned int port;

	(void)state;
	memset(svm, 0, sizeof(svm));
	assert_int_equal(io_bitmap_from_cell(svm, sizeof(svm), &cell.desc), 0);
	for (port = 0; port < IO_BITMAP_PORTS; port++)
		assert_int_equal(bit(svm, port),
				 !(port == 0x60 || (port >= 0x3f8 &&
						    port < 0x400)));
	assert_int_equal(svm[sizeof(svm) - 1], 0xff);
}

/* A config that grants the PCI configuration ports still has them trapped. */
static void test_pci_ports_always_intercepted(void **state)
{
	unsigned int port;

	(void)state;
	cell.pio[1].base = 0xcf0;
	cell.pio[1].length = 0x20;
	assert_int_equal(io_bitmap_from_cell(svm, sizeof(svm), &cell.desc), 0);
	cell.pio[1].base = 0x60;
	cell.pio[1].length = 1;
	for (port = 0xcf0; port < 0xd10; port++)
		assert_int_equal(bit(svm, port), port >= 0xcf8 && port < 0xd00);
}

/* A bad range (the parser rejects it; still) leaves all denied. */
static void test_from_cell_bad_range_denies_all(void **state)
{
	size_t i;

	(void)state;
	cell.pio[1].base = 0xffff;
	cell.pio[1].length = 2;
	assert_int_equal(io_bitmap_from_cell(vmx, sizeof(vmx), &cell.desc),
			 -ERANGE);
	cell.pio[1].base = 0x60;
	cell.pio[1].length = 1;
	for (i = 0; i < sizeof(vmx); i++)
		assert_int_equal(vmx[i], 0xff);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_deny_all_covers_every_bit, setup),
		cmocka_unit_test_setup(test_allow_opens_exactly_the_range,
				       setup),
		cmocka_unit_test_setup(test_straddling_access_intercepted,
				       setup),
		cmocka_unit_test_setup(test_vmx_bitmap_b_boundary, setup),
		cmocka_unit_test_setup(test_svm_top_bits_stay_set, setup),
		cmocka_unit_test_setup(test_bad_ranges_rejected_untouched,
				       setup),
		cmocka_unit_test_setup(test_deny_overrides_allow, setup),
		cmocka_unit_test_setup(test_pci_ports_always_intercepted,
				       setup),
		cmocka_unit_test_setup(test_from_cell, setup),
		cmocka_unit_test_setup(test_from_cell_bad_range_denies_all,
				       setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
