// SPDX-License-Identifier: GPL-2.0
/*
 * The MMIO instruction decoder (arch/x86/mmio-decode.c), on the byte
 * sequences Linux and compilers emit for APIC, IOAPIC and PCI MMCONFIG
 * accesses, and on what it must refuse.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jailhouse/errno.h>
#include <asm/mmio-decode.h>

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

/* Linux's mmio_config_read/write*() and readw/readb in drivers. */
static void test_narrow(void **state)
{
	/* mov (%rdi),%al and mov %al,(%rdi) */
	static const __u8 load8[] = { 0x8a, 0x07 };
	static const __u8 store8[] = { 0x88, 0x07 };
	/* mov (%rdi),%ax and mov %ax,0x4(%rdi) */
	static const __u8 load16[] = { 0x66, 0x8b, 0x07 };
	static const __u8 store16[] = { 0x66, 0x89, 0x47, 0x04 };
	/* movzbl (%rdi),%ecx and movzwl 0x2(%rsi),%r8d */
	static const __u8 movzx8[] = { 0x0f, 0xb6, 0x0f };
	static const __u8 movzx16[] = { 0x44, 0x0f, 0xb7, 0x46, 0x02 };
	/* movb $0x5,(%rax) and movw $0x1234,(%rax) */
	static const __u8 imm8[] = { 0xc6, 0x00, 0x05 };
	static const __u8 imm16[] = { 0x66, 0xc7, 0x00, 0x34, 0x12 };

	(void)state;
	assert_int_equal(decode(load8, sizeof(load8), true), 0);
	assert_false(insn.write);
	assert_int_equal(insn.size, 1);
	assert_false(insn.zero_extend);
	assert_int_equal(insn.reg, 0);
	assert_int_equal(decode(store8, sizeof(store8), true), 0);
	assert_true(insn.write);
	assert_int_equal(insn.size, 1);
	assert_int_equal(decode(load16, sizeof(load16), true), 0);
	assert_int_equal(insn.size, 2);
	assert_false(insn.zero_extend);
	assert_int_equal(insn.len, 3);
	assert_int_equal(decode(store16, sizeof(store16), true), 0);
	assert_true(insn.write);
	assert_int_equal(insn.size, 2);
	assert_int_equal(insn.len, 4);
	assert_int_equal(decode(movzx8, sizeof(movzx8), true), 0);
	assert_false(insn.write);
	assert_int_equal(insn.size, 1);
	assert_true(insn.zero_extend);
	assert_int_equal(insn.reg, 1);
	assert_int_equal(insn.len, 3);
	assert_int_equal(decode(movzx16, sizeof(movzx16), true), 0);
	assert_int_equal(insn.size, 2);
	assert_int_equal(insn.reg, 8);
	assert_int_equal(insn.len, 5);
	assert_int_equal(decode(imm8, sizeof(imm8), true), 0);
	assert_int_equal(insn.reg, MMIO_REG_NONE);
	assert_int_equal(insn.imm, 5);
	assert_int_equal(insn.len, 3);
	assert_int_equal(decode(imm16, sizeof(imm16), true), 0);
	assert_int_equal(insn.size, 2);
	assert_int_equal(insn.imm, 0x1234);
	assert_int_equal(insn.len, 5);
}

/* What GCC emits for a constant address above 2 GiB: movabs. */
static void test_moffs(void **state)
{
	/* movabs %eax,0xfec00000 and movabs 0xfec00010,%eax */
	static const __u8 store[] = { 0xa3, 0x00, 0x00, 0xc0, 0xfe, 0, 0, 0,
				      0 };
	static const __u8 load[] = { 0xa1, 0x10, 0x00, 0xc0, 0xfe, 0, 0, 0,
				     0 };
	/* movabs 0xb0000000,%al; in 32-bit code mov 0xfec00000,%ax */
	static const __u8 load8[] = { 0xa0, 0, 0, 0, 0xb0, 0, 0, 0, 0 };
	static const __u8 load16_32[] = { 0x66, 0xa1, 0, 0, 0xc0, 0xfe };

	(void)state;
	assert_int_equal(decode(store, sizeof(store), true), 0);
	assert_true(insn.write);
	assert_int_equal(insn.reg, 0);
	assert_int_equal(insn.size, 4);
	assert_int_equal(insn.len, 9);
	assert_int_equal(decode(load, sizeof(load), true), 0);
	assert_false(insn.write);
	assert_true(insn.zero_extend);
	assert_int_equal(decode(load8, sizeof(load8), true), 0);
	assert_int_equal(insn.size, 1);
	assert_false(insn.zero_extend);
	assert_int_equal(decode(load16_32, sizeof(load16_32), false), 0);
	assert_int_equal(insn.size, 2);
	assert_int_equal(insn.len, 6);
	assert_int_equal(decode(store, 8, true), -EINVAL);
}

/* Byte registers 4-7 are AH-BH without REX, SPL-DIL with it. */
static void test_high_bytes(void **state)
{
	/* mov %bh,(%rax) and mov %dil,(%rax) */
	static const __u8 bh[] = { 0x88, 0x38 };
	static const __u8 dil[] = { 0x40, 0x88, 0x38 };
	/* movzbl (%rax),%edi: a 32-bit destination, never AH-BH. */
	static const __u8 movzx_edi[] = { 0x0f, 0xb6, 0x38 };

	(void)state;
	assert_int_equal(decode(bh, sizeof(bh), true), 0);
	assert_int_equal(insn.reg, 3);
	assert_true(insn.high_byte);
	assert_int_equal(decode(dil, sizeof(dil), true), 0);
	assert_int_equal(insn.reg, 7);
	assert_false(insn.high_byte);
	assert_int_equal(decode(movzx_edi, sizeof(movzx_edi), true), 0);
	assert_int_equal(insn.reg, 7);
	assert_false(insn.high_byte);
}

static void test_refused(void **state)
{
	static const __u8 rex_w[] = { 0x48, 0x89, 0x08 };
	static const __u8 rex_w_movzx[] = { 0x48, 0x0f, 0xb6, 0x08 };
	/* 0x66 on a byte MOV, twice, or on MOVZX. */
	static const __u8 opsize_byte[] = { 0x66, 0x88, 0x08 };
	static const __u8 opsize_twice[] = { 0x66, 0x66, 0x89, 0x08 };
	static const __u8 opsize_movzx[] = { 0x66, 0x0f, 0xb6, 0x08 };
	/* MOVSX, and C6 with reg field 1. */
	static const __u8 movsx[] = { 0x0f, 0xbe, 0x08 };
	static const __u8 bad_imm8[] = { 0xc6, 0x08, 0x00 };
	static const __u8 imm16_cut[] = { 0x66, 0xc7, 0x00, 0x34 };
	static const __u8 lock[] = { 0xf0, 0x89, 0x08 };
	static const __u8 xchg[] = { 0x87, 0x08 };
	static const __u8 reg_operand[] = { 0x89, 0xc8 };
	static const __u8 truncated[] = { 0x89, 0x80, 0xb0, 0x00 };
	static const __u8 sib_cut[] = { 0x89, 0x04 };
	static const __u8 prefixes[16] = { 0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e,
					   0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e,
					   0x3e, 0x89, 0x80, 0 };

	(void)state;
	assert_int_equal(decode(rex_w_movzx, sizeof(rex_w_movzx), true),
			 -EINVAL);
	assert_int_equal(decode(opsize_byte, sizeof(opsize_byte), true),
			 -EINVAL);
	assert_int_equal(decode(opsize_twice, sizeof(opsize_twice), true),
			 -EINVAL);
	assert_int_equal(decode(opsize_movzx, sizeof(opsize_movzx), true),
			 -EINVAL);
	assert_int_equal(decode(movsx, sizeof(movsx), true), -EINVAL);
	assert_int_equal(decode(bad_imm8, sizeof(bad_imm8), true), -EINVAL);
	assert_int_equal(decode(imm16_cut, sizeof(imm16_cut), true), -EINVAL);
	assert_int_equal(decode(lock, sizeof(lock), true), -EINVAL);
	assert_int_equal(decode(xchg, sizeof(xchg), true), -EINVAL);
	assert_int_equal(decode(reg_operand, sizeof(reg_operand), true),
			 -EINVAL);
	assert_int_equal(decode(truncated, sizeof(truncated), true), -EINVAL);
	assert_int_equal(decode(sib_cut, sizeof(sib_cut), true), -EINVAL);
	assert_int_equal(decode(prefixes, sizeof(prefixes), true), -EINVAL);
	assert_int_equal(decode(rex_w, 0, true), -EINVAL);
}

/*
 * 8-byte MOVs: Linux's copy_from_kernel_nofault() (the /dev/mem read) is
 * one; the root's refused access completes from the decoded form.
 */
static void test_wide(void **state)
{
	/* mov (%rdi),%rax; mov %rcx,(%rax); movq $-1,(%rax) */
	static const __u8 load[] = { 0x48, 0x8b, 0x07 };
	static const __u8 store[] = { 0x48, 0x89, 0x08 };
	static const __u8 imm[] = { 0x48, 0xc7, 0x00, 0xff, 0xff, 0xff, 0xff };

	(void)state;
	assert_int_equal(decode(load, sizeof(load), true), 0);
	assert_false(insn.write);
	assert_int_equal(insn.size, 8);
	assert_int_equal(insn.reg, 0);
	assert_int_equal(insn.len, 3);
	assert_int_equal(decode(store, sizeof(store), true), 0);
	assert_true(insn.write);
	assert_int_equal(insn.size, 8);
	assert_int_equal(insn.reg, 1);
	assert_int_equal(decode(imm, sizeof(imm), true), 0);
	assert_int_equal(insn.size, 8);
	assert_int_equal(insn.len, 7);
	assert_int_equal(insn.reg, MMIO_REG_NONE);
	/* In 32-bit code 0x48 is DEC %eax. */
	assert_int_equal(decode(store, sizeof(store), false), -EINVAL);
}

/* MOVS and STOS: copy_from_user() (the /dev/mem write) is REP MOVSB. */
static void test_strings(void **state)
{
	static const __u8 rep_movsb[] = { 0xf3, 0xa4 };
	static const __u8 rep_stosq[] = { 0xf3, 0x48, 0xab };
	static const __u8 movsw[] = { 0x66, 0x2e, 0xa5 };
	static const __u8 addr32[] = { 0x67, 0xf3, 0xa4 };
	static const __u8 repne[] = { 0xf2, 0xa4 };
	static const __u8 lods[] = { 0xac };
	struct mmio_string str;

	(void)state;
	assert_int_equal(mmio_decode_string(rep_movsb, 2, true, &str), 0);
	assert_true(str.movs && str.rep);
	assert_int_equal(str.size, 1);
	assert_int_equal(str.len, 2);
	assert_int_equal(mmio_decode_string(rep_stosq, 3, true, &str), 0);
	assert_true(!str.movs && str.rep);
	assert_int_equal(str.size, 8);
	assert_int_equal(str.len, 3);
	assert_int_equal(mmio_decode_string(rep_stosq, 3, false, &str),
			 -EINVAL);
	assert_int_equal(mmio_decode_string(movsw, 3, true, &str), 0);
	assert_true(str.movs && !str.rep);
	assert_int_equal(str.size, 2);
	assert_int_equal(mmio_decode_string(addr32, 3, true, &str), -EINVAL);
	assert_int_equal(mmio_decode_string(repne, 2, true, &str), -EINVAL);
	assert_int_equal(mmio_decode_string(lods, 1, true, &str), -EINVAL);
	assert_int_equal(mmio_decode_string(rep_movsb, 1, true, &str),
			 -EINVAL);
}

/* A refused string write skips the rest of its page, no further. */
static void test_string_skip(void **state)
{
	struct mmio_string byte = { .len = 2, .size = 1, .rep = true };
	struct mmio_string quad = { .len = 3, .size = 8, .rep = true };
	struct mmio_string one = { .len = 1, .size = 4 };

	(void)state;
	assert_int_equal(mmio_string_skip(&byte, 0x3c000000, 4096, false),
			 4096);
	assert_int_equal(mmio_string_skip(&byte, 0x3c000000, 10, false), 10);
	assert_int_equal(mmio_string_skip(&byte, 0x3c000ff0, 100, false), 16);
	assert_int_equal(mmio_string_skip(&byte, 0x3c000010, 100, true), 17);
	/* An element across the page's end is dropped whole. */
	assert_int_equal(mmio_string_skip(&quad, 0x3c000ffc, 100, false), 1);
	assert_int_equal(mmio_string_skip(&quad, 0x3c000004, 100, true), 1);
	assert_int_equal(mmio_string_skip(&one, 0x3c000000, 0, false), 1);
	assert_int_equal(mmio_string_skip(&byte, 0x3c000000, 0, false), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stores),
		cmocka_unit_test(test_loads),
		cmocka_unit_test(test_immediate),
		cmocka_unit_test(test_32bit_mode),
		cmocka_unit_test(test_narrow),
		cmocka_unit_test(test_high_bytes),
		cmocka_unit_test(test_moffs),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_wide),
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_string_skip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
