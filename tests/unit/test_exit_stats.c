// SPDX-License-Identifier: GPL-2.0
/*
 * Classification of VM exits (hypervisor/arch/x86/exit-stats.c) and the
 * per-CPU counters (jailhouse/vmexit-stats.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include <jailhouse/vmexit-stats.h>
#include <asm/exit-stats.h>

#define S(name)	JAILHOUSE_CPU_STAT_VMEXITS_##name

static void test_svm_classification(void **state)
{
	(void)state;
	assert_int_equal(svm_exit_stat(0x00, 0), S(CR));
	assert_int_equal(svm_exit_stat(0x1f, 0), S(CR));
	assert_int_equal(svm_exit_stat(0x65, 0), S(CR));
	assert_int_equal(svm_exit_stat(0x20, 0), S(OTHER));	/* DR0 read */
	assert_int_equal(svm_exit_stat(0x40, 0), S(EXCEPTION));
	assert_int_equal(svm_exit_stat(0x5f, 0), S(EXCEPTION));
	assert_int_equal(svm_exit_stat(0x60, 0), S(INTERRUPT));
	assert_int_equal(svm_exit_stat(0x61, 0), S(MANAGEMENT));
	assert_int_equal(svm_exit_stat(0x63, 0), S(MANAGEMENT));
	assert_int_equal(svm_exit_stat(0x72, 0), S(CPUID));
	assert_int_equal(svm_exit_stat(0x7b, 0), S(PIO));
	assert_int_equal(svm_exit_stat(0x7c, 0x830), S(MSR_X2APIC_ICR));
	assert_int_equal(svm_exit_stat(0x7c, 0x10), S(MSR_OTHER));
	assert_int_equal(svm_exit_stat(0x81, 0), S(HYPERCALL));
	assert_int_equal(svm_exit_stat(0x8d, 0), S(XSETBV));
	assert_int_equal(svm_exit_stat(0x400, 0xfee00300), S(XAPIC));
	assert_int_equal(svm_exit_stat(0x400, 0xfee01000), S(MMIO));
	assert_int_equal(svm_exit_stat(0x400, 0xfebff000), S(MMIO));
	assert_int_equal(svm_exit_stat(~0ULL, 0), S(OTHER));	/* INVALID */
}

static void test_vmx_classification(void **state)
{
	(void)state;
	assert_int_equal(vmx_exit_stat(0, 0), S(EXCEPTION));
	assert_int_equal(vmx_exit_stat(1, 0), S(INTERRUPT));
	assert_int_equal(vmx_exit_stat(3, 0), S(MANAGEMENT));
	assert_int_equal(vmx_exit_stat(4, 0), S(MANAGEMENT));
	assert_int_equal(vmx_exit_stat(10, 0), S(CPUID));
	assert_int_equal(vmx_exit_stat(18, 0), S(HYPERCALL));
	assert_int_equal(vmx_exit_stat(28, 0), S(CR));
	assert_int_equal(vmx_exit_stat(30, 0), S(PIO));
	assert_int_equal(vmx_exit_stat(31, 0x830), S(MSR_X2APIC_ICR));
	assert_int_equal(vmx_exit_stat(32, 0x830), S(MSR_X2APIC_ICR));
	assert_int_equal(vmx_exit_stat(32, 0x1b), S(MSR_OTHER));
	assert_int_equal(vmx_exit_stat(44, 0), S(XAPIC));
	assert_int_equal(vmx_exit_stat(48, 0xfee00000), S(XAPIC));
	assert_int_equal(vmx_exit_stat(48, 0x1000), S(MMIO));
	assert_int_equal(vmx_exit_stat(55, 0), S(XSETBV));
	assert_int_equal(vmx_exit_stat(12, 0), S(OTHER));	/* HLT */
	/* Bits above 15 (e.g. VM-entry failure) do not change the reason. */
	assert_int_equal(vmx_exit_stat(0x8000001e, 0), S(PIO));
}

static void test_counters_add_up(void **state)
{
	struct vmexit_stats stats;
	unsigned int i;
	__u64 sum = 0;

	(void)state;
	memset(&stats, 0, sizeof(stats));
	vmexit_stats_count(&stats, S(PIO));
	vmexit_stats_count(&stats, S(PIO));
	vmexit_stats_count(&stats, S(CPUID));
	vmexit_stats_count(&stats, S(TOTAL));
	vmexit_stats_count(&stats, JAILHOUSE_NUM_CPU_STATS);
	/* DMA faults are no exit reason. */
	vmexit_stats_count(&stats, JAILHOUSE_CPU_STAT_DMA_FAULTS);
	assert_int_equal(stats.count[S(TOTAL)], 6);
	assert_int_equal(stats.count[S(PIO)], 2);
	assert_int_equal(stats.count[S(CPUID)], 1);
	assert_int_equal(stats.count[S(OTHER)], 3);
	assert_int_equal(stats.count[JAILHOUSE_CPU_STAT_DMA_FAULTS], 0);
	for (i = 1; i <= S(OTHER); i++)
		sum += stats.count[i];
	assert_int_equal(sum, stats.count[S(TOTAL)]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_svm_classification),
		cmocka_unit_test(test_vmx_classification),
		cmocka_unit_test(test_counters_add_up),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
