// SPDX-License-Identifier: GPL-2.0
/*
 * The hypervisor's own descriptor tables: a GDT and a TSS per CPU, one
 * IDT for all. Every exception in the hypervisor is a bug and ends in
 * panic_stop() (but NMI, see entry.S), except a fault of an instruction
 * executing a guest's value (asm/guest-insn.h); #DF and #MC run on a
 * stack of their own. External interrupts return at once (apic_clear()).
 * The tables are loaded first thing on entry, the TSS once Linux's TR is
 * saved.
 */
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/header.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <asm/desc.h>
#include <asm/guest-insn.h>
#include <asm/processor.h>
#include <asm/vcpu.h>

#define GDT_CODE64		0x00af9b000000ffffULL
#define GDT_DATA		0x00cf93000000ffffULL
#define GDT_TSS_TYPE		0x89ULL	/* present, 64-bit TSS, available */
#define IDT_INTERRUPT_GATE	0x8e
#define EXCEPTION_STUB_SIZE	16

struct idt_gate {
	__u16 offset0;
	__u16 selector;
	__u8 ist;
	__u8 type;
	__u16 offset1;
	__u32 offset2;
	__u32 reserved;
} __attribute__((packed));

/* The stack exception_common hands over. */
struct exception_frame {
	__u64 vector, error, rip, cs, rflags, rsp, ss;
};

#define IDT_VECTORS		256

extern const char exception_entries[];
extern const char interrupt_entry[];
extern const char __image_end[];
extern const char guest_wrmsr_insn[], guest_wrmsr_done[];
extern const char guest_xsetbv_insn[], guest_xsetbv_done[];
void exception_handler(struct exception_frame *frame);

/* guest-insn.S: each instruction and where to resume if it faults. */
static const struct {
	const char *insn, *resume;
} fixups[] = {
	{ guest_wrmsr_insn, guest_wrmsr_done },
	{ guest_xsetbv_insn, guest_xsetbv_done },
};

/*
 * The drain IDT: a guest may leave any vector pending (an LVT, an ICR,
 * an MSI of its own: 16-31, and under QEMU's TCG, which does not refuse
 * illegal vectors, 0-15 too), and through the exception stubs it would
 * be taken for an exception, some with an error code the interrupt did
 * not push. The windows that take them are one NOP long and raise no
 * exception: every vector but NMI is the interrupt stub there. A machine
 * check in the window (18) stays in the banks, where Linux's polling
 * finds it.
 */
static struct idt_gate idt[IDT_VECTORS], drain_idt[IDT_VECTORS];

/* #DF and #MC must work on a broken stack. NMI has no IST: it may come
 * before the hypervisor's TSS is loaded. */
static bool uses_ist(unsigned int vector)
{
	return vector == X86_VEC_DF || vector == X86_VEC_MC;
}

static struct idt_gate idt_gate(unsigned int vector, bool drain)
{
	bool exception = drain ? vector == X86_VEC_NMI :
				 vector < X86_NUM_EXCEPTIONS;
	unsigned long handler = exception ?
		(unsigned long)exception_entries +
		vector * EXCEPTION_STUB_SIZE : (unsigned long)interrupt_entry;

	return (struct idt_gate){
		.offset0 = handler,
		.selector = GDT_SEL_CODE,
		.ist = exception && uses_ist(vector) ? IST_FAULT : 0,
		.type = IDT_INTERRUPT_GATE,
		.offset1 = handler >> 16,
		.offset2 = handler >> 32,
	};
}

static void idt_init(void)
{
	unsigned int vec;

	for (vec = 0; vec < IDT_VECTORS; vec++) {
		idt[vec] = idt_gate(vec, false);
		drain_idt[vec] = idt_gate(vec, true);
	}
}

static void idt_load(struct idt_gate *table)
{
	struct desc_table_reg idtr = {
		.limit = sizeof(idt) - 1,
		.base = (unsigned long)table,
	};

	write_idtr(&idtr);
}

void desc_drain_idt_load(bool drain)
{
	idt_load(drain ? drain_idt : idt);
}

/* An available 64-bit TSS descriptor, byte granular (limit < 1 MiB). */
static void gdt_set_tss(__u64 *gdt, __u16 sel, __u64 base, __u32 limit)
{
	gdt[sel / 8] = (limit & 0xffffULL) | ((base & 0xffffffULL) << 16) |
		       (GDT_TSS_TYPE << 40) |
		       ((__u64)(limit >> 16 & 0xf) << 48) |
		       ((base >> 24 & 0xff) << 56);
	gdt[sel / 8 + 1] = base >> 32;
}

void desc_tables_load(struct per_cpu *cpu)
{
	struct arch_per_cpu *arch = &cpu->arch;
	struct desc_table_reg gdtr = {
		.limit = sizeof(arch->gdt) - 1,
		.base = (unsigned long)arch->gdt,
	};

	idt_init();
	arch->gdt[GDT_SEL_CODE / 8] = GDT_CODE64;
	arch->gdt[GDT_SEL_DATA / 8] = GDT_DATA;
	arch->tss.ist[IST_FAULT - 1] = (unsigned long)arch->fault_stack +
				       sizeof(arch->fault_stack);
	arch->tss.iomap_base = sizeof(arch->tss);
	gdt_set_tss(arch->gdt, GDT_SEL_TSS, (unsigned long)&arch->tss,
		    sizeof(arch->tss) - 1);
	write_gdtr(&gdtr);
	idt_load(idt);
}

void desc_tss_load(void)
{
	asm volatile("ltr %w0" : : "r" (GDT_SEL_TSS));
}

int desc_linux_tr_check(const struct per_cpu *cpu)
{
	const struct linux_state *linux = &cpu->arch.linux;
	unsigned int index = linux->tr / 8;

	if (!index || linux->tr & 7 || index + 1 >= GDT_ENTRIES ||
	    index == GDT_SEL_CODE / 8 || index == GDT_SEL_DATA / 8 ||
	    linux->tr_limit > 0xfffff)
		return -EINVAL;
	return 0;
}

void desc_linux_tr_load(struct per_cpu *cpu)
{
	const struct linux_state *linux = &cpu->arch.linux;

	gdt_set_tss(cpu->arch.gdt, linux->tr, linux->tr_base,
		    linux->tr_limit);
	asm volatile("ltr %w0" : : "r" (linux->tr));
}

struct per_cpu *desc_cpu_of_stack(const void *sp)
{
	return per_cpu(((unsigned long)sp - (unsigned long)__image_end) /
		       hypervisor_header.percpu_size);
}

/*
 * A #GP or #UD of a guest instruction while its CPU handles an exit:
 * noted, and the instruction skipped. Return: false if not the case.
 */
static bool guest_insn_fixup(struct exception_frame *frame)
{
	struct per_cpu *cpu = desc_cpu_of_stack(frame);
	unsigned int n;

	if ((frame->vector != X86_VEC_GP && frame->vector != X86_VEC_UD) ||
	    !cpu || !cpu->arch.guest_regs)
		return false;
	for (n = 0; n < sizeof(fixups) / sizeof(fixups[0]); n++)
		if (frame->rip == (unsigned long)fixups[n].insn) {
			frame->rip = (unsigned long)fixups[n].resume;
			cpu->arch.guest_insn_fault = frame->vector;
			return true;
		}
	return false;
}

bool guest_insn_faulted(struct per_cpu *cpu)
{
	unsigned int vector = cpu->arch.guest_insn_fault;

	if (!vector)
		return false;
	cpu->arch.guest_insn_fault = 0;
	if (!cell_is_root(cpu->cell)) {
		cpu_guest_failed(cpu, vector == X86_VEC_GP ?
				 "a value it chose faulted (#GP) in the hypervisor" :
				 "a value it chose faulted (#UD) in the hypervisor");
		return true;
	}
	if (refusal_log_pass())
		printk("CPU %u: cell \"%s\": a value it chose faulted "
		       "(vector %u) in the hypervisor: #GP\n", cpu->cpu_id,
		       cpu->cell->config->name, vector);
	return true;
}

/* entry.S: returns only after a fixup, to resume where it says. */
void exception_handler(struct exception_frame *frame)
{
	if (guest_insn_fixup(frame))
		return;
	panic_stop("exception %llu (error 0x%llx) at rip 0x%llx, rsp 0x%llx, "
		   "cr2 0x%lx\n", frame->vector, frame->error, frame->rip,
		   frame->rsp, read_cr2());
}
