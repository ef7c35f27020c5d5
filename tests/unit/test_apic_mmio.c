// SPDX-License-Identifier: GPL-2.0
/*
 * Cell accesses to the xAPIC page (hypervisor/arch/x86/apic.c), with the
 * APIC in either mode. In x2APIC mode the hypervisor has no mapping of
 * the page (ipi.c): touching it there would fault in the hypervisor, so
 * the stand-in for the register accessor fails the test instead. Also
 * where ivshmem's doorbell MSIs go (arch_ivshmem_msi): four CPUs, two of
 * the root cell and two of a sandbox, in Linux's flat logical model.
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
#include <jailhouse/ivshmem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <asm/apic.h>
#include <asm/guest-insn.h>
#include <asm/ipi.h>
#include <asm/vcpu.h>

#define APIC_PAGE	0xfee00000ULL
#define REG_TPR		0x80
#define NUM_CPUS	4
/* APIC ids differ from CPU ids, as they may on real machines. */
#define APIC_ID(cpu)	(0x10 + (cpu))
#define MSI_ADDR	0xfee00000ULL
#define MSI_LOGICAL	0x4
#define MSI_DEST(d)	((__u64)(d) << 12)
#define MSI_LOWPRI	0x100
#define MSI_NMI		0x400
#define MAX_IPIS	8

static struct jailhouse_cell_desc root_desc = { .name = "root" };
static struct jailhouse_cell_desc sandbox_desc = { .name = "sandbox" };
struct cell root_cell = { .config = &root_desc };
static struct cell sandbox = { .config = &sandbox_desc, .id = 1 };
struct jailhouse_header hypervisor_header = { .max_cpus = NUM_CPUS };

static struct per_cpu cpus[NUM_CPUS];
static struct per_cpu *const cpu0 = &cpus[0];
static bool x2apic;
static __u32 regs[0x400 / 4];
static struct {
	__u32 apic_id, icr_low;
} ipis[MAX_IPIS];
static unsigned int num_ipis;

bool x2apic_mode(void)
{
	return x2apic;
}

void guest_wrmsr(__u32 msr, __u64 value)
{
	fail_msg("WRMSR of 0x%llx to 0x%x on the host",
		 (unsigned long long)value, msr);
}

volatile __u32 *xapic_reg(unsigned int offset)
{
	if (x2apic)
		fail_msg("xAPIC register 0x%x used in x2APIC mode", offset);
	return &regs[offset / 4];
}

void ipi_send(__u32 apic_id, __u32 icr_low)
{
	assert_true(num_ipis < MAX_IPIS);
	ipis[num_ipis].apic_id = apic_id;
	ipis[num_ipis].icr_low = icr_low;
	num_ipis++;
}

struct per_cpu *per_cpu(unsigned int cpu_id)
{
	return cpu_id < NUM_CPUS ? &cpus[cpu_id] : NULL;
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
	cpu0->cell = &sandbox;
	return 0;
}

/* CPUs 0-1 root's, 2-3 the sandbox's; LDR and DFR as Linux's flat model. */
static int setup_cells(void **state)
{
	unsigned int id;

	setup(state);
	for (id = 0; id < NUM_CPUS; id++) {
		cpus[id].cpu_id = id;
		cpus[id].arch.apic_id = APIC_ID(id);
		cpus[id].cell = id < 2 ? &root_cell : &sandbox;
		regs[APIC_REG_LDR / 4] = 1U << (24 + id);
		regs[APIC_REG_DFR / 4] = 0xffffffff;
		apic_cpu_init(&cpus[id]);
	}
	num_ipis = 0;
	return 0;
}

static bool access(__u64 offset, bool write, __u32 *value)
{
	return apic_mmio_access(cpu0, APIC_PAGE + offset, 4, write, value);
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
	cpu0->cell = &root_cell;
	assert_true(access(REG_TPR, false, &value));
	assert_int_equal(value, 0xffffffff);
	value = 0x30;
	assert_true(access(REG_TPR, true, &value));
	assert_int_equal(regs[REG_TPR / 4], 0x20);
}

static void assert_ipi(unsigned int n, unsigned int cpu, __u32 vector)
{
	assert_int_equal(ipis[n].apic_id, APIC_ID(cpu));
	assert_int_equal(ipis[n].icr_low, vector);
}

/* Physical, logical (flat) and lowest priority, to the cell's CPUs. */
static void test_ivshmem_msi_destinations(void **state)
{
	(void)state;
	arch_ivshmem_msi(&sandbox, MSI_ADDR | MSI_DEST(APIC_ID(3)), 0x41);
	assert_int_equal(num_ipis, 1);
	assert_ipi(0, 3, 0x41);

	num_ipis = 0;
	arch_ivshmem_msi(&sandbox, MSI_ADDR | MSI_LOGICAL | MSI_DEST(0x0c),
			 0x42);
	assert_int_equal(num_ipis, 2);
	assert_ipi(0, 2, 0x42);
	assert_ipi(1, 3, 0x42);

	num_ipis = 0;
	arch_ivshmem_msi(&sandbox, MSI_ADDR | MSI_LOGICAL | MSI_DEST(0x0c),
			 MSI_LOWPRI | 0x43);
	assert_int_equal(num_ipis, 1);
	assert_ipi(0, 2, 0x43);

	num_ipis = 0;
	arch_ivshmem_msi(&root_cell, MSI_ADDR | MSI_LOGICAL | MSI_DEST(0x02),
			 MSI_LOWPRI | 0x44);
	assert_int_equal(num_ipis, 1);
	assert_ipi(0, 1, 0x44);
}

/* Nothing reaches another cell's CPUs; no NMI, exception vector, write. */
static void test_ivshmem_msi_other_cell(void **state)
{
	(void)state;
	arch_ivshmem_msi(&sandbox, MSI_ADDR | MSI_DEST(APIC_ID(0)), 0x41);
	arch_ivshmem_msi(&sandbox, MSI_ADDR | MSI_LOGICAL | MSI_DEST(0x03),
			 0x41);
	arch_ivshmem_msi(&sandbox, MSI_ADDR | MSI_DEST(APIC_ID(3)), 0x0e);
	arch_ivshmem_msi(&sandbox, MSI_ADDR | MSI_DEST(APIC_ID(3)),
			 MSI_NMI | 0x41);
	arch_ivshmem_msi(&sandbox, 0xfed00000ULL | MSI_DEST(APIC_ID(3)), 0x41);
	arch_ivshmem_msi(&sandbox, 1ULL << 32 | MSI_ADDR |
			 MSI_DEST(APIC_ID(3)), 0x41);
	assert_int_equal(num_ipis, 0);

	/* All CPUs, physical broadcast or logical: the cell's only. */
	arch_ivshmem_msi(&sandbox, MSI_ADDR | MSI_DEST(0xff), 0x45);
	arch_ivshmem_msi(&sandbox, MSI_ADDR | MSI_LOGICAL | MSI_DEST(0xff),
			 0x46);
	assert_int_equal(num_ipis, 4);
	assert_ipi(0, 2, 0x45);
	assert_ipi(1, 3, 0x45);
	assert_ipi(2, 2, 0x46);
	assert_ipi(3, 3, 0x46);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_xapic_passes_through, setup),
		cmocka_unit_test_setup(test_x2apic_cell_refused, setup),
		cmocka_unit_test_setup(test_x2apic_root_reads_ones, setup),
		cmocka_unit_test_setup(test_ivshmem_msi_destinations,
				       setup_cells),
		cmocka_unit_test_setup(test_ivshmem_msi_other_cell,
				       setup_cells),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
