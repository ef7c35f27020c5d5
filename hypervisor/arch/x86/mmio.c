// SPDX-License-Identifier: GPL-2.0
/*
 * MMIO exits of asm/mmio.h. The instruction is fetched at the guest's
 * RIP through its own page tables (none, or 4/5-level long mode; other
 * modes are refused), and every guest-physical address on the way is
 * translated through the cell's nested tables, so the hypervisor reads
 * nothing the cell could not read itself. Each CPU reads through its own
 * 2 MiB window in the page directory that holds the hypervisor (no table
 * is allocated), remapped only when the block changes.
 */
#include <jailhouse/access-size.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/errno.h>
#include <jailhouse/header.h>
#include <jailhouse/ivshmem.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <jailhouse/remap.h>
#include <jailhouse/string.h>
#include <asm/apic.h>
#include <asm/ioapic.h>
#include <asm/mmio-decode.h>
#include <asm/mmio.h>
#include <asm/msix.h>
#include <asm/vcpu.h>
#include <asm/pci.h>
#include <asm/processor.h>

#include "config.h"

/*
 * Above the first 256 MiB of Linux's module space, where the loader maps
 * its trampoline at the module's own address, and below the xAPIC and
 * remap windows (ipi.c, remap.c).
 */
#define WINDOW_BASE		(JAILHOUSE_BASE - 0x20000000UL)
#define PT_INDEX_MASK		0x1ff
#define X86_RFLAGS_DF		(1UL << 10)

/* Each CPU's window onto guest memory, read-only. */
static struct remap_window windows[APIC_MAX_CPUS];

static const void *window_map(unsigned int cpu_id, __u64 hpa)
{
	struct remap_window *win = &windows[cpu_id];

	win->virt = WINDOW_BASE + cpu_id * PAGING_HUGE_SIZE;
	win->flags = PAGING_READ;
	return remap_window(win, hpa);
}

int read_guest_phys(struct per_cpu *cpu, __u64 gpa, void *buf,
			   unsigned int len)
{
	unsigned int flags;
	const void *src;
	__u64 hpa;

	if (cpu->cpu_id >= APIC_MAX_CPUS ||
	    paging_translate(&npt_paging, &cpu->cell->arch.npt, gpa, &hpa,
			     &flags) || !(flags & PAGING_READ))
		return -EFAULT;
	src = window_map(cpu->cpu_id, hpa);
	if (!src)
		return -ENOMEM;
	memcpy(buf, src, len);
	return 0;
}

static int linear_to_phys(struct per_cpu *cpu, const struct mmio_guest *g,
			  __u64 linear, __u64 *gpa)
{
	unsigned int level = g->cr4 & X86_CR4_LA57 ? 5 : 4, shift;
	__u64 table = g->cr3 & PTE_ADDR_MASK, entry, mask;

	if (!(g->cr0 & X86_CR0_PG)) {
		*gpa = linear & 0xffffffff;
		return 0;
	}
	if (!(g->efer & EFER_LMA))
		return -EINVAL;
	for (; level; level--) {
		shift = 12 + 9 * (level - 1);
		if (read_guest_phys(cpu, table + ((linear >> shift) &
						  PT_INDEX_MASK) * 8,
				    &entry, sizeof(entry)))
			return -EFAULT;
		if (!(entry & PTE_PRESENT))
			return -ENOENT;
		mask = (1ULL << shift) - 1;
		if (level == 1 || (level <= 3 && (entry & PTE_HUGE))) {
			*gpa = (entry & PTE_ADDR_MASK & ~mask) |
			       (linear & mask);
			return 0;
		}
		table = entry & PTE_ADDR_MASK;
	}
	return -EINVAL;
}

/* Up to MMIO_MAX_INSN bytes at RIP; fewer where a page is missing. */
static unsigned int fetch(struct per_cpu *cpu, const struct mmio_guest *g,
			  __u8 *code)
{
	unsigned int got = 0, chunk;
	__u64 linear, gpa;

	while (got < MMIO_MAX_INSN) {
		linear = g->rip_linear + got;
		chunk = PAGE_SIZE - (linear & (PAGE_SIZE - 1));
		if (chunk > MMIO_MAX_INSN - got)
			chunk = MMIO_MAX_INSN - got;
		if (linear_to_phys(cpu, g, linear, &gpa) ||
		    read_guest_phys(cpu, gpa, code + got, chunk))
			break;
		got += chunk;
	}
	return got;
}

/* Where in the register the access lands: bit 8 for AH-BH, else 0. */
static unsigned int reg_shift(const struct mmio_insn *insn)
{
	return insn->high_byte ? 8 : 0;
}

static __u32 store_value(const struct mmio_insn *insn, const __u64 *reg)
{
	if (!reg)
		return insn->imm & access_size_mask(insn->size);
	return (*reg >> reg_shift(insn)) & access_size_mask(insn->size);
}

/* As the CPU would: 32-bit and MOVZX loads clear the upper half too. */
static void load_result(const struct mmio_insn *insn, __u64 *reg,
			__u32 value)
{
	__u64 mask = (__u64)access_size_mask(insn->size) << reg_shift(insn);

	value &= access_size_mask(insn->size);
	if (insn->zero_extend)
		*reg = value;
	else
		*reg = (*reg & ~mask) | ((__u64)value << reg_shift(insn));
}

unsigned int mmio_handle(struct per_cpu *cpu, const struct mmio_guest *guest,
			 mmio_access_t access)
{
	struct guest_regs *regs = cpu->arch.guest_regs;
	__u8 code[MMIO_MAX_INSN];
	struct mmio_insn insn;
	__u64 *reg = NULL;
	__u32 value;

	if (mmio_decode(code, fetch(cpu, guest, code), guest->code64, &insn) ||
	    insn.size > sizeof(__u32) || guest->gpa & (insn.size - 1))
		return 0;
	if (insn.reg != MMIO_REG_NONE) {
		reg = vcpu_guest_reg(regs, insn.reg);
		if (!reg)
			return 0;
	}
	value = insn.write ? store_value(&insn, reg) : 0;
	if (!access(cpu, guest->gpa, insn.size, insn.write, &value))
		return 0;
	if (!insn.write)
		load_result(&insn, reg, value);
	return insn.len;
}

/* A MOV: loads read all ones of their width, stores are dropped. */
static int root_mov_aborted(struct per_cpu *cpu, const __u8 *code,
			    unsigned int avail, bool code64)
{
	struct mmio_insn insn;
	__u64 *reg;

	if (mmio_decode(code, avail, code64, &insn))
		return -EINVAL;
	if (insn.write)
		return insn.len;
	reg = vcpu_guest_reg(cpu->arch.guest_regs, insn.reg);
	if (!reg)
		return -EINVAL;
	if (insn.size == sizeof(__u64))
		*reg = ~0ULL;
	else
		load_result(&insn, reg, ~0U);
	return insn.len;
}

/*
 * A MOVS or STOS write: the elements in the faulting page are dropped, as
 * if written; with elements left, RIP stays and the string goes on, as
 * after an interrupt. 64-bit code only: RDI, RSI and RCX are used whole.
 */
static int root_string_dropped(struct per_cpu *cpu,
			       const struct mmio_guest *g, const __u8 *code,
			       unsigned int avail)
{
	struct guest_regs *regs = cpu->arch.guest_regs;
	bool down = g->rflags & X86_RFLAGS_DF;
	struct mmio_string str;
	__u64 count, bytes;

	if (!g->write || !g->code64 ||
	    mmio_decode_string(code, avail, true, &str))
		return -EINVAL;
	count = mmio_string_skip(&str, regs->rdi, regs->rcx, down);
	bytes = count * str.size;
	regs->rdi += down ? -bytes : bytes;
	if (str.movs)
		regs->rsi += down ? -bytes : bytes;
	if (str.rep)
		regs->rcx -= count;
	return str.rep && regs->rcx ? 0 : (int)str.len;
}

static void log_root_refused(const struct per_cpu *cpu,
			     const struct mmio_guest *g, int len)
{
	if (len == -EPERM)
		printk("CPU %u: root cell: fetch, page walk or event delivery "
		       "at 0x%llx, outside its memory, rip 0x%llx: no "
		       "instruction to complete, the CPU stops\n",
		       cpu->cpu_id, g->gpa, g->rip_linear);
	else if (refusal_log_pass())
		printk("CPU %u: root cell: %s 0x%llx refused, rip 0x%llx: "
		       "%s\n", cpu->cpu_id, g->write ? "write to" : "read of",
		       g->gpa, g->rip_linear, len < 0 ?
		       "no MOV, MOVS or STOS, #GP injected" :
		       g->write ? "dropped" : "all ones");
}

int mmio_root_refused(struct per_cpu *cpu, const struct mmio_guest *guest,
		      bool data)
{
	__u8 code[MMIO_MAX_INSN];
	unsigned int avail;
	int len = -EPERM;

	if (data) {
		avail = fetch(cpu, guest, code);
		len = root_mov_aborted(cpu, code, avail, guest->code64);
		if (len < 0)
			len = root_string_dropped(cpu, guest, code, avail);
		cpu->stats.count[JAILHOUSE_CPU_STAT_ROOT_REFUSED]++;
	}
	log_root_refused(cpu, guest, len);
	return len;
}

bool mmio_emulated_range(unsigned int n, __u64 *start, __u64 *size)
{
	unsigned int num_ioapics = system_config->platform.num_ioapics;

	*size = PAGE_SIZE;
	if (n == 0)
		*start = apic_page_phys();
	else if (n == 1)
		pci_mmcfg_range(start, size);
	else if (n - 2 < num_ioapics)
		*start = system_config->platform.ioapics[n - 2].address;
	else
		return msix_emulated_range(n - 2 - num_ioapics, start, size);
	return true;
}

mmio_access_t mmio_handler_of(const struct cell *cell, __u64 gpa)
{
	if ((gpa & ~(__u64)(PAGE_SIZE - 1)) == apic_page_phys())
		return apic_mmio_access;
	if (ioapic_of(gpa) >= 0)
		return ioapic_mmio_access;
	if (pci_mmcfg_contains(gpa))
		return pci_mmcfg_access;
	if (ivshmem_mmio_claims(cell, gpa))
		return ivshmem_mmio_access;
	if (msix_mmio_claims(gpa))
		return msix_mmio_access;
	return NULL;
}
