// SPDX-License-Identifier: GPL-2.0
/*
 * Cell accesses to the xAPIC page (hypervisor/arch/x86/apic.c), with the
 * APIC in either mode. In x2APIC mode the hypervisor has no mapping of
 * the page (ipi.c): touching it there would fault in the hypervisor, so
 * the stand-in for the register accessor fails the test instead. Also
 * where ivshmem's doorbell MSIs go (arch_ivshmem_msi): four CPUs, two of
 * the root cell and two of a sandbox, in Linux's flat logical model.
 * And a sandbox's x2APIC MSR writes on an x2APIC host: the test plays
 * the CPU (hv-msr/), and a value the hardware takes with #GP must never
 * reach WRMSR, where the #GP would be the hypervisor's.
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
#include <asm/desc.h>
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

/* The CPU the x2APIC tests play: MSRs 0x800-0x83f, MCG_CAP, CPUID 1. */
#define MSR_MCG_CAP	0x179
#define MCG_CMCI_P	(1ULL << 10)
#define CPUID_MCA	((1U << 7) | (1U << 14))
#define CPUID_TSC_DL	(1U << 24)
#define VERSION_EOI_SUP	(1U << 24)
static __u32 x2regs[0x40];
static __u64 mcg_cap;
static __u32 cpuid1_ecx, cpuid1_edx;
/* The register of an access that would fault: no RDMSR of it, no WRMSR. */
static __u32 faulting;
static __u32 last_msr;
static __u64 last_value;

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

/* No interrupt window here: the drain IDT is the hardware's business. */
void desc_drain_idt_load(bool drain)
{
	(void)drain;
}

/* The fixup-guarded WRMSR (guest-insn.S) is the same instruction. */
void guest_wrmsr(__u32 msr, __u64 value)
{
	write_msr(msr, value);
}

volatile __u32 *xapic_reg(unsigned int offset)
{
	if (x2apic)
		fail_msg("xAPIC register 0x%x used in x2APIC mode", offset);
	return &regs[offset / 4];
}

void cpuid(__u32 leaf, __u32 subleaf, struct cpuid_regs *r)
{
	assert_int_equal(leaf, 1);
	(void)subleaf;
	memset(r, 0, sizeof(*r));
	r->ecx = cpuid1_ecx;
	r->edx = cpuid1_edx;
}

static __u32 *x2reg(__u32 msr)
{
	if (!x2apic || msr < MSR_X2APIC_FIRST || msr > MSR_X2APIC_LAST)
		fail_msg("MSR 0x%x is not an x2APIC register here", msr);
	return &x2regs[msr - MSR_X2APIC_FIRST];
}

__u64 read_msr(__u32 msr)
{
	if (msr == MSR_MCG_CAP) {
		assert_int_equal(cpuid1_edx & CPUID_MCA, CPUID_MCA);
		return mcg_cap;
	}
	if (msr == faulting)
		fail_msg("RDMSR 0x%x: #GP inside the hypervisor", msr);
	return *x2reg(msr);
}

void write_msr(__u32 msr, __u64 value)
{
	if (faulting)
		fail_msg("WRMSR 0x%x, 0x%llx: #GP inside the hypervisor", msr,
			 (unsigned long long)value);
	*x2reg(msr) = value;
	last_msr = msr;
	last_value = value;
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

/*
 * Issue 22 (dev-fuzz): a write at an offset that is no writable register
 * reached the APIC; QEMU took one at offset 0 for an MSI of any vector
 * to any CPU. Root and cells alike: dropped. EOI's value is ignored by
 * the hardware and written as 0; a cell's LVT with SMI delivery fails it.
 */
static void test_xapic_reserved_offsets_dropped(void **state)
{
	static const __u32 offsets[] = { 0x000, 0x010, 0x030, 0x0c0, 0x3f0 };
	struct cell *writers[] = { &sandbox, &root_cell };
	unsigned int c, n;
	__u32 value;

	(void)state;
	for (c = 0; c < 2; c++) {
		cpu0->cell = writers[c];
		for (n = 0; n < sizeof(offsets) / sizeof(offsets[0]); n++) {
			value = 0xe9e5184b;
			assert_true(access(offsets[n], true, &value));
			assert_int_equal(regs[offsets[n] / 4], 0);
		}
		value = 0x1234;
		assert_true(access(0x0b0, true, &value));
		assert_int_equal(regs[0x0b0 / 4], 0);
	}
	cpu0->cell = &sandbox;
	value = 0x200;
	assert_false(access(0x350, true, &value));
	assert_int_equal(regs[0x350 / 4], 0);
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

/* An x2APIC host as Linux finds it: 4 LVTs beyond the basic ones. */
static int setup_x2apic(void **state)
{
	setup(state);
	x2apic = true;
	memset(x2regs, 0, sizeof(x2regs));
	x2regs[MSR_X2APIC_VERSION - MSR_X2APIC_FIRST] = 6U << 16 | 0x15;
	mcg_cap = 0;
	cpuid1_ecx = 0;
	cpuid1_edx = CPUID_MCA;
	faulting = 0;
	return 0;
}

static void written(__u32 msr, __u64 value, __u64 expected)
{
	last_msr = 0;
	assert_true(apic_x2apic_msr_access(cpu0, msr, true, &value));
	assert_int_equal(last_msr, msr);
	assert_int_equal(last_value, expected);
}

/* Refused (the cell fails), and never executed. */
static void refused(__u32 msr, __u64 value, bool write)
{
	faulting = msr;
	assert_false(apic_x2apic_msr_access(cpu0, msr, write, &value));
	faulting = 0;
}

static void test_x2apic_eoi_esr_zero_only(void **state)
{
	(void)state;
	written(MSR_X2APIC_EOI, 0, 0);
	refused(MSR_X2APIC_EOI, 1, true);
	written(MSR_X2APIC_ESR, 0, 0);
	refused(MSR_X2APIC_ESR, 0x40, true);
}

static void test_x2apic_reserved_bits(void **state)
{
	(void)state;
	written(MSR_X2APIC_TPR, 0xff, 0xff);
	refused(MSR_X2APIC_TPR, 0x100, true);
	refused(MSR_X2APIC_TPR, 1ULL << 32, true);
	written(MSR_X2APIC_SVR, 0x3ff, 0x3ff);
	refused(MSR_X2APIC_SVR, 0x4ff, true);
	refused(MSR_X2APIC_SVR, 0x11ff, true);
	x2regs[MSR_X2APIC_VERSION - MSR_X2APIC_FIRST] |= VERSION_EOI_SUP;
	written(MSR_X2APIC_SVR, 0x11ff, 0x11ff);
	written(MSR_X2APIC_TDCR, 0xb, 0xb);
	refused(MSR_X2APIC_TDCR, 0x4, true);
	refused(MSR_X2APIC_TDCR, 0x10, true);
	written(MSR_X2APIC_TMICT, 0xffffffff, 0xffffffff);
	refused(MSR_X2APIC_SELF_IPI, 0x141, true);
}

static void test_x2apic_lvts(void **state)
{
	(void)state;
	written(MSR_X2APIC_LVT_TIMER, 0x10020, 0x10020);
	written(MSR_X2APIC_LVT_TIMER, 0x20020, 0x20020);
	/* Delivery status is read-only: taken off, not refused. */
	written(MSR_X2APIC_LVT_TIMER, 0x11020, 0x10020);
	refused(MSR_X2APIC_LVT_TIMER, 0x40020, true);
	cpuid1_ecx = CPUID_TSC_DL;
	written(MSR_X2APIC_LVT_TIMER, 0x40020, 0x40020);
	refused(MSR_X2APIC_LVT_TIMER, 0x60020, true);
	refused(MSR_X2APIC_LVT_TIMER, 0x80020, true);
	refused(MSR_X2APIC_LVT_TIMER, 0x420, true);
	written(MSR_X2APIC_LVT_LINT0, 0xa030, 0xa030);
	written(MSR_X2APIC_LVT_LINT1, 0x400, 0x400);
	refused(MSR_X2APIC_LVT_LINT0, 0x700, true);	/* ExtINT */
	/* Masked, no mode delivers: Linux parks LINT0 so in a cell. */
	written(MSR_X2APIC_LVT_LINT0, 0x10700, 0x10700);
	written(MSR_X2APIC_LVT_LINT1, 0x10200, 0x10200);
	refused(MSR_X2APIC_LVT_LINT1, 0x200, true);	/* SMI */
	refused(MSR_X2APIC_LVT_LINT1, 0x500, true);	/* INIT */
	written(MSR_X2APIC_LVT_ERROR, 0x10033, 0x10033);
	refused(MSR_X2APIC_LVT_ERROR, 0x433, true);
	refused(MSR_X2APIC_LVT_ERROR, 0x2033, true);
	written(MSR_X2APIC_LVT_THERMAL, 0x400, 0x400);
	refused(MSR_X2APIC_LVT_PMC, 0x20000, true);
}

/* LVT CMCI exists with MCG_CAP's CMCI_P; the others by max LVT. */
static void test_x2apic_absent_lvts(void **state)
{
	__u64 value = 0;

	(void)state;
	refused(MSR_X2APIC_LVT_CMCI, 0x10000, true);
	refused(MSR_X2APIC_LVT_CMCI, 0, false);
	mcg_cap = MCG_CMCI_P;
	written(MSR_X2APIC_LVT_CMCI, 0x10000, 0x10000);
	assert_true(apic_x2apic_msr_access(cpu0, MSR_X2APIC_LVT_CMCI, false,
					   &value));
	assert_int_equal(value, 0x10000);
	/* No machine-check architecture: MCG_CAP is not even read. */
	cpuid1_edx = 0;
	refused(MSR_X2APIC_LVT_CMCI, 0x10000, true);
	x2regs[MSR_X2APIC_VERSION - MSR_X2APIC_FIRST] = 3U << 16 | 0x15;
	refused(MSR_X2APIC_LVT_CMCI, 0x10000, true);
	refused(MSR_X2APIC_LVT_THERMAL, 0x10000, true);
	refused(MSR_X2APIC_LVT_PMC, 0, false);
}

/*
 * x2APIC ICR bits 12-13, 16-17 and 20-31 are reserved: the hardware
 * raises #GP and sends nothing. A sandbox fails; the root's write is
 * dropped.
 */
static void test_x2apic_icr_reserved(void **state)
{
	const __u64 self_fixed = 0x41 | (1ULL << 18);

	setup_cells(state);
	assert_false(apic_x2apic_icr_write(&cpus[2], self_fixed | 1U << 12));
	assert_false(apic_x2apic_icr_write(&cpus[2], self_fixed | 1U << 20));
	assert_true(apic_x2apic_icr_write(&cpus[0], self_fixed | 1U << 16));
	assert_int_equal(num_ipis, 0);
	assert_true(apic_x2apic_icr_write(&cpus[2], self_fixed));
	assert_int_equal(num_ipis, 1);
	assert_ipi(0, 2, 0x41);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_xapic_passes_through, setup),
		cmocka_unit_test_setup(test_xapic_reserved_offsets_dropped,
				       setup),
		cmocka_unit_test_setup(test_x2apic_cell_refused, setup),
		cmocka_unit_test_setup(test_x2apic_root_reads_ones, setup),
		cmocka_unit_test_setup(test_ivshmem_msi_destinations,
				       setup_cells),
		cmocka_unit_test_setup(test_ivshmem_msi_other_cell,
				       setup_cells),
		cmocka_unit_test_setup(test_x2apic_eoi_esr_zero_only,
				       setup_x2apic),
		cmocka_unit_test_setup(test_x2apic_reserved_bits,
				       setup_x2apic),
		cmocka_unit_test_setup(test_x2apic_lvts, setup_x2apic),
		cmocka_unit_test_setup(test_x2apic_absent_lvts, setup_x2apic),
		cmocka_unit_test_setup(test_x2apic_icr_reserved, setup_x2apic),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
