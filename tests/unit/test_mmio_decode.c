// SPDX-License-Identifier: GPL-2.0
/*
 * The MMIO instruction decoder (arch/x86/mmio-decode.c), on the byte
 * sequences Linux and compilers emit for 32-bit APIC accesses, and on
 * what it must refuse.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jailhouse/errno.h>
#include <asm/mmio.h>

static struct mmio_insn insn;

static int decode(const __u8 *code, unsigned int len, bool code64)
{
	insn = (struct mmio_insn){ 0 };
	return mmio_decode(code, len, code64, &insn);
}

static void test_stores(void **state)
{
	/* mov %esi,0xd000b0(%rdi): Linux's EOI through a base register. */
	static const __u8 disp32[] = { 0x89, 0xb7, 0xb0, 0x00, 0xd0, 0x00 };
	/* mov %edi,0xffffffffff5fd310 (absolute, SIB without base). */
	static const __u8 absolute[] = { 0x89, 0x3c, 0x25, 0x10, 0xd3, 0x5f,
					 0xff };
	/* mov %r9d,(%rax) */
	static const __u8 rex[] = { 0x44, 0x89, 0x08 };

	(void)state;
	assert_int_equal(decode(disp32, sizeof(disp32), true), 0);
	assert_true(insn.write);
	assert_int_equal(insn.reg, 6);
	assert_int_equal(insn.len, 6);
	assert_int_equal(decode(absolute, sizeof(absolute), true), 0);
	assert_int_equal(insn.reg, 7);
	assert_int_equal(insn.len, 7);
	assert_int_equal(decode(rex, sizeof(rex), true), 0);
	assert_int_equal(insn.reg, 9);
	assert_int_equal(insn.len, 3);
}

static void test_loads(void **state)
{
	/* mov 0xffffffffff5fd020,%eax */
	static const __u8 absolute[] = { 0x8b, 0x04, 0x25, 0x20, 0xd0, 0x5f,
					 0xff };
	/* mov 0x30(%rbx),%edx */
	static const __u8 disp8[] = { 0x8b, 0x53, 0x30 };
	/* mov %ds:0x20(%rip),%eax with a segment prefix */
	static const __u8 riprel[] = { 0x3e, 0x8b, 0x05, 0x20, 0, 0, 0 };

	(void)state;
	assert_int_equal(decode(absolute, sizeof(absolute), true), 0);
	assert_false(insn.write);
	assert_int_equal(insn.reg, 0);
	assert_int_equal(insn.len, 7);
	assert_int_equal(decode(disp8, sizeof(disp8), true), 0);
	assert_int_equal(insn.reg, 2);
	assert_int_equal(insn.len, 3);
	assert_int_equal(decode(riprel, sizeof(riprel), true), 0);
	assert_int_equal(insn.len, 7);
}

static void test_immediate(void **state)
{
	/* movl $0x0,0xb0(%rax) */
	static const __u8 imm[] = { 0xc7, 0x80, 0xb0, 0, 0, 0, 0x78, 0x56,
				    0x34, 0x12 };
	/* C7 with reg field 1 is no MOV. */
	static const __u8 bad_reg[] = { 0xc7, 0x88, 0xb0, 0, 0, 0, 0, 0, 0,
					0 };

	(void)state;
	assert_int_equal(decode(imm, sizeof(imm), true), 0);
	assert_true(insn.write);
	assert_int_equal(insn.reg, MMIO_REG_NONE);
	assert_int_equal(insn.imm, 0x12345678);
	assert_int_equal(insn.len, 10);
	assert_int_equal(decode(bad_reg, sizeof(bad_reg), true), -EINVAL);
}

static void test_32bit_mode(void **state)
{
	/* In 32-bit code 0x41 is INC %ecx, not REX. */
	static const __u8 inc[] = { 0x41, 0x89, 0x08 };
	/* mov %eax,0xfee000b0 */
	static const __u8 absolute[] = { 0x89, 0x05, 0xb0, 0x00, 0xe0, 0xfe };

	(void)state;
	assert_int_equal(decode(inc, sizeof(inc), false), -EINVAL);
	assert_int_equal(decode(absolute, sizeof(absolute), false), 0);
	assert_int_equal(insn.len, 6);
}

static void test_refused(void **state)
{
	static const __u8 rex_w[] = { 0x48, 0x89, 0x08 };
	static const __u8 opsize[] = { 0x66, 0x89, 0x08 };
	static const __u8 lock[] = { 0xf0, 0x89, 0x08 };
	static const __u8 xchg[] = { 0x87, 0x08 };
	static const __u8 reg_operand[] = { 0x89, 0xc8 };
	static const __u8 truncated[] = { 0x89, 0x80, 0xb0, 0x00 };
	static const __u8 sib_cut[] = { 0x89, 0x04 };
	static const __u8 prefixes[16] = { 0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e,
					   0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e,
					   0x3e, 0x89, 0x80, 0 };

	(void)state;
	assert_int_equal(decode(rex_w, sizeof(rex_w), true), -EINVAL);
	assert_int_equal(decode(opsize, sizeof(opsize), true), -EINVAL);
	assert_int_equal(decode(lock, sizeof(lock), true), -EINVAL);
	assert_int_equal(decode(xchg, sizeof(xchg), true), -EINVAL);
	assert_int_equal(decode(reg_operand, sizeof(reg_operand), true),
			 -EINVAL);
	assert_int_equal(decode(truncated, sizeof(truncated), true), -EINVAL);
	assert_int_equal(decode(sib_cut, sizeof(sib_cut), true), -EINVAL);
	assert_int_equal(decode(prefixes, sizeof(prefixes), true), -EINVAL);
	assert_int_equal(decode(rex_w, 0, true), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stores),
		cmocka_unit_test(test_loads),
		cmocka_unit_test(test_immediate),
		cmocka_unit_test(test_32bit_mode),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
