// SPDX-License-Identifier: GPL-2.0
/*
 * Intel VT-x backend: Linux keeps running as the guest of a VMCS built
 * from its live state, under EPT tables that map its memory regions only.
 * The model is the AMD-V backend (svm.c); what differs is said here.
 */
#include <jailhouse/arch.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <jailhouse/string.h>
#include <asm/apic.h>
#include <asm/cpuid-policy.h>
#include <asm/cr-rules.h>
#include <asm/desc.h>
#include <asm/exit-stats.h>
#include <asm/guest-insn.h>
#include <asm/iopm.h>
#include <asm/ipi.h>
#include <asm/mmio.h>
#include <asm/msrpm.h>
#include <asm/npt.h>
#include <asm/processor.h>
#include <asm/vcpu.h>
#include <asm/vmx-event.h>
#include <asm/vmx.h>
#include <config.h>

#define CPUID_XSAVE			0xd
#define X86_CR4_OSXSAVE			(1UL << 18)
#define DR6_EVENT_BITS			0x600fULL
#define SEG_LIMIT_FLAT			0xffffffff
#define X86_CR4_PAE			(1UL << 5)
#define PDPT_ADDR_MASK			0xffffffe0ULL
#define PDPTE_RESERVED			0x1e6ULL	/* bits 8:5, 2:1 */

void __attribute__((noreturn)) vmx_launch(struct per_cpu *cpu);
void vmx_exit(void);
void vmx_handle_exit(struct per_cpu *cpu, struct guest_regs *regs);
void vmx_entry_failed(struct per_cpu *cpu, struct guest_regs *regs);

/* The same for every CPU; computed by each CPU's probe. */
static struct {
	__u32 revision;
	__u32 pin, proc, proc2, exit, entry;
	__u64 cr0_fixed0, cr0_fixed1, cr4_fixed0, cr4_fixed1;
	/* Guest CR0 bits the hypervisor owns: fixed ones and PG (LMA). */
	__u64 cr0_mask, cr4_mask;
} vmx;

/* ---- instructions ---- */

static inline bool vmxon(__u64 pa)
{
	bool fail;

	asm volatile("vmxon %1; setbe %0" : "=qm" (fail) : "m" (pa)
		     : "cc", "memory");
	return !fail;
}

static inline bool vmclear(__u64 pa)
{
	bool fail;

	asm volatile("vmclear %1; setbe %0" : "=qm" (fail) : "m" (pa)
		     : "cc", "memory");
	return !fail;
}

static inline bool vmptrld(__u64 pa)
{
	bool fail;

	asm volatile("vmptrld %1; setbe %0" : "=qm" (fail) : "m" (pa)
		     : "cc", "memory");
	return !fail;
}

static inline void vmxoff(void)
{
	asm volatile("vmxoff" : : : "cc", "memory");
}

static inline __u64 vmcs_read(unsigned long field)
{
	unsigned long value;

	asm volatile("vmread %1, %0" : "=rm" (value) : "r" (field) : "cc");
	return value;
}

static inline bool vmcs_write(unsigned long field, unsigned long value)
{
	bool fail;

	asm volatile("vmwrite %1, %2; setbe %0" : "=qm" (fail)
		     : "rm" (value), "r" (field) : "cc", "memory");
	return !fail;
}

/* INVEPT and INVVPID take a 128-bit descriptor and a type. */
#define INV_SINGLE_CONTEXT	1

static inline void invept_single(__u64 eptp)
{
	struct { __u64 eptp, reserved; } desc = { eptp, 0 };

	asm volatile("invept %0, %1" : : "m" (desc),
		     "r" ((unsigned long)INV_SINGLE_CONTEXT) : "cc", "memory");
}

static inline void invvpid_single(__u16 vpid)
{
	struct { __u64 vpid, address; } desc = { vpid, 0 };

	asm volatile("invvpid %0, %1" : : "m" (desc),
		     "r" ((unsigned long)INV_SINGLE_CONTEXT) : "cc", "memory");
}

/* ---- probe ---- */

/*
 * The control value of capability MSR @msr with the @need bits set (all
 * must be allowed) and the @want bits where the CPU allows them; the
 * bits the CPU requires are set too. Return: false if a @need is not
 * allowed.
 */
static bool controls(unsigned int msr, __u32 need, __u32 want, __u32 *ctl)
{
	__u64 cap = read_msr(msr);
	__u32 must = cap, may = cap >> 32;

	*ctl = (must | need | (want & may)) & may;
	return (*ctl & need) == need;
}

static int vmx_probe(void)
{
	unsigned int true_ctls = 0;
	struct cpuid_regs r;
	__u64 fc, basic, ept;

	cpuid(CPUID_FEATURES, 0, &r);
	if (!(r.ecx & CPUID_ECX_VMX))
		return -ENODEV;
	/* Locked without VMXON permission means firmware turned VMX off. */
	fc = read_msr(MSR_IA32_FEATURE_CONTROL);
	if ((fc & FEATURE_CONTROL_LOCKED) &&
	    !(fc & FEATURE_CONTROL_VMXON_OUTSIDE_SMX))
		return -ENODEV;
	basic = read_msr(MSR_IA32_VMX_BASIC);
	if (basic & VMX_BASIC_TRUE_CTLS)
		true_ctls = MSR_IA32_VMX_TRUE_OFFSET;
	vmx.revision = basic & VMX_BASIC_REVISION_MASK;
	/* Without EPT there is no memory isolation. */
	if (!controls(MSR_IA32_VMX_PINBASED_CTLS + true_ctls,
		      PIN_NMI_EXITING | PIN_VIRTUAL_NMIS, 0, &vmx.pin) ||
	    !controls(MSR_IA32_VMX_PROCBASED_CTLS + true_ctls,
		      PROC_IO_BITMAPS | PROC_MSR_BITMAPS | PROC_SECONDARY, 0,
		      &vmx.proc) ||
	    !controls(MSR_IA32_VMX_PROCBASED_CTLS2,
		      PROC2_EPT | PROC2_VPID | PROC2_UNRESTRICTED |
		      PROC2_WBINVD,
		      PROC2_RDTSCP | PROC2_INVPCID | PROC2_XSAVES,
		      &vmx.proc2) ||
	    !controls(MSR_IA32_VMX_EXIT_CTLS + true_ctls,
		      EXIT_SAVE_DEBUG | EXIT_HOST_64BIT | EXIT_SAVE_PAT |
		      EXIT_LOAD_PAT | EXIT_SAVE_EFER | EXIT_LOAD_EFER, 0,
		      &vmx.exit) ||
	    !controls(MSR_IA32_VMX_ENTRY_CTLS + true_ctls,
		      ENTRY_LOAD_DEBUG | ENTRY_IA32E_GUEST | ENTRY_LOAD_PAT |
		      ENTRY_LOAD_EFER, 0, &vmx.entry))
		return -ENODEV;
	ept = read_msr(MSR_IA32_VMX_EPT_VPID_CAP);
	if (!(ept & EPT_CAP_WALK_4) || !(ept & EPT_CAP_WB) ||
	    !(ept & EPT_CAP_INVEPT) || !(ept & EPT_CAP_INVEPT_SINGLE) ||
	    !(ept & VPID_CAP_INVVPID) || !(ept & VPID_CAP_INVVPID_SINGLE))
		return -ENODEV;
	vmx.cr0_fixed0 = read_msr(MSR_IA32_VMX_CR0_FIXED0);
	vmx.cr0_fixed1 = read_msr(MSR_IA32_VMX_CR0_FIXED1);
	vmx.cr4_fixed0 = read_msr(MSR_IA32_VMX_CR4_FIXED0);
	vmx.cr4_fixed1 = read_msr(MSR_IA32_VMX_CR4_FIXED1);
	/* Unrestricted guest: PE and PG are the guest's to choose. */
	vmx.cr0_mask = ((vmx.cr0_fixed0 | ~vmx.cr0_fixed1) &
			~(X86_CR0_PE | X86_CR0_PG)) | X86_CR0_PG;
	vmx.cr4_mask = vmx.cr4_fixed0 | ~vmx.cr4_fixed1;
	return 0;
}

/*
 * The cells' nested tables are EPT here, 4 levels (a 48-bit guest-physical
 * space) whatever Linux's paging mode: 5-level EPT is a capability of its
 * own. Before any table exists, and after mem_init() set the levels.
 */
static void ept_select(void)
{
	npt_paging.ept = true;
	npt_paging.common_bits = 0;
	npt_paging.levels = 4;
}

/* I/O bitmaps A (ports 0-0x7fff) and B, adjacent; the VMX MSR bitmap. */
static int vmx_cell_init(struct cell *cell)
{
	ept_select();
	return npt_cell_init(cell, VMX_IO_BITMAP_SIZE, &vmx_msr_bitmap);
}

static __u64 eptp_of(__u64 root_phys)
{
	return root_phys | EPTP_WB | (3ULL << EPTP_WALK_SHIFT);
}

static __u16 vpid_of(const struct cell *cell)
{
	return cell->id + 1;
}

/* ---- guest state ---- */

/* What the guest reads (shadow) and what the CPU runs with. */
static void set_cr0(__u64 value)
{
	__u64 fixed0 = vmx.cr0_fixed0 & ~(X86_CR0_PE | X86_CR0_PG);
	__u32 entry = vmcs_read(VM_ENTRY_CTLS) & ~ENTRY_IA32E_GUEST;
	__u64 efer = vmcs_read(GUEST_IA32_EFER) & ~EFER_LMA;

	vmcs_write(CR0_READ_SHADOW, value);
	vmcs_write(GUEST_CR0, (value | fixed0) & vmx.cr0_fixed1);
	/* PG leaves the guest: long mode starts or ends here. */
	if ((efer & EFER_LME) && (value & X86_CR0_PG)) {
		efer |= EFER_LMA;
		entry |= ENTRY_IA32E_GUEST;
	}
	vmcs_write(GUEST_IA32_EFER, efer);
	vmcs_write(VM_ENTRY_CTLS, entry);
}

static void set_cr4(__u64 value)
{
	vmcs_write(CR4_READ_SHADOW, value);
	vmcs_write(GUEST_CR4, (value | vmx.cr4_fixed0) & vmx.cr4_fixed1);
}

/* The guest's view: the masked bits from the read shadow. */
static __u64 guest_cr(unsigned long cr, unsigned long shadow, __u64 mask)
{
	return (vmcs_read(cr) & ~mask) | (vmcs_read(shadow) & mask);
}

static void set_segment(enum vmx_seg seg, __u16 selector, __u64 base,
			__u32 limit, __u32 ar)
{
	vmcs_write(GUEST_SEG_SELECTOR(seg), selector);
	vmcs_write(GUEST_SEG_BASE(seg), base);
	vmcs_write(GUEST_SEG_LIMIT(seg), limit);
	vmcs_write(GUEST_SEG_AR(seg), ar);
}

/* A null selector leaves DS or ES unusable. */
static void set_data_segment(enum vmx_seg seg, __u16 selector)
{
	set_segment(seg, selector, 0, SEG_LIMIT_FLAT,
		    selector & ~3 ? VMX_AR_DATA : VMX_AR_UNUSABLE);
}

static inline __u16 read_fs(void)
{
	__u16 sel;

	asm volatile("mov %%fs, %0" : "=rm" (sel));
	return sel;
}

static inline __u16 read_gs(void)
{
	__u16 sel;

	asm volatile("mov %%gs, %0" : "=rm" (sel));
	return sel;
}

/*
 * Linux runs in 64-bit mode at CPL 0: CS is a 64-bit code segment, the
 * data segments are flat, FS and GS have their bases in MSRs, and SS
 * stays usable (its DPL is the CPL) even when null. TR comes from the
 * loader; Linux's kernel runs without an LDT.
 */
static void vmcs_init_guest(const struct linux_state *l)
{
	set_segment(SEG_CS, l->cs, 0, SEG_LIMIT_FLAT, VMX_AR_CODE64);
	set_segment(SEG_SS, l->ss, 0, SEG_LIMIT_FLAT, VMX_AR_DATA);
	set_data_segment(SEG_DS, l->ds);
	set_data_segment(SEG_ES, l->es);
	set_segment(SEG_FS, read_fs(), read_msr(MSR_FS_BASE), SEG_LIMIT_FLAT,
		    VMX_AR_DATA);
	set_segment(SEG_GS, read_gs(), read_msr(MSR_GS_BASE), SEG_LIMIT_FLAT,
		    VMX_AR_DATA);
	set_segment(SEG_LDTR, 0, 0, 0, VMX_AR_UNUSABLE);
	set_segment(SEG_TR, l->tr, l->tr_base, l->tr_limit, VMX_AR_TSS_BUSY);
	vmcs_write(GUEST_GDTR_BASE, l->gdtr.base);
	vmcs_write(GUEST_GDTR_LIMIT, l->gdtr.limit);
	vmcs_write(GUEST_IDTR_BASE, l->idtr.base);
	vmcs_write(GUEST_IDTR_LIMIT, l->idtr.limit);
	vmcs_write(VM_ENTRY_CTLS, vmx.entry);
	vmcs_write(GUEST_IA32_EFER, l->efer);
	vmcs_write(GUEST_IA32_PAT, l->pat);
	set_cr0(l->cr0);
	vmcs_write(GUEST_CR3, l->cr3);
	set_cr4(l->cr4);
	vmcs_write(GUEST_DR7, l->dr7);
	vmcs_write(GUEST_IA32_DEBUGCTL, 0);
	vmcs_write(GUEST_RSP, l->rsp);
	vmcs_write(GUEST_RIP, l->rip);
	vmcs_write(GUEST_RFLAGS, l->rflags);
	vmcs_write(GUEST_SYSENTER_CS, read_msr(MSR_IA32_SYSENTER_CS));
	vmcs_write(GUEST_SYSENTER_ESP, read_msr(MSR_IA32_SYSENTER_ESP));
	vmcs_write(GUEST_SYSENTER_EIP, read_msr(MSR_IA32_SYSENTER_EIP));
	vmcs_write(GUEST_INTERRUPTIBILITY, 0);
	vmcs_write(GUEST_ACTIVITY_STATE, ACTIVITY_ACTIVE);
	vmcs_write(GUEST_PENDING_DBG_EXCEPTIONS, 0);
	vmcs_write(VMCS_LINK_POINTER, ~0ULL);
}

/*
 * The hypervisor between exits: its own tables and TSS, the stack top
 * vmx-run.S expects (the CPU's pointer there), Linux's SYSENTER MSRs, PAT
 * and EFER, so that an exit leaves those as Linux has them.
 */
static void vmcs_init_host(struct per_cpu *cpu)
{
	const struct linux_state *l = &cpu->arch.linux;
	struct desc_table_reg idtr;

	read_idtr(&idtr);
	vmcs_write(HOST_CR0, read_cr0());
	vmcs_write(HOST_CR3, read_cr3());
	vmcs_write(HOST_CR4, read_cr4());
	vmcs_write(HOST_CS_SELECTOR, GDT_SEL_CODE);
	vmcs_write(HOST_SS_SELECTOR, GDT_SEL_DATA);
	vmcs_write(HOST_DS_SELECTOR, 0);
	vmcs_write(HOST_ES_SELECTOR, 0);
	vmcs_write(HOST_FS_SELECTOR, 0);
	vmcs_write(HOST_GS_SELECTOR, 0);
	vmcs_write(HOST_TR_SELECTOR, GDT_SEL_TSS);
	vmcs_write(HOST_FS_BASE, 0);
	vmcs_write(HOST_GS_BASE, 0);
	vmcs_write(HOST_TR_BASE, (unsigned long)&cpu->arch.tss);
	vmcs_write(HOST_GDTR_BASE, (unsigned long)cpu->arch.gdt);
	vmcs_write(HOST_IDTR_BASE, idtr.base);
	vmcs_write(HOST_SYSENTER_CS, read_msr(MSR_IA32_SYSENTER_CS));
	vmcs_write(HOST_SYSENTER_ESP, read_msr(MSR_IA32_SYSENTER_ESP));
	vmcs_write(HOST_SYSENTER_EIP, read_msr(MSR_IA32_SYSENTER_EIP));
	vmcs_write(HOST_IA32_PAT, l->pat);
	vmcs_write(HOST_IA32_EFER, l->efer);
	vmcs_write(HOST_RSP, (unsigned long)cpu->stack +
		   sizeof(cpu->stack) - sizeof(unsigned long));
	vmcs_write(HOST_RIP, (unsigned long)vmx_exit);
}

/*
 * The cell's tables, bitmaps and VPID; the exceptions and cache flushes
 * intercepted for it (vcpu.c). INVD exits on every cell anyway. The
 * supervisor XSAVE components (IA32_XSS) are Linux's: a non-root cell's
 * CPUs start with IA32_XSS 0 (cpu-state.c), and should one be enabled
 * after all, its XSAVES or XRSTORS exits, unhandled, and the cell fails;
 * the root's own never exit.
 */
static void vmcs_init_cell(const struct cell *cell)
{
	vmcs_write(SECONDARY_CTLS, vmx.proc2 & ~PROC2_WBINVD);
	if (vcpu_intercept_wbinvd(cell))
		vmcs_write(SECONDARY_CTLS, vmx.proc2);
	vmcs_write(IO_BITMAP_A, virt_to_phys(cell->arch.io_bitmap));
	vmcs_write(IO_BITMAP_B, virt_to_phys(cell->arch.io_bitmap) +
		   PAGE_SIZE);
	vmcs_write(MSR_BITMAP, virt_to_phys(cell->arch.msr_bitmap));
	vmcs_write(EPT_POINTER, eptp_of(cell->arch.npt.phys));
	vmcs_write(VPID, vpid_of(cell));
	vmcs_write(EXCEPTION_BITMAP, vcpu_exception_intercepts(cell));
	if (vmx.proc2 & PROC2_XSAVES)
		vmcs_write(XSS_EXITING_BITMAP, cell_is_root(cell) ? 0 : ~0ULL);
}

/*
 * No exit on external interrupts: the root's interrupts flow on their
 * own. NMIs exit (the hypervisor's kicks); virtual NMIs let it give the
 * others back to Linux.
 */
static void vmcs_init_controls(const struct cell *cell)
{
	vmcs_write(PIN_BASED_CTLS, vmx.pin);
	vmcs_write(PROC_BASED_CTLS, vmx.proc);
	vmcs_write(VM_EXIT_CTLS, vmx.exit);
	vmcs_write(CR3_TARGET_COUNT, 0);
	vmcs_write(VM_EXIT_MSR_STORE_COUNT, 0);
	vmcs_write(VM_EXIT_MSR_LOAD_COUNT, 0);
	vmcs_write(VM_ENTRY_MSR_LOAD_COUNT, 0);
	vmcs_write(VM_ENTRY_INTR_INFO, 0);
	vmcs_write(CR0_GUEST_HOST_MASK, vmx.cr0_mask);
	vmcs_write(CR4_GUEST_HOST_MASK, vmx.cr4_mask);
	vmcs_init_cell(cell);
}

static int vmx_cpu_init(struct per_cpu *cpu)
{
	struct vmx_cpu *v = &cpu->arch.vendor.vmx;
	__u64 fc = read_msr(MSR_IA32_FEATURE_CONTROL);
	__u16 ldtr;
	int err;

	cpu->arch.apic_id = apic_id_self();
	asm volatile("sldt %0" : "=rm" (ldtr));
	err = desc_linux_tr_check(cpu);
	if (err || ldtr) {
		printk("CPU %u: TR 0x%x or LDTR 0x%x not supported\n",
		       cpu->cpu_id, cpu->arch.linux.tr, ldtr);
		return -EINVAL;
	}
	if (!(fc & FEATURE_CONTROL_LOCKED))
		write_msr(MSR_IA32_FEATURE_CONTROL, FEATURE_CONTROL_LOCKED |
			  FEATURE_CONTROL_VMXON_OUTSIDE_SMX);
	write_cr0((read_cr0() | vmx.cr0_fixed0) & vmx.cr0_fixed1);
	write_cr4((read_cr4() | vmx.cr4_fixed0) & vmx.cr4_fixed1);
	v->vmxon[0] = vmx.revision;
	v->vmcs[0] = vmx.revision;
	cpu->arch.vendor_on = true;
	v->vmxon_done = vmxon(virt_to_phys(v->vmxon));
	if (!v->vmxon_done)
		return -EIO;
	if (!vmclear(virt_to_phys(v->vmcs)) || !vmptrld(virt_to_phys(v->vmcs)))
		return -EIO;
	v->vmcs_loaded = true;
	vmcs_init_guest(&cpu->arch.linux);
	vmcs_init_host(cpu);
	return 0;
}

static void save_guest_state(struct per_cpu *cpu)
{
	const struct guest_regs *regs = cpu->arch.guest_regs;
	struct linux_state *l = &cpu->arch.linux;

	l->cr0 = guest_cr(GUEST_CR0, CR0_READ_SHADOW, vmx.cr0_mask);
	l->cr3 = vmcs_read(GUEST_CR3);
	l->cr4 = guest_cr(GUEST_CR4, CR4_READ_SHADOW, vmx.cr4_mask);
	l->efer = vmcs_read(GUEST_IA32_EFER);
	l->pat = vmcs_read(GUEST_IA32_PAT);
	l->dr6 = read_dr6();
	l->dr7 = vmcs_read(GUEST_DR7);
	l->rsp = vmcs_read(GUEST_RSP);
	l->rip = vmcs_read(GUEST_RIP);
	l->rflags = vmcs_read(GUEST_RFLAGS);
	l->cs = vmcs_read(GUEST_SEG_SELECTOR(SEG_CS));
	l->ss = vmcs_read(GUEST_SEG_SELECTOR(SEG_SS));
	l->ds = vmcs_read(GUEST_SEG_SELECTOR(SEG_DS));
	l->es = vmcs_read(GUEST_SEG_SELECTOR(SEG_ES));
	l->gdtr.limit = vmcs_read(GUEST_GDTR_LIMIT);
	l->gdtr.base = vmcs_read(GUEST_GDTR_BASE);
	l->idtr.limit = vmcs_read(GUEST_IDTR_LIMIT);
	l->idtr.base = vmcs_read(GUEST_IDTR_BASE);
	__builtin_memcpy(&cpu->arch.leave_frame, regs, sizeof(*regs));
}

/*
 * What an exit does not give back to Linux: FS and GS bases (the exit
 * loaded the host's), SYSENTER as the guest last set them, TR with its
 * own limit (an exit leaves 0x67), EFER without the hypervisor's view.
 */
static void vmx_cpu_exit(struct per_cpu *cpu)
{
	struct vmx_cpu *v = &cpu->arch.vendor.vmx;
	__u64 fs_base = read_msr(MSR_FS_BASE);
	__u64 gs_base = read_msr(MSR_GS_BASE);

	if (v->vmcs_loaded) {
		if (cpu->arch.guest_regs) {
			save_guest_state(cpu);
			fs_base = vmcs_read(GUEST_SEG_BASE(SEG_FS));
			gs_base = vmcs_read(GUEST_SEG_BASE(SEG_GS));
		}
		vmclear(virt_to_phys(v->vmcs));
		v->vmcs_loaded = false;
	}
	if (v->vmxon_done) {
		vmxoff();
		v->vmxon_done = false;
	}
	cpu->arch.vendor_on = false;
	write_msr(MSR_FS_BASE, fs_base);
	write_msr(MSR_GS_BASE, gs_base);
	write_msr(MSR_EFER, cpu->arch.linux.efer);
	desc_linux_tr_load(cpu);
}

static void __attribute__((noreturn)) vmx_activate(struct per_cpu *cpu)
{
	vmcs_init_controls(cpu->cell);
	vmx_launch(cpu);
}

/* ---- parking and reset ---- */

static struct paging_root parking_ept;

static int vmx_init(void)
{
	ept_select();
	return npt_parking_init(&parking_ept);
}

static void set_real_segment(enum vmx_seg seg, __u64 base, __u32 ar)
{
	set_segment(seg, base >> 4, base, REAL_SEG_LIMIT, ar);
}

/* The state after INIT and SIPI, starting at @address (CPU_REQ_RESET). */
static void vmcs_reset_state(__u64 address)
{
	enum vmx_seg seg;

	for (seg = SEG_ES; seg <= SEG_GS; seg++)
		set_real_segment(seg, 0, VMX_AR_REAL_DATA);
	set_real_segment(SEG_CS, address & ~0xfffULL, VMX_AR_REAL_CODE);
	set_real_segment(SEG_LDTR, 0, VMX_AR_LDT);
	set_real_segment(SEG_TR, 0, VMX_AR_TSS_BUSY);
	vmcs_write(GUEST_GDTR_BASE, 0);
	vmcs_write(GUEST_GDTR_LIMIT, REAL_SEG_LIMIT);
	vmcs_write(GUEST_IDTR_BASE, 0);
	vmcs_write(GUEST_IDTR_LIMIT, REAL_SEG_LIMIT);
	vmcs_write(VM_ENTRY_CTLS, vmx.entry & ~ENTRY_IA32E_GUEST);
	vmcs_write(GUEST_IA32_EFER, 0);
	vmcs_write(GUEST_IA32_PAT, RESET_PAT);
	set_cr0(RESET_CR0);
	vmcs_write(GUEST_CR3, 0);
	set_cr4(0);
	vmcs_write(GUEST_DR7, RESET_DR7);
	vmcs_write(GUEST_IA32_DEBUGCTL, 0);
	vmcs_write(GUEST_RSP, 0);
	vmcs_write(GUEST_RIP, address & 0xfff);
	vmcs_write(GUEST_RFLAGS, RESET_RFLAGS);
	vmcs_write(GUEST_SYSENTER_CS, 0);
	vmcs_write(GUEST_SYSENTER_ESP, 0);
	vmcs_write(GUEST_SYSENTER_EIP, 0);
	vmcs_write(GUEST_INTERRUPTIBILITY, 0);
	vmcs_write(GUEST_ACTIVITY_STATE, ACTIVITY_ACTIVE);
	vmcs_write(GUEST_PENDING_DBG_EXCEPTIONS, 0);
	vmcs_write(VM_ENTRY_INTR_INFO, 0);
}

static void vmx_tlb_flush(struct per_cpu *cpu)
{
	invept_single(vmcs_read(EPT_POINTER));
	invvpid_single(vpid_of(cpu->cell));
}

/* IF open for one instruction (NMIs reach the host anyway, see above). */
static void vmx_irq_window(void)
{
	asm volatile("sti; nop; cli" : : : "memory");
}

/*
 * What no VMCS field holds and SVM's reset clears in the VMCB: CR2 and
 * the syscall MSRs (Linux's entry points and per-CPU base) are the
 * guest's as they are in the CPU.
 */
static void guest_regs_clear(void)
{
	write_cr2(0);
	write_msr(MSR_STAR, 0);
	write_msr(MSR_LSTAR, 0);
	write_msr(MSR_CSTAR, 0);
	write_msr(MSR_SFMASK, 0);
	write_msr(MSR_KERNEL_GS_BASE, 0);
}

/*
 * A new cell may reuse an old one's id (VPID) and table pages: nothing
 * cached for either survives the reset.
 */
static void reset_to(struct per_cpu *cpu, __u64 address)
{
	guest_regs_clear();
	vmcs_reset_state(address);
	vmcs_init_cell(cpu->cell);
	vmx_tlb_flush(cpu);
	memset(cpu->arch.guest_regs, 0, sizeof(*cpu->arch.guest_regs));
}

static void vmx_park(struct per_cpu *cpu)
{
	reset_to(cpu, 0);
	vmcs_write(EPT_POINTER, eptp_of(parking_ept.phys));
	invept_single(eptp_of(parking_ept.phys));
}

static void vmx_reset(struct per_cpu *cpu, __u64 address)
{
	reset_to(cpu, address);
}

/* ---- exits ---- */

/* @cpu: the one running; the VMCS is its current one. */
static void vmx_skip_instruction(struct per_cpu *cpu)
{
	(void)cpu;
	__u32 blocking = vmcs_read(GUEST_INTERRUPTIBILITY);

	vmcs_write(GUEST_RIP, vmcs_read(GUEST_RIP) +
		   vmcs_read(VM_EXIT_INSTRUCTION_LEN));
	/* STI or MOV SS shadowed the instruction skipped only. */
	if (blocking & (INTERRUPTIBILITY_STI | INTERRUPTIBILITY_MOV_SS))
		vmcs_write(GUEST_INTERRUPTIBILITY, blocking &
			   ~(INTERRUPTIBILITY_STI | INTERRUPTIBILITY_MOV_SS));
}

/*
 * Every injection: the event's type and vector; whether it delivers an
 * error code follows from them and the guest's CR0 as VM entry checks
 * it (a real-mode guest gets none), whatever the caller passes.
 */
static void inject(__u32 info, __u32 error)
{
	__u32 event = vmx_event_info(info, vmcs_read(GUEST_CR0));

	vmcs_write(VM_ENTRY_INTR_INFO, event);
	if (event & INTR_INFO_ERROR_CODE)
		vmcs_write(VM_ENTRY_EXCEPTION_ERROR, error);
}

static void inject_gp(void)
{
	inject(INTR_TYPE_HW_EXCEPTION | X86_VEC_GP, 0);
}

/*
 * An NMI that was not the hypervisor's goes on to Linux, once the guest
 * can take one; the NMI-window exit brings it back then.
 */
static void vmx_handle_nmi(struct per_cpu *cpu)
{
	__u32 blocking = vmcs_read(GUEST_INTERRUPTIBILITY);

	if (cpu_take_kick(cpu) || !cell_is_root(cpu->cell) || cpu->parked)
		return;
	if (vmx_nmi_must_wait(blocking, vmcs_read(VM_ENTRY_INTR_INFO)))
		vmcs_write(PROC_BASED_CTLS, vmx.proc | PROC_NMI_WINDOW);
	else
		inject(INTR_TYPE_NMI | X86_VEC_NMI, 0);
}

/*
 * entry.S: an NMI hit the hypervisor between exits and is gone. Exit
 * again as soon as the guest runs, and take it then as if it had come
 * there (NMI-window exit).
 */
static void vmx_host_nmi(struct per_cpu *cpu)
{
	if (cpu->arch.vendor.vmx.vmcs_loaded)
		vmcs_write(PROC_BASED_CTLS, vmx.proc | PROC_NMI_WINDOW);
}

/*
 * An exit caused by an NMI leaves NMIs blocked, and with virtual NMIs no
 * VM entry lifts that: only an IRET does. Without one the CPU would never
 * see a kick again (a cell's CPU would not park, nor come back to Linux).
 * An NMI pending now arrives in the hypervisor (vmx_host_nmi()).
 */
static void nmi_unblock(void)
{
	unsigned long tmp;

	asm volatile("mov %%rsp, %0\n\t"
		     "push %1\n\t"
		     "push %0\n\t"
		     "pushf\n\t"
		     "push %2\n\t"
		     "lea 1f(%%rip), %0\n\t"
		     "push %0\n\t"
		     "iretq\n"
		     "1:"
		     : "=&r" (tmp)
		     : "i" (GDT_SEL_DATA), "i" (GDT_SEL_CODE)
		     : "cc", "memory");
}

/* #AC and #DB of a cell: given back, so that it cannot hang the CPU. */
static bool vmx_handle_exception(struct per_cpu *cpu)
{
	__u32 info = vmcs_read(VM_EXIT_INTR_INFO);
	__u32 vector = info & INTR_INFO_VECTOR_MASK;

	if ((info & INTR_INFO_TYPE_MASK) == INTR_TYPE_NMI) {
		nmi_unblock();
		vmx_handle_nmi(cpu);
		return true;
	}
	if ((info & INTR_INFO_TYPE_MASK) != INTR_TYPE_HW_EXCEPTION ||
	    (vector != X86_VEC_AC && vector != X86_VEC_DB))
		return false;
	if (vector == X86_VEC_DB)
		write_dr6(read_dr6() | (vmcs_read(EXIT_QUALIFICATION) &
					DR6_EVENT_BITS));
	inject(info, vmcs_read(VM_EXIT_INTR_ERROR));
	return true;
}

/* An exit that interrupted the delivery of an event: deliver it again. */
static void reinject_vectoring(void)
{
	__u32 info = vmcs_read(IDT_VECTORING_INFO);

	if (!(info & INTR_INFO_VALID))
		return;
	inject(info, vmcs_read(IDT_VECTORING_ERROR));
	if ((info & INTR_INFO_TYPE_MASK) >= INTR_TYPE_SOFT_INTR)
		vmcs_write(VM_ENTRY_INSTRUCTION_LEN,
			   vmcs_read(VM_EXIT_INSTRUCTION_LEN));
}

/* Hypercalls are the guest kernel's; its user space gets -EPERM. */
static void vmx_handle_vmcall(struct per_cpu *cpu)
{
	__u32 cpl = vmcs_read(GUEST_SEG_AR(SEG_SS)) >> VMX_AR_DPL_SHIFT & 3;

	if (cpl == 0) {
		vcpu_handle_hypercall(cpu);
		return;
	}
	cpu->arch.guest_regs->rax = -EPERM;
	vmx_skip_instruction(cpu);
}

static bool vmx_handle_io(struct per_cpu *cpu)
{
	__u64 qual = vmcs_read(EXIT_QUALIFICATION);
	struct vcpu_io io = {
		.port = qual >> IO_QUAL_PORT_SHIFT,
		.size = (qual & IO_QUAL_SIZE_MASK) + 1,
		.in = qual & IO_QUAL_IN,
		.string = qual & (IO_QUAL_STRING | IO_QUAL_REP),
	};

	if (!vcpu_handle_io(cpu, &io))
		return false;
	vmx_skip_instruction(cpu);
	return true;
}

/* EFER lives in the VMCS; LMA follows CR0.PG there (set_cr0()). */
static void vmx_handle_efer(struct per_cpu *cpu, bool write)
{
	struct guest_regs *regs = cpu->arch.guest_regs;
	__u64 efer = vmcs_read(GUEST_IA32_EFER);
	__u64 value;

	if (write) {
		value = (regs->rdx << 32) | (__u32)regs->rax;
		vmcs_write(GUEST_IA32_EFER, (value & EFER_GUEST_BITS) |
			   (efer & EFER_LMA));
	} else {
		regs->rax = (__u32)efer;
		regs->rdx = efer >> 32;
	}
	vmx_skip_instruction(cpu);
}

static bool vmx_handle_msr(struct per_cpu *cpu, bool write)
{
	struct guest_regs *regs = cpu->arch.guest_regs;
	struct vcpu_msr msr = {
		.index = regs->rcx,
		.write = write,
	};

	if (msr.index == MSR_EFER) {
		vmx_handle_efer(cpu, write);
		return true;
	}
	switch (vcpu_handle_msr(cpu, &msr)) {
	case VCPU_MSR_DONE:
		vmx_skip_instruction(cpu);
		return true;
	case VCPU_MSR_FAULT:
		inject_gp();
		return true;
	default:
		return false;
	}
}

/*
 * PAE paging (CR0.PG and CR4.PAE without long mode) reads the four PDPTEs
 * at CR3 when a MOV to CR0 or CR4 turns it on; with EPT, VM entry takes
 * them from the VMCS instead, so an emulated MOV loads them there.
 * Return: 0; -EINVAL if a present one has a reserved bit set (the MOV
 * faults, #GP); -EFAULT if the table is not the cell's to read.
 */
static int load_pdptes(struct per_cpu *cpu)
{
	__u64 reserved = PDPTE_RESERVED | ~0ULL << arch_phys_addr_bits();
	__u64 cr4 = vmcs_read(GUEST_CR4), pdpte[4];
	unsigned int n;
	int err;

	if (!(vmcs_read(GUEST_CR0) & X86_CR0_PG) || !(cr4 & X86_CR4_PAE) ||
	    vmcs_read(GUEST_IA32_EFER) & EFER_LMA)
		return 0;
	err = read_guest_phys(cpu, vmcs_read(GUEST_CR3) & PDPT_ADDR_MASK,
			      pdpte, sizeof(pdpte));
	if (err)
		return -EFAULT;
	for (n = 0; n < 4; n++)
		if (pdpte[n] & PTE_PRESENT && pdpte[n] & reserved)
			return -EINVAL;
	for (n = 0; n < 4; n++)
		vmcs_write(GUEST_PDPTE0 + 2 * n, pdpte[n]);
	return 0;
}

/* The state a MOV to CR0 or CR4 is checked against (cr-rules.c). */
static struct cr_state guest_cr_state(void)
{
	__u64 efer = vmcs_read(GUEST_IA32_EFER);

	return (struct cr_state){
		.cr0 = guest_cr(GUEST_CR0, CR0_READ_SHADOW, vmx.cr0_mask),
		.cr3 = vmcs_read(GUEST_CR3),
		.cr4 = guest_cr(GUEST_CR4, CR4_READ_SHADOW, vmx.cr4_mask),
		.efer = efer,
		.mode64 = (efer & EFER_LMA) &&
			  (vmcs_read(GUEST_SEG_AR(SEG_CS)) & VMX_AR_LONG),
	};
}

/*
 * The value a MOV to CR0 or CR4 loads, if the CPU would take it (else
 * #GP, the register unchanged, for the root as for cells: the VM entry
 * would fail on it); CR4.VMXE is not the guest's (#GP, as without VMX).
 * Outside 64-bit mode the operand is the register's low half.
 * Return: whether @value may be loaded; @value as loaded.
 */
static bool cr_write_valid(const struct cr_state *s, unsigned int cr,
			   __u64 *value)
{
	if (!s->mode64)
		*value = (__u32)*value;
	if (cr == 0) {
		*value = cr0_value(*value);
		return cr0_write_valid(s, *value);
	}
	return cr4_write_valid(s, *value, vmx.cr4_fixed1 & ~X86_CR4_VMXE);
}

/*
 * MOV to CR0 or CR4 that touched a bit the hypervisor owns: fixed bits
 * stay as VMX needs them behind the read shadow, CR0.PG switches long
 * mode.
 */
static bool vmx_handle_cr(struct per_cpu *cpu)
{
	__u64 qual = vmcs_read(EXIT_QUALIFICATION);
	unsigned int reg = (qual & CR_QUAL_REG_MASK) >> CR_QUAL_REG_SHIFT;
	unsigned int cr = qual & CR_QUAL_NUM_MASK;
	struct cr_state s = guest_cr_state();
	__u64 value;
	int err;

	if ((qual & CR_QUAL_TYPE_MASK) >> CR_QUAL_TYPE_SHIFT != CR_QUAL_MOV_TO ||
	    (cr != 0 && cr != 4))
		return false;
	value = reg == CR_QUAL_REG_RSP ? vmcs_read(GUEST_RSP) :
		*vcpu_guest_reg(cpu->arch.guest_regs, reg);
	if (!cr_write_valid(&s, cr, &value)) {
		inject_gp();
		return true;
	}
	if (cr == 0)
		set_cr0(value);
	else
		set_cr4(value);
	err = load_pdptes(cpu);
	if (err == -EINVAL) {
		/* The MOV did not happen. */
		set_cr0(s.cr0);
		set_cr4(s.cr4);
		inject_gp();
		return true;
	}
	if (!err)
		vmx_skip_instruction(cpu);
	return !err;
}

/*
 * XCR0 as the CPU would accept it (cpuid-policy.c); anything else is
 * #GP, as natively. Without CR4.OSXSAVE in the host (Linux may boot
 * without XSAVE, as it does in Bochs) XSETBV would raise #UD in the
 * hypervisor: the guest gets #GP instead.
 */
static bool guest_xcr0_valid(__u64 value)
{
	struct cpuid_regs r;

	if (!(read_cr4() & X86_CR4_OSXSAVE))
		return false;
	cpuid(CPUID_XSAVE, 0, &r);
	return xcr0_valid(value, r.eax | (__u64)r.edx << 32);
}

/* XSETBV reads ECX only. */
static void vmx_handle_xsetbv(struct per_cpu *cpu)
{
	struct guest_regs *regs = cpu->arch.guest_regs;
	__u64 value = (regs->rdx << 32) | (__u32)regs->rax;

	if ((__u32)regs->rcx != 0 || !guest_xcr0_valid(value)) {
		inject_gp();
		return;
	}
	guest_xsetbv(value);
	vmx_skip_instruction(cpu);
}

static void report_exit(struct per_cpu *cpu, __u32 reason)
{
	if ((reason & VMX_EXIT_REASON_MASK) == VMX_EXIT_EPT_VIOLATION)
		printk("CPU %u: cell \"%s\": access to 0x%llx outside its "
		       "memory (qualification 0x%llx), rip 0x%llx\n",
		       cpu->cpu_id, cpu->cell->config->name,
		       vmcs_read(GUEST_PHYSICAL_ADDRESS),
		       vmcs_read(EXIT_QUALIFICATION), vmcs_read(GUEST_RIP));
	else
		printk("CPU %u: cell \"%s\": unhandled exit %u%s, "
		       "qualification 0x%llx, rip 0x%llx\n", cpu->cpu_id,
		       cpu->cell->config->name,
		       reason & VMX_EXIT_REASON_MASK,
		       reason & VMX_EXIT_ENTRY_FAILED ?
		       " (VM entry failed: invalid guest state)" : "",
		       vmcs_read(EXIT_QUALIFICATION), vmcs_read(GUEST_RIP));
}

/* The root goes on from a refused access (mmio_root_refused()). */
static bool vmx_root_refused(struct per_cpu *cpu,
			     const struct mmio_guest *guest, bool data)
{
	int len = mmio_root_refused(cpu, guest, data);

	if (len == -EINVAL)
		inject_gp();
	else if (len >= 0)
		vmcs_write(GUEST_RIP, vmcs_read(GUEST_RIP) + len);
	return len != -EPERM;
}

/*
 * Only the pages the hypervisor emulates are left out of the EPT tables
 * on purpose, for data accesses; code or page tables there are refused.
 */
static bool vmx_handle_ept_violation(struct per_cpu *cpu, __u32 reason)
{
	__u64 qual = vmcs_read(EXIT_QUALIFICATION);
	__u64 efer = vmcs_read(GUEST_IA32_EFER);
	struct mmio_guest guest = {
		.cr0 = guest_cr(GUEST_CR0, CR0_READ_SHADOW, vmx.cr0_mask),
		.cr3 = vmcs_read(GUEST_CR3),
		.cr4 = vmcs_read(GUEST_CR4),
		.efer = efer,
		.rip_linear = vmcs_read(GUEST_SEG_BASE(SEG_CS)) +
			      vmcs_read(GUEST_RIP),
		.rflags = vmcs_read(GUEST_RFLAGS),
		.code64 = (efer & EFER_LMA) &&
			  (vmcs_read(GUEST_SEG_AR(SEG_CS)) & VMX_AR_LONG),
		.gpa = vmcs_read(GUEST_PHYSICAL_ADDRESS),
		.write = qual & EPT_QUAL_WRITE,
	};
	mmio_access_t access = mmio_handler_of(cpu->cell, guest.gpa);
	/* Event delivery (IDT, stack) touching the page is no instruction. */
	bool data = !(qual & EPT_QUAL_FETCH ||
		      (qual & EPT_QUAL_LINEAR_VALID &&
		       !(qual & EPT_QUAL_TRANSLATED)) ||
		      vmcs_read(IDT_VECTORING_INFO) & INTR_INFO_VALID);
	unsigned int len = access && data ? mmio_handle(cpu, &guest, access) :
			   0;

	if (!len && cell_is_root(cpu->cell))
		return vmx_root_refused(cpu, &guest, data);
	if (!access || !data) {
		report_exit(cpu, reason);
		return false;
	}
	if (!len) {
		printk("CPU %u: cell \"%s\": device access at 0x%llx "
		       "refused or not emulated, rip 0x%llx\n", cpu->cpu_id,
		       cpu->cell->config->name, guest.gpa,
		       vmcs_read(GUEST_RIP));
		return false;
	}
	vmcs_write(GUEST_RIP, vmcs_read(GUEST_RIP) + len);
	return true;
}

static bool dispatch_exit(struct per_cpu *cpu, __u32 reason)
{
	switch (reason) {
	case VMX_EXIT_EXCEPTION_NMI:
		return vmx_handle_exception(cpu);
	case VMX_EXIT_NMI_WINDOW:
		vmcs_write(PROC_BASED_CTLS, vmx.proc);
		vmx_handle_nmi(cpu);
		return true;
	case VMX_EXIT_VMCALL:
		vmx_handle_vmcall(cpu);
		return true;
	case VMX_EXIT_CPUID:
		vcpu_handle_cpuid(cpu);
		return true;
	case VMX_EXIT_IO:
		return vmx_handle_io(cpu);
	case VMX_EXIT_RDMSR:
	case VMX_EXIT_WRMSR:
		return vmx_handle_msr(cpu, reason == VMX_EXIT_WRMSR);
	case VMX_EXIT_EPT_VIOLATION:
		return vmx_handle_ept_violation(cpu, reason);
	case VMX_EXIT_CR_ACCESS:
		return vmx_handle_cr(cpu);
	case VMX_EXIT_XSETBV:
		vmx_handle_xsetbv(cpu);
		return true;
	case VMX_EXIT_INVD:
	case VMX_EXIT_WBINVD:
		vcpu_handle_cache_flush(cpu);
		return true;
	case VMX_EXIT_INIT:
		apic_init_received(cpu);
		return true;
	default:
		report_exit(cpu, reason);
		return false;
	}
}

void vmx_handle_exit(struct per_cpu *cpu, struct guest_regs *regs)
{
	__u32 reason = vmcs_read(VM_EXIT_REASON);
	__u64 detail = (reason & VMX_EXIT_REASON_MASK) ==
		       VMX_EXIT_EPT_VIOLATION ?
		       vmcs_read(GUEST_PHYSICAL_ADDRESS) : regs->rcx;

	__u64 rip = vmcs_read(GUEST_RIP);
	bool handled;

	cpu->arch.guest_regs = regs;
	vmexit_stats_count(&cpu->stats, vmx_exit_stat(reason, detail));
	reinject_vectoring();
	handled = dispatch_exit(cpu, reason);
	/* The root's instruction that exited faults as natively. */
	if (guest_insn_faulted(cpu)) {
		if (cell_is_root(cpu->cell)) {
			vmcs_write(GUEST_RIP, rip);
			inject_gp();
		}
	} else if (!handled) {
		cpu_guest_failed(cpu, "the guest's last exit cannot be handled");
	}
	cpu_handle_requests(cpu);
	cpu->arch.guest_regs = NULL;
}

static const char *entry_error_name(__u32 error)
{
	switch (error) {
	case VMX_ERR_ENTRY_CONTROLS:
		return "invalid control field";
	case VMX_ERR_ENTRY_HOST_STATE:
		return "invalid host-state field";
	default:
		return "see the SDM's VM-instruction error numbers";
	}
}

/*
 * vmx-run.S: VMLAUNCH (@regs NULL) or VMRESUME failed. A non-root cell's
 * CPU fails its cell and parks (a fresh guest state, nothing to inject),
 * so that the cell stays destroyable; the root's CPU, Linux's first
 * entry or a parked state that does not enter is stopped.
 */
void vmx_entry_failed(struct per_cpu *cpu, struct guest_regs *regs)
{
	__u32 error = vmcs_read(VM_INSTRUCTION_ERROR);

	printk("CPU %u: VM entry failed: VM-instruction error %u (%s)\n",
	       cpu->cpu_id, error, entry_error_name(error));
	if (!regs || cell_is_root(cpu->cell) || cpu->parked)
		cpu_fail(cpu, "VM entry failed");
	cpu->arch.guest_regs = regs;
	cpu_guest_failed(cpu, "VM entry failed");
	cpu->arch.guest_regs = NULL;
}

const struct vcpu_vendor_ops vmx_ops = {
	.name = "vmx",
	.probe = vmx_probe,
	.cell_init = vmx_cell_init,
	.cell_exit = npt_cell_exit,
	.cpu_init = vmx_cpu_init,
	.cpu_exit = vmx_cpu_exit,
	.activate = vmx_activate,
	.skip_instruction = vmx_skip_instruction,
	.init = vmx_init,
	.park = vmx_park,
	.reset = vmx_reset,
	.host_nmi = vmx_host_nmi,
	.tlb_flush = vmx_tlb_flush,
	.irq_window = vmx_irq_window,
	.map_memory = npt_map_memory,
	.unmap_memory = npt_unmap_memory,
};
