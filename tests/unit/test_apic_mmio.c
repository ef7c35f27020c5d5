// SPDX-License-Identifier: GPL-2.0
/*
 * Cell accesses to the xAPIC page (hypervisor/arch/x86/apic.c), with the
 * APIC in either mode. In x2APIC mode the hypervisor has no mapping of
 * the page (ipi.c): touching it there would fault in the hypervisor, so
 * the stand-in for the register accessor fails the test instead.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/header.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <asm/apic.h>
#include <asm/ipi.h>
#include <asm/vcpu.h>

#define APIC_PAGE	0xfee00000ULL
#define REG_TPR		0x80

static struct jailhouse_cell_desc root_desc = { .name = "root" };
static struct jailhouse_cell_desc sandbox_desc = { .name = "sandbox" };
struct cell root_cell = { .config = &root_desc };
static struct cell sandbox = { .config = &sandbox_desc, .id = 1 };
struct jailhouse_header hypervisor_header = { .max_cpus = 1 };

static struct per_cpu cpu0;
static bool x2apic;
static __u32 regs[0x400 / 4];

bool x2apic_mode(void)
{
	return x2apic;
}

volatile __u32 *xapic_reg(unsigned int offset)
{
	if (x2apic)
		fail_msg("xAPIC register 0x%x used in x2APIC mode", offset);
	return &regs[offset / 4];
}

void ipi_send(__u32 apic_id, __u32 icr_low)
{
	(void)apic_id;
	(void)icr_low;
}

struct per_cpu *per_cpu(unsigned int cpu_id)
{
	return cpu_id == 0 ? &cpu0 : NULL;
}

bool cell_is_root(const struct cell *cell)
{
	return cell == &root_cell;
}

int cpu_request(struct per_cpu *target, unsigned int requests, bool wait)
{
	(void)target;
	(void)requests;
	(void)wait;
	return 0;
}

int cpu_request_from(struct per_cpu *self, struct per_cpu *target,
		     unsigned int requests)
{
	(void)self;
	return cpu_request(target, requests, true);
}

void arch_cpu_park(struct per_cpu *cpu)
{
	(void)cpu;
}

/* apic_clear() is not under test: no backend. */
const struct vcpu_vendor_ops *vcpu_vendor;

bool refusal_log_pass(void)
{
	return true;
}

void printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

static int setup(void **state)
{
	(void)state;
	memset(regs, 0, sizeof(regs));
	regs[REG_TPR / 4] = 0x20;
	x2apic = false;
	cpu0.cell = &sandbox;
	return 0;
}

static bool access(__u64 offset, bool write, __u32 *value)
{
	return apic_mmio_access(&cpu0, APIC_PAGE + offset, 4, write, value);
}

static void test_xapic_passes_through(void **state)
{
	__u32 value = 0;

	(void)state;
	assert_true(access(REG_TPR, false, &value));
	assert_int_equal(value, 0x20);
	value = 0x30;
	assert_true(access(REG_TPR, true, &value));
	assert_int_equal(regs[REG_TPR / 4], 0x30);
}

/* Issue 10, item 7: a sandbox touching the page is refused, no fault. */
static void test_x2apic_cell_refused(void **state)
{
	__u32 value = 0x1234;

	(void)state;
	x2apic = true;
	assert_false(access(REG_TPR, false, &value));
	assert_false(access(REG_TPR, true, &value));
	assert_false(access(APIC_REG_ICR_LO, true, &value));
	assert_int_equal(regs[REG_TPR / 4], 0x20);
}

/* The root cell sees what the bus gives: nothing there. */
static void test_x2apic_root_reads_ones(void **state)
{
	__u32 value = 0;

	(void)state;
	x2apic = true;
	cpu0.cell = &root_cell;
	assert_true(access(REG_TPR, false, &value));
	assert_int_equal(value, 0xffffffff);
	value = 0x30;
	assert_true(access(REG_TPR, true, &value));
	assert_int_equal(regs[REG_TPR / 4], 0x20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_xapic_passes_through, setup),
		cmocka_unit_test_setup(test_x2apic_cell_refused, setup),
		cmocka_unit_test_setup(test_x2apic_root_reads_ones, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
