// SPDX-License-Identifier: GPL-2.0
/*
 * The XRSTORS header that initialises the supervisor XSAVE components
 * (hypervisor/arch/x86/xsave-header.c), by XRSTORS's #GP list.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <asm/xsave-header.h>

#define XCR0_AVX512	0xe7ULL		/* x87, SSE, AVX, AVX-512 */
#define XSS_PT		(1ULL << 8)
#define XSS_PASID	(1ULL << 10)
#define XSS_CET		(3ULL << 11)	/* CET_U, CET_S */
#define XSS_LBR		(1ULL << 15)

static void test_init_header_by_rule(void **state)
{
	static const __u64 xss[] = {
		XSS_PT, XSS_PASID, XSS_CET, XSS_LBR,
		XSS_PT | XSS_PASID | XSS_CET | XSS_LBR,
	};
	struct xsave_header h;
	unsigned int n, i;

	(void)state;
	for (n = 0; n < sizeof(xss) / sizeof(xss[0]); n++) {
		h = xrstors_init_header(xss[n]);
		assert_int_equal(h.xstate_bv, 0);
		assert_int_equal(h.xcomp_bv, XCOMP_BV_COMPACTED | xss[n]);
		for (i = 0; i < 6; i++)
			assert_int_equal(h.reserved[i], 0);
		assert_true(xrstors_header_valid(&h, XCR0_AVX512, xss[n]));
		assert_true(xrstors_header_valid(&h, 1, xss[n]));
	}
}

/* The layout XRSTORS reads: header at byte 512, 64-byte aligned. */
static void test_image_layout(void **state)
{
	(void)state;
	assert_int_equal(sizeof(struct xsave_header), 64);
	assert_int_equal(offsetof(struct xsave_init_image, header), 512);
	assert_int_equal(_Alignof(struct xsave_init_image), 64);
}

static void test_xrstors_faults(void **state)
{
	struct xsave_header h = xrstors_init_header(XSS_CET);

	(void)state;
	/* Standard format (what XRSTOR's image has): #GP. */
	h.xcomp_bv = 0;
	assert_false(xrstors_header_valid(&h, XCR0_AVX512, XSS_CET));
	/* A component neither XCR0 nor IA32_XSS enables. */
	h = xrstors_init_header(XSS_CET | XSS_PASID);
	assert_false(xrstors_header_valid(&h, XCR0_AVX512, XSS_CET));
	/* XSTATE_BV beyond XCOMP_BV. */
	h = xrstors_init_header(XSS_CET);
	h.xstate_bv = XSS_PT;
	assert_false(xrstors_header_valid(&h, XCR0_AVX512, XSS_CET | XSS_PT));
	/* Bytes 16-63. */
	h = xrstors_init_header(XSS_CET);
	h.reserved[5] = 1;
	assert_false(xrstors_header_valid(&h, XCR0_AVX512, XSS_CET));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_header_by_rule),
		cmocka_unit_test(test_image_layout),
		cmocka_unit_test(test_xrstors_faults),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
