// SPDX-License-Identifier: GPL-2.0
/*
 * The printf core of the freestanding mini-libc (lib/vsnprintf.c), which
 * the hypervisor and the inmates share. Built here under other names, so
 * that the host C library's vsnprintf stays what the rest of the process
 * (cmocka, the sanitizers) uses.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#define vsnprintf mini_vsnprintf
#define snprintf mini_snprintf
#include "../../lib/vsnprintf.c"
#undef vsnprintf
#undef snprintf

static char buf[128];

#define assert_format(expected, ...) do {				\
	int len = mini_snprintf(buf, sizeof(buf), __VA_ARGS__);		\
	assert_string_equal(buf, expected);				\
	assert_int_equal(len, strlen(expected));			\
} while (0)

static void test_integers(void **state)
{
	(void)state;
	assert_format("0 -1 42 2147483647 -2147483648", "%d %i %d %d %d",
		      0, -1, 42, 2147483647, (int)-2147483648LL);
	assert_format("4294967295 ffffffff FFFFFFFF", "%u %x %X",
		      0xffffffffU, 0xffffffffU, 0xffffffffU);
	assert_format("-9223372036854775808 18446744073709551615",
		      "%lld %llu", (long long)(-9223372036854775807LL - 1),
		      18446744073709551615ULL);
	assert_format("ffffffffffffffff 123", "%lx %zu", ~0UL, (size_t)123);
	assert_format("255 -1 65535", "%hhu %hhd %hu", 0x1ff, 0xff, 0x1ffff);
	assert_format("0x1000 0x0", "%p %p", (void *)0x1000, NULL);
}

static void test_width_and_flags(void **state)
{
	(void)state;
	assert_format("[   42][42   ][00042][-0042]", "[%5d][%-5d][%05d][%05d]",
		      42, 42, 42, -42);
	assert_format("[0000000000001234]", "[%016llx]", 0x1234ULL);
	assert_format("[  ab][ab  ][   x]", "[%4s][%-4s][%*c]", "ab", "ab", 4,
		      'x');
	assert_format("[abc][ab]", "[%s][%.2s]", "abc", "abcdef");
	assert_format("[ab  ]", "[%-*.*s]", 4, 2, "abcdef");
	assert_format("100%", "100%%");
}

static void test_truncation(void **state)
{
	char small[8];
	int len;

	(void)state;
	memset(small, 'Z', sizeof(small));
	len = mini_snprintf(small, 5, "%s", "truncated");
	assert_int_equal(len, 9);
	assert_string_equal(small, "trun");
	assert_int_equal(small[5], 'Z');

	len = mini_snprintf(small, 1, "%d", 12345);
	assert_int_equal(len, 5);
	assert_int_equal(small[0], '\0');

	memset(small, 'Z', sizeof(small));
	len = mini_snprintf(small, 0, "abc");
	assert_int_equal(len, 3);
	assert_int_equal(small[0], 'Z');
	assert_int_equal(mini_snprintf(NULL, 0, "%s-%d", "x", 7), 3);
}

/* Formats the compiler would refuse to check: no format attribute. */
static void assert_unchecked(const char *expected, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = mini_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	assert_string_equal(buf, expected);
	assert_int_equal(len, strlen(expected));
}

/*
 * Unknown or cut-off conversions are shown, never read as arguments; a
 * NULL string prints as "(null)".
 */
static void test_bad_conversions(void **state)
{
	(void)state;
	assert_unchecked("%q %", "%q %");
	assert_unchecked("a%", "a%");
	assert_unchecked("x%ly", "x%ly");
	assert_unchecked("[(null)]", "[%s]", (char *)NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_width_and_flags),
		cmocka_unit_test(test_truncation),
		cmocka_unit_test(test_bad_conversions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
