// SPDX-License-Identifier: GPL-2.0
/*
 * x86 side of taking a CPU over from Linux and giving it back
 * (docs/design.md, "Enable path").
 */
#include <stddef.h>
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/iommu.h>
#include <jailhouse/printk.h>
#include <asm/apic.h>
#include <asm/desc.h>
#include <asm/processor.h>
#include <asm/vcpu.h>

void __attribute__((noreturn)) entry(struct per_cpu *cpu);
void __attribute__((noreturn)) arch_entry_c(unsigned int cpu_id, __u64 cr3,
					    __u64 cr4, __u64 rsp,
					    __u64 resume, struct per_cpu *cpu,
					    __u64 tr_base, __u64 tr_limit);
void host_nmi(void);
void __attribute__((noreturn)) arch_jump_to_stub(__u64 cr3, __u64 cr4,
						 __u64 frame, __u64 stub);

/* entry.S and svm-run.S start the stack at this offset of struct per_cpu. */
_Static_assert(offsetof(struct per_cpu, stack) + PERCPU_STACK_SIZE ==
	       5 * PAGE_SIZE, "PERCPU_STACK_TOP");

const struct vcpu_vendor_ops *vcpu_vendor;

static const struct vcpu_vendor_ops *vendor_by_cpuid(void)
{
	struct cpuid_regs r;

	cpuid(0, 0, &r);
	/* "GenuineIntel" is spread over EBX, EDX, ECX: "Genu" "ineI" "ntel". */
	if (r.ebx == 0x756e6547 && r.edx == 0x49656e69 && r.ecx == 0x6c65746e)
		return &vmx_ops;
	/* "AuthenticAMD" */
	if (r.ebx == 0x68747541 && r.edx == 0x69746e65 && r.ecx == 0x444d4163)
		return &svm_ops;
	return NULL;
}

int arch_cpu_probe(void)
{
	const struct vcpu_vendor_ops *found = vendor_by_cpuid();

	if (!found)
		return -ENODEV;
	vcpu_vendor = found;
	return vcpu_vendor->probe();
}

static void save_linux_state(struct linux_state *linux)
{
	linux->cr0 = read_cr0();
	linux->efer = read_msr(MSR_EFER);
	linux->pat = read_msr(MSR_PAT);
	linux->dr6 = read_dr6();
	linux->dr7 = read_dr7();
	linux->rflags = read_rflags();
	linux->cs = read_cs();
	linux->ss = read_ss();
	linux->ds = read_ds();
	linux->es = read_es();
	asm volatile("str %0" : "=rm" (linux->tr));
}

void arch_entry_c(unsigned int cpu_id, __u64 cr3, __u64 cr4, __u64 rsp,
		  __u64 resume, struct per_cpu *cpu, __u64 tr_base,
		  __u64 tr_limit)
{
	struct linux_state *linux = &cpu->arch.linux;

	/* First: Linux's descriptor tables are not mapped here. */
	read_gdtr(&linux->gdtr);
	read_idtr(&linux->idtr);
	desc_tables_load(cpu);
	cpu->cpu_id = cpu_id;
	linux->cr3 = cr3;
	linux->cr4 = cr4;
	linux->rsp = rsp;
	linux->rip = resume;
	linux->tr_base = tr_base;
	linux->tr_limit = tr_limit;
	save_linux_state(linux);
	entry(cpu);
}

/*
 * entry.S: an NMI while the hypervisor runs. The CPU is the one whose
 * stack the NMI interrupted (NMIs use no IST).
 */
void host_nmi(void)
{
	struct per_cpu *cpu = desc_cpu_of_stack(__builtin_frame_address(0));

	if (cpu && cpu->arch.vendor_on && vcpu_vendor->host_nmi)
		vcpu_vendor->host_nmi(cpu);
}

int arch_cpu_init(struct per_cpu *cpu)
{
	int err;

	/* The APIC emulation keeps the CPUs of a cell in a 64-bit mask. */
	if (cpu->cpu_id >= APIC_MAX_CPUS)
		return -ERANGE;
	/* The backend saves Linux's TR and friends before ours replace them. */
	err = vcpu_vendor->cpu_init(cpu);
	if (err)
		return err;
	desc_tss_load();
	/*
	 * Before the CPUs wait for each other: the first to run Linux again
	 * may send IPIs to the last, which must be known by then.
	 */
	apic_cpu_init(cpu);
	vcpu_reset_msrs(cpu);
	return 0;
}

void arch_cpu_activate(struct per_cpu *cpu)
{
	vcpu_vendor->activate(cpu);
}

static void fill_leave_frame(struct per_cpu *cpu, long result)
{
	const struct linux_state *linux = &cpu->arch.linux;
	struct jailhouse_leave_frame *frame = &cpu->arch.leave_frame;

	frame->rax = result;
	frame->ds = linux->ds;
	frame->es = linux->es;
	frame->rip = linux->rip;
	frame->cs = linux->cs;
	frame->rflags = linux->rflags;
	frame->rsp = linux->rsp;
	frame->ss = linux->ss;
}

void arch_cpu_leave(struct per_cpu *cpu, long result)
{
	const struct linux_state *linux = &cpu->arch.linux;
	__u64 frame = (unsigned long)&cpu->arch.leave_frame - JAILHOUSE_BASE +
		      hypervisor_header.linux_alias;

	/* Before Linux gets its memory back: nothing walks our tables. */
	iommu_shutdown();
	if (cpu->arch.vendor_on)
		vcpu_vendor->cpu_exit(cpu);
	fill_leave_frame(cpu, result);
	write_msr(MSR_PAT, linux->pat);
	write_dr6(linux->dr6);
	write_dr7(linux->dr7);
	write_cr0(linux->cr0);
	write_gdtr(&linux->gdtr);
	write_idtr(&linux->idtr);
	arch_jump_to_stub(linux->cr3, linux->cr4, frame,
			  hypervisor_header.leave_stub);
}

int arch_cell_init(struct cell *cell)
{
	int err;

	err = vcpu_vendor->cell_init(cell);
	if (err)
		return err;
	err = iommu_cell_init(cell);
	if (err)
		vcpu_vendor->cell_exit(cell);
	return err;
}

void arch_cell_exit(struct cell *cell)
{
	iommu_cell_exit(cell);
	vcpu_vendor->cell_exit(cell);
}
