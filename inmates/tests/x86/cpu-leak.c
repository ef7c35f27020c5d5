// SPDX-License-Identifier: GPL-2.0
/*
 * Read, first thing, what the CPU's previous owner may have left in the
 * registers no world switch touches: x87, SSE and AVX state, MXCSR,
 * DR0-DR3, DR6, DR7, TSC_AUX, and CR2 (in the CPU itself on VT-x, in
 * the VMCB on AMD-V). Everything must be in its reset state (the
 * hypervisor clears it when the CPU changes hands); anything else is
 * printed and the test fails. (The performance counters are cleared too,
 * but RDPMC raises #UD under QEMU's TCG: not read here.)
 */
#include "isolation.h"

#define X86_CR4_OSFXSR		(1UL << 9)
#define X86_CR4_OSXMMEXCPT	(1UL << 10)
#define X86_CR4_OSXSAVE		(1UL << 18)
#define CPUID_ECX_XSAVE		(1U << 26)
#define CPUID_ECX_AVX		(1U << 28)
#define CPUID_EXT_EDX_RDTSCP	(1U << 27)
#define XCR0_AVX		7
#define XSAVE_AVX		4
#define FCW_RESET		0x37f
#define MXCSR_RESET		0x1f80
#define DR6_RESET		0xffff0ff0
#define DR7_RESET		0x400
#define FX_ST0			32
#define FX_XMM0			160
#define FX_END			416
#define YMM_HI_SIZE		256

const char test_name[] = "cpu-leak";

static u8 fx[512] __attribute__((aligned(64)));
static u8 xs[4096] __attribute__((aligned(64)));
static unsigned int leaks;

static void expect(const char *what, u64 value, u64 reset)
{
	if (value == reset)
		return;
	printk("%s: %s is 0x%llx, not 0x%llx\n", test_name, what, value,
	       reset);
	leaks++;
}

static void expect_zero(const char *what, const u8 *p, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i += 8)
		if (*(const u64 *)(p + i)) {
			printk("%s: %s: byte %u holds 0x%llx\n", test_name,
			       what, i, *(const u64 *)(p + i));
			leaks++;
			return;
		}
}

static unsigned long read_cr4(void)
{
	unsigned long cr4;

	asm volatile("mov %%cr4, %0" : "=r" (cr4));
	return cr4;
}

static void write_cr4(unsigned long cr4)
{
	asm volatile("mov %0, %%cr4" : : "r" (cr4));
}

#define READ_DR(n) ({ unsigned long v;					\
	asm volatile("mov %%dr" #n ", %0" : "=r" (v)); v; })

static void check_legacy(void)
{
	asm volatile("fxsave64 %0" : "=m" (fx));
	expect("FCW", *(u16 *)fx, FCW_RESET);
	expect("FSW", *(u16 *)(fx + 2), 0);
	expect("FTW", fx[4], 0);
	expect("MXCSR", *(u32 *)(fx + 24), MXCSR_RESET);
	expect_zero("x87 registers", fx + FX_ST0, FX_XMM0 - FX_ST0);
	expect_zero("XMM registers", fx + FX_XMM0, FX_END - FX_XMM0);
}

static void check_avx(void)
{
	struct cpuid_regs r;

	cpuid(1, 0, &r);
	if (!(r.ecx & CPUID_ECX_XSAVE) || !(r.ecx & CPUID_ECX_AVX)) {
		printk("%s: no AVX\n", test_name);
		return;
	}
	write_cr4(read_cr4() | X86_CR4_OSXSAVE);
	asm volatile("xsetbv" : : "c" (0), "a" (XCR0_AVX), "d" (0));
	cpuid(0xd, 2, &r);
	if (r.ebx + YMM_HI_SIZE > sizeof(xs))
		return;
	asm volatile("xsave64 %0" : "=m" (xs) : "a" (XSAVE_AVX), "d" (0));
	expect_zero("YMM upper halves", xs + r.ebx, YMM_HI_SIZE);
}

static void check_misc(void)
{
	struct cpuid_regs r;
	unsigned long cr2;
	u32 aux;

	expect("DR0", READ_DR(0), 0);
	expect("DR1", READ_DR(1), 0);
	expect("DR2", READ_DR(2), 0);
	expect("DR3", READ_DR(3), 0);
	expect("DR6", READ_DR(6), DR6_RESET);
	expect("DR7", READ_DR(7), DR7_RESET);
	asm volatile("mov %%cr2, %0" : "=r" (cr2));
	expect("CR2", cr2, 0);
	cpuid(0x80000001, 0, &r);
	if (!(r.edx & CPUID_EXT_EDX_RDTSCP))
		return;
	asm volatile("rdtscp" : "=c" (aux) : : "rax", "rdx");
	expect("TSC_AUX", aux, 0);
}

void inmate_main(void)
{
	test_attempt("reading the registers the CPU's last owner used");
	write_cr4(read_cr4() | X86_CR4_OSFXSR | X86_CR4_OSXMMEXCPT);
	check_legacy();
	check_avx();
	check_misc();
	if (leaks)
		test_report(TEST_FAILURE, "%u registers not in reset state",
			    leaks);
	else
		test_report(TEST_SUCCESS, "all in reset state");
	test_park();
}
