// SPDX-License-Identifier: GPL-2.0
/*
 * AMD-V backend: Linux keeps running as the guest of a VMCB built from its
 * live state, under nested page tables that map its memory regions only.
 */
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/mem.h>
#include <jailhouse/printk.h>
#include <jailhouse/string.h>
#include <asm/apic.h>
#include <asm/exit-stats.h>
#include <asm/guest-insn.h>
#include <asm/iopm.h>
#include <asm/ipi.h>
#include <asm/mmio.h>
#include <asm/msrpm.h>
#include <asm/npt.h>
#include <asm/processor.h>
#include <asm/svm-event.h>
#include <asm/svm.h>
#include <asm/vcpu.h>
#include <config.h>

#define CPUID_EXT_FEATURES		0x80000001
#define CPUID_EXT_ECX_SVM		(1U << 2)
#define CPUID_SVM_FEATURES		0x8000000a
#define CPUID_SVM_EDX_NPT		(1U << 0)
#define CPUID_SVM_EDX_NRIPS		(1U << 3)

#define GUEST_ASID			1
#define SEG_LIMIT_FLAT			0xffffffff

/* Lengths of the instructions whose exits are skipped, without NRIPS. */
#define INSN_LEN_VMMCALL		3
#define INSN_LEN_CPUID			2
#define INSN_LEN_MSR			2
#define INSN_LEN_CACHE			2	/* INVD, WBINVD */

void __attribute__((noreturn)) svm_run(struct per_cpu *cpu, __u64 guest,
				       __u64 host);
void svm_handle_exit(struct per_cpu *cpu, struct guest_regs *regs);

static bool has_nrips;

static int svm_probe(void)
{
	struct cpuid_regs r;

	cpuid(CPUID_EXT_FEATURES, 0, &r);
	if (!(r.ecx & CPUID_EXT_ECX_SVM))
		return -ENODEV;
	/* Firmware can lock SVM off; EFER.SVME would then fault. */
	if (read_msr(MSR_VM_CR) & VM_CR_SVMDIS)
		return -ENODEV;
	/* Without nested paging there is no memory isolation. */
	cpuid(CPUID_SVM_FEATURES, 0, &r);
	if (!(r.edx & CPUID_SVM_EDX_NPT))
		return -ENODEV;
	has_nrips = r.edx & CPUID_SVM_EDX_NRIPS;
	return 0;
}

static inline void vmsave(__u64 vmcb_pa)
{
	asm volatile("vmsave %%rax" : : "a" (vmcb_pa) : "memory");
}

static inline void vmload(__u64 vmcb_pa)
{
	asm volatile("vmload %%rax" : : "a" (vmcb_pa) : "memory");
}

static inline void clgi(void)
{
	asm volatile("clgi" : : : "memory");
}

static inline void stgi(void)
{
	asm volatile("stgi" : : : "memory");
}

/* I/O bitmap and MSR bitmap in the SVM layouts. */
static int svm_cell_init(struct cell *cell)
{
	return npt_cell_init(cell, SVM_IOPM_SIZE, &svm_msr_bitmap);
}

static void set_segment(struct vmcb_segment *seg, __u16 selector,
			__u16 attrib)
{
	/* A null selector leaves the segment unusable. */
	seg->selector = selector;
	seg->attrib = selector & ~3 ? attrib : 0;
	seg->limit = SEG_LIMIT_FLAT;
	seg->base = 0;
}

/*
 * Linux runs in 64-bit mode at CPL 0, so its CS is a 64-bit code segment
 * and its data segments are flat; their attributes follow from that.
 * FS, GS, TR, LDTR and the syscall MSRs come from VMSAVE instead.
 */
static void vmcb_init_state(struct vmcb *vmcb, const struct linux_state *l)
{
	set_segment(&vmcb->cs, l->cs, SVM_SEG_CODE64);
	set_segment(&vmcb->ss, l->ss, SVM_SEG_DATA);
	/* CPL comes from SS.DPL; keep it valid with a null SS. */
	vmcb->ss.attrib = SVM_SEG_DATA;
	set_segment(&vmcb->ds, l->ds, SVM_SEG_DATA);
	set_segment(&vmcb->es, l->es, SVM_SEG_DATA);
	vmcb->gdtr.limit = l->gdtr.limit;
	vmcb->gdtr.base = l->gdtr.base;
	vmcb->idtr.limit = l->idtr.limit;
	vmcb->idtr.base = l->idtr.base;
	vmcb->cpl = 0;
	vmcb->efer = l->efer | EFER_SVME;
	vmcb->cr0 = l->cr0;
	vmcb->cr2 = read_cr2();
	vmcb->cr3 = l->cr3;
	vmcb->cr4 = l->cr4;
	vmcb->dr6 = l->dr6;
	vmcb->dr7 = l->dr7;
	vmcb->rflags = l->rflags;
	vmcb->rip = l->rip;
	vmcb->rsp = l->rsp;
	vmcb->rax = 0;
	vmcb->g_pat = l->pat;
}

static void vmcb_init_control(struct vmcb *vmcb, const struct cell *cell)
{
	/* INVD would drop the hypervisor's dirty cache lines (vcpu.c). */
	/* NMI: the hypervisor's kicks (jailhouse/control.h). */
	/* INIT: a real one must never reset a CPU under the hypervisor. */
	vmcb->intercepts3 = SVM_INTERCEPT_NMI | SVM_INTERCEPT_INIT |
			    SVM_INTERCEPT_CPUID |
			    SVM_INTERCEPT_INVD | SVM_INTERCEPT_IOIO |
			    SVM_INTERCEPT_MSR | SVM_INTERCEPT_SHUTDOWN;
	vmcb->exception_intercepts = vcpu_exception_intercepts(cell);
	vmcb->intercepts4 = SVM_INTERCEPT_VMRUN | SVM_INTERCEPT_VMMCALL |
			    SVM_INTERCEPT_VMLOAD | SVM_INTERCEPT_VMSAVE |
			    SVM_INTERCEPT_STGI | SVM_INTERCEPT_CLGI |
			    SVM_INTERCEPT_SKINIT;
	if (vcpu_intercept_wbinvd(cell))
		vmcb->intercepts4 |= SVM_INTERCEPT_WBINVD;
	vmcb->iopm_base_pa = virt_to_phys(cell->arch.io_bitmap);
	vmcb->msrpm_base_pa = virt_to_phys(cell->arch.msr_bitmap);
	vmcb->guest_asid = GUEST_ASID;
	vmcb->tlb_control = SVM_TLB_FLUSH_ALL;
	vmcb->np_control = SVM_NP_ENABLE;
	vmcb->n_cr3 = cell->arch.npt.phys;
	vmcb->clean_bits = 0;
}

/* ---- parking and reset ---- */

static struct paging_root parking_npt;

static int svm_init(void)
{
	return npt_parking_init(&parking_npt);
}

static void set_real_segment(struct vmcb_segment *seg, __u64 base,
			     __u16 attrib)
{
	seg->selector = base >> 4;
	seg->attrib = attrib;
	seg->limit = REAL_SEG_LIMIT;
	seg->base = base;
}

/* The state after INIT and SIPI, starting at @address (CPU_REQ_RESET). */
static void vmcb_reset_state(struct vmcb *vmcb, __u64 address)
{
	memset(&vmcb->es, 0, sizeof(*vmcb) - offsetof(struct vmcb, es));
	set_real_segment(&vmcb->cs, address & ~0xfffULL, SVM_SEG_REAL_CODE);
	set_real_segment(&vmcb->ds, 0, SVM_SEG_REAL_DATA);
	set_real_segment(&vmcb->es, 0, SVM_SEG_REAL_DATA);
	set_real_segment(&vmcb->fs, 0, SVM_SEG_REAL_DATA);
	set_real_segment(&vmcb->gs, 0, SVM_SEG_REAL_DATA);
	set_real_segment(&vmcb->ss, 0, SVM_SEG_REAL_DATA);
	set_real_segment(&vmcb->ldtr, 0, SVM_SEG_LDT);
	set_real_segment(&vmcb->tr, 0, SVM_SEG_TSS_BUSY);
	vmcb->gdtr.limit = REAL_SEG_LIMIT;
	vmcb->idtr.limit = REAL_SEG_LIMIT;
	vmcb->rip = address & 0xfff;
	vmcb->rflags = RESET_RFLAGS;
	vmcb->cr0 = RESET_CR0;
	vmcb->efer = EFER_SVME;
	vmcb->dr6 = RESET_DR6;
	vmcb->dr7 = RESET_DR7;
	vmcb->g_pat = RESET_PAT;
}

static void reset_to(struct per_cpu *cpu, __u64 address)
{
	struct vmcb *vmcb = &cpu->arch.vendor.svm.guest;

	vmcb_reset_state(vmcb, address);
	vmcb_init_control(vmcb, cpu->cell);
	vmcb->event_inject = 0;
	vmcb->interrupt_shadow = 0;
	memset(cpu->arch.guest_regs, 0, sizeof(*cpu->arch.guest_regs));
}

static void svm_park(struct per_cpu *cpu)
{
	reset_to(cpu, 0);
	cpu->arch.vendor.svm.guest.n_cr3 = parking_npt.phys;
}

static void svm_reset(struct per_cpu *cpu, __u64 address)
{
	reset_to(cpu, address);
}

static void svm_tlb_flush(struct per_cpu *cpu)
{
	cpu->arch.vendor.svm.guest.tlb_control = SVM_TLB_FLUSH_ALL;
}

/* GIF and IF both open for one instruction. */
static void svm_irq_window(void)
{
	asm volatile("stgi; sti; nop; cli; clgi" : : : "memory");
}

static int svm_cpu_init(struct per_cpu *cpu)
{
	struct svm_cpu *svm = &cpu->arch.vendor.svm;

	cpu->arch.apic_id = apic_id_self();
	write_msr(MSR_EFER, read_msr(MSR_EFER) | EFER_SVME);
	cpu->arch.vendor_on = true;
	/* No NMI may reach the hypervisor's handlers until we leave. */
	clgi();
	write_msr(MSR_VM_HSAVE_PA, virt_to_phys(svm->hsave));
	vmsave(virt_to_phys(&svm->guest));
	vmcb_init_state(&svm->guest, &cpu->arch.linux);
	return 0;
}

static void save_guest_state(struct per_cpu *cpu)
{
	const struct vmcb *vmcb = &cpu->arch.vendor.svm.guest;
	const struct guest_regs *regs = cpu->arch.guest_regs;
	struct linux_state *l = &cpu->arch.linux;

	l->cr0 = vmcb->cr0;
	l->cr3 = vmcb->cr3;
	l->cr4 = vmcb->cr4;
	l->efer = vmcb->efer & ~EFER_SVME;
	l->pat = vmcb->g_pat;
	l->dr6 = vmcb->dr6;
	l->dr7 = vmcb->dr7;
	l->rsp = vmcb->rsp;
	l->rip = vmcb->rip;
	l->rflags = vmcb->rflags;
	l->cs = vmcb->cs.selector;
	l->ss = vmcb->ss.selector;
	l->ds = vmcb->ds.selector;
	l->es = vmcb->es.selector;
	l->gdtr.limit = vmcb->gdtr.limit;
	l->gdtr.base = vmcb->gdtr.base;
	l->idtr.limit = vmcb->idtr.limit;
	l->idtr.base = vmcb->idtr.base;
	__builtin_memcpy(&cpu->arch.leave_frame, regs, sizeof(*regs));
}

static void svm_cpu_exit(struct per_cpu *cpu)
{
	struct svm_cpu *svm = &cpu->arch.vendor.svm;

	if (cpu->arch.guest_regs)
		save_guest_state(cpu);
	/* Linux's FS, GS, TR, LDTR and syscall MSRs, as last seen. */
	vmload(virt_to_phys(&svm->guest));
	stgi();
	write_msr(MSR_VM_HSAVE_PA, 0);
	write_msr(MSR_EFER, cpu->arch.linux.efer & ~EFER_SVME);
	cpu->arch.vendor_on = false;
}

static void __attribute__((noreturn)) svm_activate(struct per_cpu *cpu)
{
	struct svm_cpu *svm = &cpu->arch.vendor.svm;

	vmcb_init_control(&svm->guest, cpu->cell);
	/* The hypervisor's own TR (and the rest) for the time between exits. */
	vmsave(virt_to_phys(&svm->host));
	svm_run(cpu, virt_to_phys(&svm->guest), virt_to_phys(&svm->host));
}

static unsigned int insn_len(__u64 exit_code)
{
	switch (exit_code) {
	case SVM_EXIT_VMMCALL:
		return INSN_LEN_VMMCALL;
	case SVM_EXIT_CPUID:
		return INSN_LEN_CPUID;
	case SVM_EXIT_INVD:
	case SVM_EXIT_WBINVD:
		return INSN_LEN_CACHE;
	default:
		return INSN_LEN_MSR;
	}
}

static void svm_skip_instruction(struct per_cpu *cpu)
{
	struct vmcb *vmcb = &cpu->arch.vendor.svm.guest;

	if (vmcb->exit_code == SVM_EXIT_IOIO)
		vmcb->rip = vmcb->exit_info2;
	else if (has_nrips)
		vmcb->rip = vmcb->next_rip;
	else
		vmcb->rip += insn_len(vmcb->exit_code);
}

static bool svm_handle_io(struct per_cpu *cpu, const struct vmcb *vmcb)
{
	__u64 info = vmcb->exit_info1;
	struct vcpu_io io = {
		.port = info >> SVM_IOIO_PORT_SHIFT,
		/* One-hot: 1, 2 or 4 bytes. */
		.size = (info & SVM_IOIO_SIZE_MASK) >> SVM_IOIO_SIZE_SHIFT,
		.in = info & SVM_IOIO_IN,
		.string = info & (SVM_IOIO_STRING | SVM_IOIO_REP),
	};

	if (!vcpu_handle_io(cpu, &io))
		return false;
	svm_skip_instruction(cpu);
	return true;
}

/* Hypercalls are the guest kernel's; its user space gets -EPERM. */
static void svm_handle_vmmcall(struct per_cpu *cpu, const struct vmcb *vmcb)
{
	if (vmcb->cpl == 0) {
		vcpu_handle_hypercall(cpu);
		return;
	}
	cpu->arch.guest_regs->rax = -EPERM;
	svm_skip_instruction(cpu);
}

/*
 * The NMI is still pending (GIF is clear): open GIF for a moment so that
 * the hypervisor's NMI handler takes it. One that was not the
 * hypervisor's kick was the root cell's own and goes on to Linux.
 */
static void svm_handle_nmi(struct per_cpu *cpu, struct vmcb *vmcb)
{
	stgi();
	clgi();
	if (cpu_take_kick(cpu) || !cell_is_root(cpu->cell) || cpu->parked)
		return;
	/* One event per entry: the NMI comes back once this one is in. */
	if (vmcb->event_inject & SVM_EVENT_VALID)
		ipi_send_nmi(cpu->arch.apic_id);
	else
		vmcb->event_inject = SVM_EVENT_INJECT_NMI;
}

/* EFER lives in the VMCB; SVME stays set there (VMRUN demands it). */
static void svm_handle_efer(struct per_cpu *cpu, struct vmcb *vmcb,
			    bool write)
{
	struct guest_regs *regs = cpu->arch.guest_regs;
	__u64 value;

	if (write) {
		value = (regs->rdx << 32) | (__u32)regs->rax;
		vmcb->efer = (value & EFER_GUEST_BITS) |
			     (vmcb->efer & EFER_LMA) | EFER_SVME;
	} else {
		value = vmcb->efer & ~EFER_SVME;
		regs->rax = (__u32)value;
		regs->rdx = value >> 32;
	}
	svm_skip_instruction(cpu);
}

static bool svm_handle_msr(struct per_cpu *cpu, struct vmcb *vmcb)
{
	struct guest_regs *regs = cpu->arch.guest_regs;
	struct vcpu_msr msr = {
		.index = regs->rcx,
		.write = vmcb->exit_info1 & 1,
	};

	if (msr.index == MSR_EFER) {
		svm_handle_efer(cpu, vmcb, msr.write);
		return true;
	}
	switch (vcpu_handle_msr(cpu, &msr)) {
	case VCPU_MSR_DONE:
		svm_skip_instruction(cpu);
		return true;
	case VCPU_MSR_FAULT:
		vmcb->event_inject = svm_event_gp(vmcb->cr0);
		return true;
	default:
		return false;
	}
}

static void report_exit(struct per_cpu *cpu, const struct vmcb *vmcb)
{
	if (vmcb->exit_code == SVM_EXIT_NPF)
		printk("CPU %u: cell \"%s\": access to 0x%llx outside its "
		       "memory (info 0x%llx), rip 0x%llx\n", cpu->cpu_id,
		       cpu->cell->config->name, vmcb->exit_info2,
		       vmcb->exit_info1, vmcb->rip);
	else
		printk("CPU %u: cell \"%s\": unhandled exit 0x%llx, info "
		       "0x%llx 0x%llx, rip 0x%llx\n", cpu->cpu_id,
		       cpu->cell->config->name, vmcb->exit_code,
		       vmcb->exit_info1, vmcb->exit_info2, vmcb->rip);
}

/* The root goes on from a refused access (mmio_root_refused()). */
static bool svm_root_refused(struct per_cpu *cpu, struct vmcb *vmcb,
			     const struct mmio_guest *guest, bool data)
{
	int len = mmio_root_refused(cpu, guest, data);

	if (len == -EINVAL)
		vmcb->event_inject = SVM_EVENT_VALID |
				     SVM_EVENT_TYPE_EXCEPTION |
				     SVM_EVENT_ERROR_VALID | X86_VEC_GP;
	else if (len >= 0)
		vmcb->rip += len;
	return len != -EPERM;
}

/*
 * Only the pages the hypervisor emulates are left out of the nested
 * tables on purpose, for data accesses; code or page tables there are
 * refused. The decoded length advances RIP (NRIPS is not needed).
 */
static bool svm_handle_npf(struct per_cpu *cpu, struct vmcb *vmcb)
{
	struct mmio_guest guest = {
		.cr0 = vmcb->cr0,
		.cr3 = vmcb->cr3,
		.cr4 = vmcb->cr4,
		.efer = vmcb->efer,
		.rip_linear = vmcb->cs.base + vmcb->rip,
		.rflags = vmcb->rflags,
		.code64 = (vmcb->efer & EFER_LMA) &&
			  (vmcb->cs.attrib & SVM_SEG_LONG),
		.gpa = vmcb->exit_info2,
		.write = vmcb->exit_info1 & SVM_NPF_WRITE,
	};
	mmio_access_t access = mmio_handler_of(cpu->cell, guest.gpa);
	/* Event delivery (IDT, stack) touching the page is no instruction. */
	bool data = !(vmcb->exit_info1 & (SVM_NPF_FETCH | SVM_NPF_PAGE_WALK) ||
		      vmcb->exit_int_info & SVM_EVENT_VALID);
	unsigned int len = access && data ? mmio_handle(cpu, &guest, access) :
			   0;

	if (!len && cell_is_root(cpu->cell))
		return svm_root_refused(cpu, vmcb, &guest, data);
	if (!access || !data) {
		report_exit(cpu, vmcb);
		return false;
	}
	if (!len) {
		printk("CPU %u: cell \"%s\": device access at 0x%llx "
		       "refused or not emulated, rip 0x%llx\n", cpu->cpu_id,
		       cpu->cell->config->name, guest.gpa, vmcb->rip);
		return false;
	}
	vmcb->rip += len;
	return true;
}

static bool dispatch_exit(struct per_cpu *cpu, struct vmcb *vmcb)
{
	switch (vmcb->exit_code) {
	case SVM_EXIT_NMI:
		svm_handle_nmi(cpu, vmcb);
		return true;
	case SVM_EXIT_VMMCALL:
		svm_handle_vmmcall(cpu, vmcb);
		return true;
	case SVM_EXIT_CPUID:
		vcpu_handle_cpuid(cpu);
		return true;
	case SVM_EXIT_IOIO:
		return svm_handle_io(cpu, vmcb);
	case SVM_EXIT_MSR:
		return svm_handle_msr(cpu, vmcb);
	case SVM_EXIT_NPF:
		return svm_handle_npf(cpu, vmcb);
	case SVM_EXIT_INIT:
		apic_init_received(cpu);
		return true;
	case SVM_EXIT_INVD:
	case SVM_EXIT_WBINVD:
		vcpu_handle_cache_flush(cpu);
		return true;
	case SVM_EXIT_EXCP_DB:
	case SVM_EXIT_EXCP_AC:
		vmcb->event_inject = svm_event_exception(vmcb->event_inject,
				vmcb->exit_code - SVM_EXIT_EXCP_BASE,
				vmcb->exit_info1);
		return true;
	default:
		report_exit(cpu, vmcb);
		return false;
	}
}

void svm_handle_exit(struct per_cpu *cpu, struct guest_regs *regs)
{
	struct vmcb *vmcb = &cpu->arch.vendor.svm.guest;
	__u64 detail = vmcb->exit_code == SVM_EXIT_NPF ? vmcb->exit_info2 :
		       regs->rcx;
	__u64 rip = vmcb->rip;
	bool handled;

	cpu->arch.guest_regs = regs;
	regs->rax = vmcb->rax;
	vmcb->tlb_control = 0;
	vmcb->event_inject = svm_event_redelivery(vmcb->exit_int_info);
	vmexit_stats_count(&cpu->stats, svm_exit_stat(vmcb->exit_code,
						      detail));
	handled = dispatch_exit(cpu, vmcb);
	/* The root's instruction that exited faults as natively. */
	if (guest_insn_faulted(cpu)) {
		if (cell_is_root(cpu->cell)) {
			vmcb->rip = rip;
			vmcb->event_inject = svm_event_gp(vmcb->cr0);
		}
	} else if (!handled) {
		cpu_guest_failed(cpu, "the guest's last exit cannot be handled");
	}
	cpu_handle_requests(cpu);
	vmcb->rax = regs->rax;
	cpu->arch.guest_regs = NULL;
}

const struct vcpu_vendor_ops svm_ops = {
	.name = "svm",
	.probe = svm_probe,
	.cell_init = svm_cell_init,
	.cell_exit = npt_cell_exit,
	.cpu_init = svm_cpu_init,
	.cpu_exit = svm_cpu_exit,
	.activate = svm_activate,
	.skip_instruction = svm_skip_instruction,
	.init = svm_init,
	.park = svm_park,
	.reset = svm_reset,
	.tlb_flush = svm_tlb_flush,
	.irq_window = svm_irq_window,
	.map_memory = npt_map_memory,
	.unmap_memory = npt_unmap_memory,
};
