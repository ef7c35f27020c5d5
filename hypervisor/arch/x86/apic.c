// SPDX-License-Identifier: GPL-2.0
/*
 * The APIC emulation of asm/apic.h. INIT parks the target (the parking
 * loop is its wait-for-SIPI state) and waits until it is parked, so that
 * the SIPI that follows finds it there; a SIPI to a parked CPU of the
 * sender's cell resets it to real mode at vector << 12. A SIPI to a CPU
 * that is not parked is dropped, as the hardware drops a SIPI outside
 * wait-for-SIPI, and so is every INIT and SIPI of a frozen cell (one
 * being stopped: struct cell), which the target checks once more itself.
 * (Linux's second SIPI may still find the target parked when the first
 * one's reset is pending: both ask the same reset, once.)
 */
#include <jailhouse/arch.h>
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/header.h>
#include <jailhouse/ivshmem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <asm/apic.h>
#include <asm/desc.h>
#include <asm/guest-insn.h>
#include <asm/msi.h>
#include <asm/ioapic-rte.h>
#include <asm/ioapic.h>
#include <asm/ipi.h>
#include <asm/msrpm.h>
#include <asm/processor.h>
#include <asm/smt.h>
#include <asm/vcpu.h>

#define MSR_X2APIC_LDR		0x80d
#define APIC_REG_END		0x400
#define APIC_REG_ALIGN		0xf
/* What ipi_send() takes of the guest's ICR low word. */
#define ICR_SEND_BITS		(APIC_ICR_VECTOR | APIC_ICR_DLVR_MASK | \
				 APIC_ICR_ASSERT | APIC_ICR_LEVEL)
#define SIPI_SHIFT		12
/* Timer divide configuration 0011b: by 16 (Intel SDM 10.5.4). */
#define APIC_TDCR_DIVIDE_16	0x3
/* Vectors 0-15 are exceptions and reserved. */
#define MSI_MIN_VECTOR		16
#define MSR_IA32_MCG_CAP	0x179
#define MCG_CMCI_P		(1ULL << 10)
#define CPUID_1_ECX_TSC_DEADLINE	(1U << 24)
/* Machine-check exception and architecture: then MCG_CAP exists. */
#define CPUID_1_EDX_MCE_MCA	((1U << 7) | (1U << 14))
#define APIC_VERSION_EOI_SUPPRESSION	(1U << 24)

static struct apic_cpu apic_cpus[APIC_MAX_CPUS];

__u64 apic_page_phys(void)
{
	return read_msr(MSR_IA32_APIC_BASE) & APIC_BASE_ADDR;
}

void apic_cpu_init(struct per_cpu *cpu)
{
	struct apic_cpu *a;

	if (cpu->cpu_id >= APIC_MAX_CPUS)
		return;
	a = &apic_cpus[cpu->cpu_id];
	a->apic_id = cpu->arch.apic_id;
	if (x2apic_mode()) {
		a->ldr = read_msr(MSR_X2APIC_LDR);
	} else {
		a->ldr = *xapic_reg(APIC_REG_LDR);
		a->dfr = *xapic_reg(APIC_REG_DFR);
	}
	atomic_store_release(&a->present, true);
}

static __u64 cell_cpus(const struct cell *cell)
{
	unsigned int id;
	__u64 mask = 0;

	for (id = 0; id < hypervisor_header.max_cpus && id < APIC_MAX_CPUS;
	     id++)
		if (per_cpu(id) && per_cpu(id)->cell == cell)
			mask |= 1ULL << id;
	return mask;
}

void apic_cpu_reset(struct per_cpu *cpu)
{
	if (cpu->cpu_id >= APIC_MAX_CPUS || cell_is_root(cpu->cell) ||
	    x2apic_mode())
		return;
	*xapic_reg(APIC_REG_LDR) = 0;
	apic_cpus[cpu->cpu_id].ldr = 0;
}

__u32 apic_reg_read(__u32 msr)
{
	if (x2apic_mode())
		return read_msr(msr);
	return *xapic_reg(x2apic_xapic_offset(msr));
}

void apic_reg_write(__u32 msr, __u32 value)
{
	if (x2apic_mode())
		guest_wrmsr(msr, value);
	else
		*xapic_reg(x2apic_xapic_offset(msr)) = value;
}

/* Whether any bit is set in the 256-bit register at MSR @first.. +7. */
static bool vector_bits_set(__u32 first)
{
	unsigned int n;

	for (n = 0; n < 8; n++)
		if (apic_reg_read(first + n))
			return true;
	return false;
}

/*
 * What the calling CPU's APIC has, read where it is needed (a few
 * instructions, at a hand-over or a cell's write of an APIC register).
 * MCG_CAP is read only where CPUID says it exists, as Linux does.
 */
static void probe_caps(struct x2apic_caps *caps)
{
	__u32 version = apic_reg_read(MSR_X2APIC_VERSION);
	struct cpuid_regs r;

	cpuid(1, 0, &r);
	caps->max_lvt = (version >> 16) & 0xff;
	caps->eoi_suppression = version & APIC_VERSION_EOI_SUPPRESSION;
	caps->tsc_deadline = r.ecx & CPUID_1_ECX_TSC_DEADLINE;
	caps->cmci = (r.edx & CPUID_1_EDX_MCE_MCA) == CPUID_1_EDX_MCE_MCA &&
		     (read_msr(MSR_IA32_MCG_CAP) & MCG_CMCI_P);
}

static void mask_lvts(void)
{
	static const __u32 lvts[] = {
		MSR_X2APIC_LVT_TIMER, MSR_X2APIC_LVT_LINT0,
		MSR_X2APIC_LVT_LINT1, MSR_X2APIC_LVT_ERROR,
		MSR_X2APIC_LVT_PMC, MSR_X2APIC_LVT_THERMAL,
		MSR_X2APIC_LVT_CMCI,
	};
	struct x2apic_caps caps;
	unsigned int n;

	probe_caps(&caps);
	for (n = 0; n < sizeof(lvts) / sizeof(lvts[0]); n++)
		if (x2apic_reg_present(lvts[n], &caps))
			apic_reg_write(lvts[n], APIC_LVT_MASKED);
}

/*
 * What is in service is acknowledged; what is pending is taken in short
 * interrupt windows by the hypervisor's stub gate (entry.S), whatever
 * vector the guest chose (the drain IDT, desc.c), and then
 * acknowledged. Bounded: a level-triggered line that stays asserted
 * comes back after each EOI.
 */
static void drain_interrupts(void)
{
	__u32 svr = apic_reg_read(MSR_X2APIC_SVR);
	unsigned int n;

	/* A software-disabled APIC (Linux's offline CPUs) holds them. */
	apic_reg_write(MSR_X2APIC_SVR, svr | APIC_SVR_ENABLE);
	for (n = 0; n < APIC_DRAIN_LIMIT; n++) {
		if (vector_bits_set(MSR_X2APIC_ISR)) {
			apic_reg_write(MSR_X2APIC_EOI, 0);
			continue;
		}
		if (!vector_bits_set(MSR_X2APIC_IRR))
			break;
		desc_drain_idt_load(true);
		vcpu_vendor->irq_window();
		desc_drain_idt_load(false);
	}
	apic_reg_write(MSR_X2APIC_SVR, svr);
}

void apic_clear(struct per_cpu *cpu)
{
	if (cpu->cpu_id >= APIC_MAX_CPUS)
		return;
	mask_lvts();
	apic_reg_write(MSR_X2APIC_TMICT, 0);
	apic_reg_write(MSR_X2APIC_TPR, 0);
	drain_interrupts();
	/* The error status latches on write. */
	apic_reg_write(MSR_X2APIC_ESR, 0);
	apic_reg_write(MSR_X2APIC_ESR, 0);
}

void apic_timer_divide_jailhouse(void)
{
	apic_reg_write(MSR_X2APIC_TDCR, APIC_TDCR_DIVIDE_16);
}

bool apic_smt_split(__u64 cpus, unsigned int shift, unsigned int *cpu)
{
	return cpu_smt_split(apic_cpus, APIC_MAX_CPUS, cpus, shift, cpu);
}

bool apic_rte_allowed(const struct cell *cell, __u64 rte)
{
	return ioapic_rte_allowed(rte, apic_cpus, APIC_MAX_CPUS,
				  cell_cpus(cell), cell_is_root(cell));
}

static void log_denied(struct per_cpu *cpu, __u64 icr)
{
	if (!refusal_log_pass())
		return;
	printk("CPU %u: cell \"%s\": IPI refused (ICR 0x%llx)\n",
	       cpu->cpu_id, cpu->cell->config->name, icr);
}

/*
 * The wait ends early when the sender gets a request itself (two CPUs
 * sending each other INIT, or the sender's cell being stopped).
 */
static void emulate_init(struct per_cpu *sender, struct per_cpu *target)
{
	/* The sender's own INIT would stop the CPU that waits for it. */
	if (target == sender)
		return;
	if (cpu_request_from(sender, target, CPU_REQ_PARK) == -ETIMEDOUT)
		printk("CPU %u: INIT to CPU %u timed out\n", sender->cpu_id,
		       target->cpu_id);
}

/* The target checks that it is parked and its cell not frozen. */
static void emulate_sipi(struct per_cpu *target, __u8 vector)
{
	if (target->failed)
		return;
	target->reset_address = (__u64)vector << SIPI_SHIFT;
	cpu_request(target, CPU_REQ_SIPI, false);
}

static void deliver(struct per_cpu *sender, enum apic_action action,
		    __u64 icr, unsigned int id)
{
	struct per_cpu *target = per_cpu(id);

	/* A cell being stopped wakes none of its CPUs. */
	if (action != APIC_SEND &&
	    atomic_load_acquire(&sender->cell->frozen))
		return;
	switch (action) {
	case APIC_SEND:
		ipi_send(apic_cpus[id].apic_id, icr & ICR_SEND_BITS);
		break;
	case APIC_INIT:
		emulate_init(sender, target);
		break;
	case APIC_SIPI:
		emulate_sipi(target, icr & APIC_ICR_VECTOR);
		break;
	default:
		break;
	}
}

static bool icr_write(struct per_cpu *cpu, __u64 value, bool x2apic)
{
	struct apic_icr icr = {
		.value = value,
		.x2apic = x2apic,
		.self = cpu->cpu_id,
		.cell_cpus = cell_cpus(cpu->cell),
		.root = cell_is_root(cpu->cell),
	};
	__u64 targets = apic_icr_targets(&icr, apic_cpus, APIC_MAX_CPUS);
	enum apic_action action = apic_icr_decide(&icr, &targets);
	unsigned int id;

	if (action == APIC_DENY) {
		log_denied(cpu, value);
		return icr.root;
	}
	for (id = 0; id < APIC_MAX_CPUS; id++)
		if (targets & (1ULL << id))
			deliver(cpu, action, value, id);
	return true;
}

/*
 * Reserved bits: the hardware raises #GP and sends nothing. The cell
 * fails; the root's write is dropped (no #GP is injected).
 */
bool apic_x2apic_icr_write(struct per_cpu *cpu, __u64 value)
{
	if (cpu->cpu_id >= APIC_MAX_CPUS)
		return false;
	if (value & APIC_X2APIC_ICR_RESERVED) {
		log_denied(cpu, value);
		return cell_is_root(cpu->cell);
	}
	return icr_write(cpu, value, true);
}

/*
 * A register this CPU's APIC does not have, or a value the hardware
 * takes with #GP (x2apic_write_refusal()): on an x2APIC host that #GP
 * would be the hypervisor's own. The cell is refused, with the reason.
 */
static bool x2apic_refused(struct per_cpu *cpu, __u32 msr, bool write,
			   __u64 *value)
{
	struct x2apic_caps caps;
	const char *refusal;

	probe_caps(&caps);
	if (!x2apic_reg_present(msr, &caps))
		refusal = "no such register on this CPU";
	else
		refusal = write ? x2apic_write_refusal(msr, value, &caps) :
			  NULL;
	if (refusal && refusal_log_pass())
		printk("CPU %u: cell \"%s\": x2APIC MSR 0x%x %s refused: "
		       "%s\n", cpu->cpu_id, cpu->cell->config->name, msr,
		       write ? "write" : "read", refusal);
	return refusal != NULL;
}

/*
 * A write to an xAPIC offset that is no writable register of this CPU's
 * APIC is dropped, as the page's reserved offsets drop it: it must not
 * reach the hardware, where QEMU, for one, takes a write at offset 0 for
 * an MSI from this CPU. A non-root cell's values pass the x2APIC rules
 * (x2apic_refused()); EOI and ESR take any value on the xAPIC page, and
 * the hardware ignores it: 0 is written.
 */
static bool xapic_plain_write(struct per_cpu *cpu, unsigned int offset,
			      __u32 value)
{
	__u32 msr = MSR_X2APIC_FIRST + offset / 16;
	struct x2apic_caps caps;
	__u64 checked = value;

	/* The xAPIC's own: x2APIC has no DFR, no ICR_HI, a read-only LDR. */
	if (offset != APIC_REG_ICR_HI && offset != APIC_REG_DFR &&
	    offset != APIC_REG_LDR) {
		probe_caps(&caps);
		if (x2apic_reg_of(msr, true) != X2APIC_REG_PLAIN ||
		    !x2apic_reg_present(msr, &caps))
			return true;
		if (msr == MSR_X2APIC_EOI || msr == MSR_X2APIC_ESR)
			checked = 0;
		if (!cell_is_root(cpu->cell) &&
		    x2apic_refused(cpu, msr, true, &checked))
			return false;
	}
	*xapic_reg(offset) = checked;
	return true;
}

static bool apic_write(struct per_cpu *cpu, unsigned int offset, __u32 value)
{
	switch (offset) {
	case APIC_REG_ICR_LO:
		return icr_write(cpu, ((__u64)*xapic_reg(APIC_REG_ICR_HI) <<
				       32) | value, false);
	case APIC_REG_ID:
		/* The hypervisor addresses the CPU by this id: kept. */
		return true;
	case APIC_REG_LDR:
		/* See apic_cpu_reset(). */
		if (!cell_is_root(cpu->cell))
			return true;
		apic_cpus[cpu->cpu_id].ldr = value;
		break;
	case APIC_REG_DFR:
		apic_cpus[cpu->cpu_id].dfr = value;
		break;
	}
	return xapic_plain_write(cpu, offset, value);
}

/*
 * In x2APIC mode the APIC does not decode its page (the hypervisor has
 * not mapped it either): the root cell reads all ones there and its
 * writes vanish, as on the bus; any other cell is refused.
 */
static bool x2apic_page_access(struct per_cpu *cpu, __u64 gpa, bool write,
			       __u32 *value)
{
	if (refusal_log_pass())
		printk("CPU %u: cell \"%s\": xAPIC page access at 0x%llx in "
		       "x2APIC mode refused\n", cpu->cpu_id,
		       cpu->cell->config->name, gpa);
	if (!cell_is_root(cpu->cell))
		return false;
	if (!write)
		*value = ~0U;
	return true;
}

bool apic_mmio_access(struct per_cpu *cpu, __u64 gpa, unsigned int size,
		      bool write, __u32 *value)
{
	unsigned int offset = gpa & (PAGE_SIZE - 1);
	bool valid = offset < APIC_REG_END && !(offset & APIC_REG_ALIGN);

	/* The APIC's registers are 32 bits wide and accessed as such. */
	if (cpu->cpu_id >= APIC_MAX_CPUS || size != 4)
		return false;
	if (x2apic_mode())
		return x2apic_page_access(cpu, gpa, write, value);
	if (write)
		return valid ? apic_write(cpu, offset, *value) : true;
	*value = valid ? *xapic_reg(offset) : 0;
	return true;
}

void apic_init_received(struct per_cpu *cpu)
{
	printk("CPU %u: INIT signal: waiting for SIPI\n", cpu->cpu_id);
	arch_cpu_park(cpu);
	cpu->parked = true;
}


/* The ICR as one register: on an xAPIC host the destination on top. */
static __u64 icr_read(void)
{
	if (x2apic_mode())
		return read_msr(MSR_X2APIC_ICR);
	return ((__u64)(*xapic_reg(APIC_REG_ICR_HI) >>
			(APIC_XAPIC_DEST_SHIFT - 32)) <<
		APIC_X2APIC_DEST_SHIFT) | *xapic_reg(APIC_REG_ICR_LO);
}

static bool x2apic_read(struct per_cpu *cpu, enum x2apic_reg reg, __u32 msr,
			__u64 *value)
{
	switch (reg) {
	case X2APIC_REG_ID:
		*value = cpu->arch.apic_id;
		return true;
	case X2APIC_REG_LDR:
		*value = x2apic_ldr_of(cpu->arch.apic_id);
		return true;
	case X2APIC_REG_ICR:
		*value = icr_read();
		return true;
	case X2APIC_REG_PLAIN:
		if (x2apic_refused(cpu, msr, false, value))
			return false;
		*value = apic_reg_read(msr);
		return true;
	default:
		return false;
	}
}

/*
 * ICR writes never get here: vcpu_handle_msr() hands them to the IPI
 * filter first, for every cell. Every value is checked against the
 * architecture before it reaches the APIC.
 */
static bool x2apic_write(struct per_cpu *cpu, enum x2apic_reg reg, __u32 msr,
			 __u64 value)
{
	if (x2apic_refused(cpu, msr, true, &value))
		return false;
	switch (reg) {
	case X2APIC_REG_SELF_IPI:
		return apic_x2apic_icr_write(cpu, ((__u64)APIC_ICR_SH_SELF <<
						   APIC_ICR_SH_SHIFT) | value);
	case X2APIC_REG_PLAIN:
		apic_reg_write(msr, value);
		return true;
	default:
		return false;
	}
}

bool apic_x2apic_msr_access(struct per_cpu *cpu, __u32 msr, bool write,
			    __u64 *value)
{
	enum x2apic_reg reg = x2apic_reg_of(msr, write);

	if (cpu->cpu_id >= APIC_MAX_CPUS || reg == X2APIC_REG_NONE)
		return false;
	if (write)
		return x2apic_write(cpu, reg, msr, *value);
	return x2apic_read(cpu, reg, msr, value);
}

/*
 * An MSI a virtual device (ivshmem) raises in @cell: fixed or lowest
 * priority delivery, to the CPUs of @cell the destination names,
 * physical or logical (Linux's flat model writes logical messages);
 * lowest priority goes to the first of them. Nothing reaches another
 * cell's CPUs; anything else is dropped.
 */
void arch_ivshmem_msi(const struct cell *cell, __u64 address, __u32 data)
{
	struct apic_icr icr = { .value = msi_msg_rte(address, data) };
	unsigned int mode = (data & APIC_ICR_DLVR_MASK) >> APIC_ICR_DLVR_SHIFT;
	__u64 targets;
	unsigned int id;

	if (!msi_msg_is_irq(address, address >> 32) ||
	    (data & APIC_ICR_VECTOR) < MSI_MIN_VECTOR ||
	    (mode != APIC_ICR_DLVR_FIXED && mode != APIC_ICR_DLVR_LOWPRI))
		return;
	targets = apic_icr_targets(&icr, apic_cpus, APIC_MAX_CPUS) &
		  cell_cpus(cell);
	for (id = 0; id < APIC_MAX_CPUS; id++) {
		if (!(targets & (1ULL << id)))
			continue;
		ipi_send(apic_cpus[id].apic_id, data & APIC_ICR_VECTOR);
		if (mode == APIC_ICR_DLVR_LOWPRI)
			return;
	}
}
