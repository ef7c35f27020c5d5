// SPDX-License-Identifier: GPL-2.0
/*
 * The string functions of the freestanding mini-libc (lib/string.c),
 * which the hypervisor and the inmates share. Built here under other
 * names, so that the host C library's stay what the process uses.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#define memcpy mini_memcpy
#define memmove mini_memmove
#define memset mini_memset
#define memcmp mini_memcmp
#define strlen mini_strlen
#define strnlen mini_strnlen
#define strcmp mini_strcmp
#define strncmp mini_strncmp
#include "../../lib/string.c"
#undef memcpy
#undef memmove
#undef memset
#undef memcmp
#undef strlen
#undef strnlen
#undef strcmp
#undef strncmp

static void test_copy_and_set(void **state)
{
	unsigned char buf[16];

	(void)state;
	assert_ptr_equal(mini_memset(buf, 0xa5, sizeof(buf)), buf);
	assert_int_equal(buf[0], 0xa5);
	assert_int_equal(buf[15], 0xa5);
	assert_ptr_equal(mini_memcpy(buf + 2, "abcd", 4), buf + 2);
	assert_memory_equal(buf, "\xa5\xa5" "abcd\xa5", 7);
	mini_memset(buf, 0x1ff, 1);	/* only the low byte counts */
	assert_int_equal(buf[0], 0xff);
}

static void test_move_overlapping(void **state)
{
	char up[] = "0123456789", down[] = "0123456789";

	(void)state;
	mini_memmove(up + 2, up, 6);
	assert_string_equal(up, "0101234589");
	mini_memmove(down, down + 2, 6);
	assert_string_equal(down, "2345676789");
}

static void test_compare(void **state)
{
	(void)state;
	assert_int_equal(mini_memcmp("abc", "abc", 3), 0);
	assert_true(mini_memcmp("abc", "abd", 3) < 0);
	assert_true(mini_memcmp("\xff", "\x01", 1) > 0);	/* unsigned */
	assert_int_equal(mini_memcmp("x", "y", 0), 0);
	assert_int_equal(mini_strcmp("same", "same"), 0);
	assert_true(mini_strcmp("abc", "abcd") < 0);
	assert_true(mini_strcmp("b", "abc") > 0);
	assert_int_equal(mini_strncmp("abcX", "abcY", 3), 0);
	assert_true(mini_strncmp("abcX", "abcY", 4) < 0);
	assert_int_equal(mini_strncmp("ab", "ab", 10), 0);
}

static void test_lengths(void **state)
{
	const char unterminated[4] = { 'a', 'b', 'c', 'd' };

	(void)state;
	assert_int_equal(mini_strlen(""), 0);
	assert_int_equal(mini_strlen("hello"), 5);
	assert_int_equal(mini_strnlen("hello", 3), 3);
	assert_int_equal(mini_strnlen("hi", 10), 2);
	assert_int_equal(mini_strnlen(unterminated, sizeof(unterminated)), 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_copy_and_set),
		cmocka_unit_test(test_move_overlapping),
		cmocka_unit_test(test_compare),
		cmocka_unit_test(test_lengths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
