// SPDX-License-Identifier: GPL-2.0
/*
 * MOV to CR0/CR4 by the architecture (hypervisor/arch/x86/cr-rules.c):
 * each value below the CPU refuses with #GP; emulated unchecked, it
 * failed the VM entry.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <asm/cr-rules.h>
#include <asm/processor.h>

#define CR0_REAL	0x60000010ULL	/* after INIT: CD, NW, ET */
#define CR0_PROT	0x00000011ULL	/* ET, PE */
#define CR0_LINUX	0x80050033ULL	/* PG, AM, WP, NE, ET, MP, PE */
#define CR4_PAE		(1ULL << 5)
#define CR4_LINUX	0x003706f0ULL	/* Linux 6.1 on a recent CPU */
#define EFER_LME	(1ULL << 8)
#define EFER_LONG	(EFER_LME | EFER_LMA | 1)
/* What IA32_VMX_CR4_FIXED1 reports on a recent CPU, less VMXE. */
#define SUPPORTED	0x00ffdfffULL

static const struct cr_state real = { .cr0 = CR0_REAL };
static const struct cr_state prot = { .cr0 = CR0_PROT };
static const struct cr_state long64 = {
	.cr0 = CR0_LINUX, .cr4 = CR4_LINUX, .efer = EFER_LONG, .mode64 = true,
};

static void test_cr0_valid_values(void **state)
{
	(void)state;
	assert_true(cr0_write_valid(&real, CR0_PROT));
	assert_true(cr0_write_valid(&real, CR0_REAL));
	assert_true(cr0_write_valid(&prot, CR0_PROT | X86_CR0_PG));
	assert_true(cr0_write_valid(&long64, CR0_LINUX));
	assert_true(cr0_write_valid(&long64, CR0_LINUX | X86_CR0_CD));
}

static void test_cr0_pg_needs_pe(void **state)
{
	(void)state;
	assert_false(cr0_write_valid(&real, CR0_REAL | X86_CR0_PG));
	assert_false(cr0_write_valid(&real, X86_CR0_PG | X86_CR0_CD |
				     X86_CR0_NW));
}

static void test_cr0_nw_needs_cd(void **state)
{
	(void)state;
	assert_false(cr0_write_valid(&prot, CR0_PROT | X86_CR0_NW));
	assert_true(cr0_write_valid(&prot, CR0_PROT | X86_CR0_NW |
				    X86_CR0_CD));
}

static void test_cr0_high_bits_reserved(void **state)
{
	(void)state;
	assert_false(cr0_write_valid(&long64, CR0_LINUX | 1ULL << 32));
	assert_false(cr0_write_valid(&long64, CR0_LINUX | 1ULL << 63));
	/* The low half's reserved bits are dropped, not refused. */
	assert_int_equal(cr0_value(CR0_LINUX | 1ULL << 6 | 1ULL << 28),
			 CR0_LINUX);
	assert_int_equal(cr0_value(1ULL << 40), 1ULL << 40);
}

static void test_cr0_long_mode_needs_pae(void **state)
{
	struct cr_state s = { .cr0 = CR0_PROT, .efer = EFER_LME };

	(void)state;
	assert_false(cr0_write_valid(&s, CR0_PROT | X86_CR0_PG));
	s.cr4 = CR4_PAE;
	assert_true(cr0_write_valid(&s, CR0_PROT | X86_CR0_PG));
}

static void test_cr0_pg_kept_in_64bit_mode(void **state)
{
	struct cr_state compat = long64;

	(void)state;
	assert_false(cr0_write_valid(&long64, CR0_LINUX & ~X86_CR0_PG));
	/* Compatibility mode may leave long mode. */
	compat.mode64 = false;
	assert_true(cr0_write_valid(&compat, CR0_LINUX & ~X86_CR0_PG));
}

static void test_cr0_wp_kept_under_cet(void **state)
{
	struct cr_state s = long64;

	(void)state;
	s.cr4 |= X86_CR4_CET;
	assert_false(cr0_write_valid(&s, CR0_LINUX & ~X86_CR0_WP));
	assert_true(cr0_write_valid(&long64, CR0_LINUX & ~X86_CR0_WP));
}

static void test_cr4_valid_values(void **state)
{
	(void)state;
	assert_true(cr4_write_valid(&real, 0, SUPPORTED));
	assert_true(cr4_write_valid(&prot, CR4_PAE, SUPPORTED));
	assert_true(cr4_write_valid(&long64, CR4_LINUX, SUPPORTED));
}

static void test_cr4_unsupported_bits(void **state)
{
	(void)state;
	/* VMXE (not the guest's), a bit the CPU lacks, the high half. */
	assert_false(cr4_write_valid(&prot, 1ULL << 13, SUPPORTED));
	assert_false(cr4_write_valid(&prot, 1ULL << 30, SUPPORTED));
	assert_false(cr4_write_valid(&prot, 1ULL << 32, SUPPORTED));
	assert_false(cr4_write_valid(&long64, CR4_LINUX | 1ULL << 40,
				     SUPPORTED));
}

static void test_cr4_long_mode_keeps_pae_la57(void **state)
{
	(void)state;
	assert_false(cr4_write_valid(&long64, CR4_LINUX & ~CR4_PAE,
				     SUPPORTED));
	assert_false(cr4_write_valid(&long64, CR4_LINUX | X86_CR4_LA57,
				     SUPPORTED));
	assert_true(cr4_write_valid(&prot, X86_CR4_LA57, SUPPORTED));
}

static void test_cr4_pcide(void **state)
{
	struct cr_state s = long64;

	(void)state;
	s.cr4 &= ~X86_CR4_PCIDE;
	s.cr3 = 0x1000;
	assert_true(cr4_write_valid(&s, s.cr4 | X86_CR4_PCIDE, SUPPORTED));
	/* Only with CR3[11:0] zero, and only in long mode. */
	s.cr3 = 0x1001;
	assert_false(cr4_write_valid(&s, s.cr4 | X86_CR4_PCIDE, SUPPORTED));
	assert_false(cr4_write_valid(&prot, CR4_PAE | X86_CR4_PCIDE,
				     SUPPORTED));
	/* Already set: CR3's low bits are a PCID. */
	s.cr4 |= X86_CR4_PCIDE;
	assert_true(cr4_write_valid(&s, s.cr4, SUPPORTED));
}

static void test_cr4_cet_needs_wp(void **state)
{
	struct cr_state s = long64;

	(void)state;
	assert_true(cr4_write_valid(&s, CR4_LINUX | X86_CR4_CET, SUPPORTED));
	s.cr0 &= ~X86_CR0_WP;
	assert_false(cr4_write_valid(&s, CR4_LINUX | X86_CR4_CET, SUPPORTED));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cr0_valid_values),
		cmocka_unit_test(test_cr0_pg_needs_pe),
		cmocka_unit_test(test_cr0_nw_needs_cd),
		cmocka_unit_test(test_cr0_high_bits_reserved),
		cmocka_unit_test(test_cr0_long_mode_needs_pae),
		cmocka_unit_test(test_cr0_pg_kept_in_64bit_mode),
		cmocka_unit_test(test_cr0_wp_kept_under_cet),
		cmocka_unit_test(test_cr4_valid_values),
		cmocka_unit_test(test_cr4_unsupported_bits),
		cmocka_unit_test(test_cr4_long_mode_keeps_pae_la57),
		cmocka_unit_test(test_cr4_pcide),
		cmocka_unit_test(test_cr4_cet_needs_wp),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
