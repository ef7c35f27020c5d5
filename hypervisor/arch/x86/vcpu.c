// SPDX-License-Identifier: GPL-2.0
/*
 * The vendor-neutral exits both backends decode (asm/vcpu.h): hypercalls,
 * CPUID, and the port and MSR accesses the cell's bitmaps intercepted;
 * PCI's configuration ports go to pci.c.
 *
 * Refusal policy (docs/isolation.md): an intercepted port or MSR access
 * that nothing emulates is refused and logged with CPU, cell, port or MSR
 * and value. The root cell goes on (writes dropped, port reads all ones,
 * MSR reads zero); any other cell's CPU is stopped. Log lines are limited
 * to REFUSAL_LOG_BURST per REFUSAL_LOG_INTERVAL over all CPUs, since they
 * share one console.
 */
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/hypercall-handler.h>
#include <jailhouse/log-once.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <jailhouse/ratelimit.h>
#include <asm/apic.h>
#include <asm/cpuid-policy.h>
#include <asm/msrpm.h>
#include <asm/pci.h>
#include <asm/refusal.h>
#include <asm/spinlock.h>
#include <asm/vcpu.h>

#define X86_CR4_OSXSAVE		(1UL << 18)
#define MSR_MTRR_DEF_TYPE	0x2ff
#define MSR_SMI_COUNT		0x34
#define MSR_IA32_MISC_ENABLE	0x1a0
#define MSR_UCODE_REV		0x8b
/* Default type (bits 0-7), fixed-range enable (10), enable (11). */
#define MTRR_DEF_TYPE_VALID	0xcffULL

/* TSC cycles: between 0.5 and 2 s on the CPUs we run on. */
#define REFUSAL_LOG_INTERVAL	(1ULL << 31)
#define REFUSAL_LOG_BURST	10

static spinlock_t refusal_log_lock;
static struct ratelimit refusal_log_limit;

bool refusal_log_pass(void)
{
	unsigned int missed;
	bool pass;

	spin_lock(&refusal_log_lock);
	pass = ratelimit_pass(&refusal_log_limit, arch_tsc(),
			      REFUSAL_LOG_INTERVAL, REFUSAL_LOG_BURST,
			      &missed);
	spin_unlock(&refusal_log_lock);
	if (missed)
		printk("(%u refused accesses not logged)\n", missed);
	return pass;
}

__u64 *vcpu_guest_reg(struct guest_regs *r, unsigned int n)
{
	__u64 *const regs[16] = {
		&r->rax, &r->rcx, &r->rdx, &r->rbx, NULL, &r->rbp, &r->rsi,
		&r->rdi, &r->r8, &r->r9, &r->r10, &r->r11, &r->r12, &r->r13,
		&r->r14, &r->r15,
	};

	return n < 16 ? regs[n] : NULL;
}

static const char *cell_name(const struct per_cpu *cpu)
{
	return cell_desc(cpu->cell)->name;
}

/* A code the cell may not issue (hypercall_permitted()) fails it. */
void vcpu_handle_hypercall(struct per_cpu *cpu)
{
	struct guest_regs *regs = cpu->arch.guest_regs;

	if (!hypercall_permitted(cpu->cell, regs->rax)) {
		printk("CPU %u: cell \"%s\": hypercall %llu refused\n",
		       cpu->cpu_id, cell_name(cpu), regs->rax);
		cpu_guest_failed(cpu, "hypercall only the root cell may use");
		return;
	}

	/* First: DISABLE leaves to Linux at the next instruction. */
	vcpu_vendor->skip_instruction(cpu);
	regs->rax = hypercall(cpu, regs->rax, regs->rdi, regs->rsi);
}

/*
 * CPUID.1:ECX.OSXSAVE mirrors CR4 as Linux set it when it entered the
 * hypervisor; Linux never changes CR4.OSXSAVE after boot.
 */
void vcpu_handle_cpuid(struct per_cpu *cpu)
{
	struct guest_regs *regs = cpu->arch.guest_regs;
	struct cpuid_guest guest = {
		.root_cell = cell_is_root(cpu->cell),
		.osxsave = cpu->arch.linux.cr4 & X86_CR4_OSXSAVE,
	};
	struct cpuid_regs r;

	cpuid(regs->rax, regs->rcx, &r);
	cpuid_policy(regs->rax, &guest, &r);
	regs->rax = r.eax;
	regs->rbx = r.ebx;
	regs->rcx = r.ecx;
	regs->rdx = r.edx;
	vcpu_vendor->skip_instruction(cpu);
}

__u32 vcpu_exception_intercepts(const struct cell *cell)
{
	if (cell_is_root(cell))
		return 0;
	return (1U << X86_VEC_DB) | (1U << X86_VEC_AC);
}

bool vcpu_intercept_wbinvd(const struct cell *cell)
{
	return !cell_is_root(cell);
}

void vcpu_handle_cache_flush(struct per_cpu *cpu)
{
	if (cell_is_root(cpu->cell))
		asm volatile("wbinvd" : : : "memory");
	vcpu_vendor->skip_instruction(cpu);
}

static void log_io(const struct per_cpu *cpu, const struct vcpu_io *io,
		   __u64 rax)
{
	if (!refusal_log_pass())
		return;
	if (io->in || io->string)
		printk("CPU %u: cell \"%s\": denied I/O port 0x%x %s%s "
		       "(size %u)\n", cpu->cpu_id, cell_name(cpu), io->port,
		       io->in ? "read" : "write",
		       io->string ? " (string)" : "", io->size);
	else
		printk("CPU %u: cell \"%s\": denied I/O port 0x%x write "
		       "value 0x%x (size %u)\n", cpu->cpu_id, cell_name(cpu),
		       io->port, io_out_value(rax, io->size), io->size);
}

bool vcpu_handle_io(struct per_cpu *cpu, const struct vcpu_io *io)
{
	struct guest_regs *regs = cpu->arch.guest_regs;

	if (!io->string && pci_conf1_port(io->port) &&
	    pci_conf1_access(cpu, io, &regs->rax))
		return true;
	log_io(cpu, io, regs->rax);
	if (!cell_is_root(cpu->cell))
		return false;
	if (io->in && !io->string)
		regs->rax = io_refused_in(regs->rax, io->size);
	return true;
}

/*
 * The root cell's Linux probes the same MSRs each time a CPU comes online
 * and goes on without them: one line per MSR and direction tells the
 * operator, a line per probe would bury the console. A cell with the
 * msr-fault flag (a Linux) probes too and gets #GP, logged under the
 * rate limit; other cells stop at their first refusal.
 */
static spinlock_t root_msr_log_lock;
static struct log_once root_msr_logged;

static bool root_msr_logged_before(const struct vcpu_msr *msr)
{
	bool first;

	spin_lock(&root_msr_log_lock);
	first = log_once_first(&root_msr_logged,
			       (__u64)msr->index << 1 | msr->write);
	spin_unlock(&root_msr_log_lock);
	return !first;
}

static void log_msr(const struct per_cpu *cpu, const struct vcpu_msr *msr,
		    const struct guest_regs *regs)
{
	bool root = cell_is_root(cpu->cell);

	if ((root && root_msr_logged_before(msr)) || !refusal_log_pass())
		return;
	if (msr->write)
		printk("CPU %u: cell \"%s\": denied MSR 0x%x write "
		       "value 0x%llx%s\n", cpu->cpu_id, cell_name(cpu),
		       msr->index, (regs->rdx << 32) | (__u32)regs->rax,
		       msr_is_reserved(msr->index, MSR_ACCESS_WRITE, root) ?
		       " (reserved)" : "");
	else
		printk("CPU %u: cell \"%s\": denied MSR 0x%x read%s\n",
		       cpu->cpu_id, cell_name(cpu), msr->index,
		       msr_is_reserved(msr->index, MSR_ACCESS_READ, root) ?
		       " (reserved)" : "");
}

static void msr_result(struct guest_regs *regs, __u64 value)
{
	regs->rax = (__u32)value;
	regs->rdx = value >> 32;
}

/*
 * MSRs every cell may use, config or not:
 * - reading IA32_APIC_BASE: the inmate library, like Linux, learns there
 *   where its APIC is and in which mode. Cells other than the root cell
 *   find x2APIC mode enabled on any host, the mode whose MSRs they have;
 * - MTRR_DEF_TYPE: read and written in a copy per CPU. Jailhouse's inmate
 *   library and Linux's CPU bring-up write it; the real MTRRs, which the
 *   hypervisor's own accesses on that CPU depend on too, stay as Linux
 *   set them at boot;
 * - the x2APIC MSRs, for cells other than the root cell, on any host
 *   (asm/apic.h): Jailhouse's inmate library knows no other way to its
 *   APIC. The root cell's Linux uses the APIC in the host's mode;
 * - reading SMI_COUNT, for cells other than the root cell: always 0, so
 *   that Jailhouse's apic-demo, which reads it on the Intel models that
 *   have it, runs; the real count (the firmware's SMIs) stays hidden;
 * - reading MISC_ENABLE, for cells other than the root cell (the root
 *   passes it through): Linux's verify_cpu reads it on Intel CPUs before
 *   it has an IDT, in the decompressor and on every AP, to see whether
 *   XD is disabled; a #GP there is a triple fault. Only on Intel (VT-x),
 *   where the MSR exists: AMD's raises #GP, and so does the cell's
 *   read. Writes stay refused;
 * - the microcode revision (BIOS_SIGN_ID, AMD's PATCH_LEVEL), for cells
 *   other than the root cell: reads 0 and takes a write of 0, the way
 *   Linux asks for it on Intel (write 0, CPUID, read) without a _safe
 *   accessor; the root's real revision stays its own.
 */
static bool msr_emulated(struct per_cpu *cpu, const struct vcpu_msr *msr)
{
	struct guest_regs *regs = cpu->arch.guest_regs;
	__u64 value = (regs->rdx << 32) | (__u32)regs->rax;

	if (msr->index >= MSR_X2APIC_FIRST && msr->index <= MSR_X2APIC_LAST &&
	    !cell_is_root(cpu->cell)) {
		if (!apic_x2apic_msr_access(cpu, msr->index, msr->write,
					    &value))
			return false;
		if (!msr->write)
			msr_result(regs, value);
		return true;
	}
	switch (msr->index) {
	case MSR_IA32_APIC_BASE:
		if (msr->write)
			return false;
		msr_result(regs, read_msr(MSR_IA32_APIC_BASE) |
			   (cell_is_root(cpu->cell) ? 0 : APIC_BASE_EXTD));
		return true;
	case MSR_SMI_COUNT:
		if (msr->write || cell_is_root(cpu->cell))
			return false;
		msr_result(regs, 0);
		return true;
	case MSR_UCODE_REV:
		if (cell_is_root(cpu->cell) || (msr->write && value))
			return false;
		if (!msr->write)
			msr_result(regs, 0);
		return true;
	case MSR_IA32_MISC_ENABLE:
		if (msr->write || cell_is_root(cpu->cell) ||
		    vcpu_vendor != &vmx_ops)
			return false;
		msr_result(regs, read_msr(MSR_IA32_MISC_ENABLE));
		return true;
	case MSR_MTRR_DEF_TYPE:
		if (!msr->write)
			msr_result(regs, cpu->arch.mtrr_def_type);
		else if (!(value & ~MTRR_DEF_TYPE_VALID))
			cpu->arch.mtrr_def_type = value;
		else
			return false;
		return true;
	}
	return false;
}

void vcpu_reset_msrs(struct per_cpu *cpu)
{
	cpu->arch.mtrr_def_type = read_msr(MSR_MTRR_DEF_TYPE);
}

enum vcpu_msr_result vcpu_handle_msr(struct per_cpu *cpu,
				     const struct vcpu_msr *msr)
{
	struct guest_regs *regs = cpu->arch.guest_regs;

	/* IPIs: the APIC emulation's filter (apic.c). */
	if (msr->index == MSR_X2APIC_ICR && msr->write)
		return apic_x2apic_icr_write(cpu, (regs->rdx << 32) |
					     (__u32)regs->rax) ?
		       VCPU_MSR_DONE : VCPU_MSR_REFUSED;
	if (msr_emulated(cpu, msr))
		return VCPU_MSR_DONE;
	log_msr(cpu, msr, regs);
	if (cpu->cell->config->flags & JAILHOUSE_CELL_MSR_FAULT) {
		cpu->stats.count[JAILHOUSE_CPU_STAT_MSR_FAULTS]++;
		return VCPU_MSR_FAULT;
	}
	if (!cell_is_root(cpu->cell))
		return VCPU_MSR_REFUSED;
	if (!msr->write)
		msr_result(regs, 0);
	return VCPU_MSR_DONE;
}
