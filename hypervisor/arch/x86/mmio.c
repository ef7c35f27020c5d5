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
#include <jailhouse/cell.h>
#include <jailhouse/errno.h>
#include <jailhouse/header.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/string.h>
#include <asm/apic.h>
#include <asm/mmio.h>
#include <asm/processor.h>

/*
 * Above the first 256 MiB of Linux's module space, where the loader maps
 * its trampoline at the module's own address, and below the xAPIC and
 * remap windows (ipi.c, remap.c).
 */
#define WINDOW_BASE		(JAILHOUSE_BASE - 0x20000000UL)
#define WINDOW_VALID		1ULL
#define HUGE_MASK		(PAGING_HUGE_SIZE - 1)
#define PT_INDEX_MASK		0x1ff

/* The block each CPU's window shows, | WINDOW_VALID. */
static __u64 window_block[APIC_MAX_CPUS];

static inline void invlpg(unsigned long addr)
{
	asm volatile("invlpg (%0)" : : "r" (addr) : "memory");
}

static const void *window_map(unsigned int cpu_id, __u64 hpa)
{
	struct paging_root root = { .phys = read_cr3() & PTE_ADDR_MASK };
	unsigned long slot = WINDOW_BASE + cpu_id * PAGING_HUGE_SIZE;
	__u64 block = hpa & ~HUGE_MASK;

	if (window_block[cpu_id] != (block | WINDOW_VALID)) {
		root.table = phys_to_virt(root.phys);
		if (window_block[cpu_id])
			paging_unmap(&hv_paging, &root, slot,
				     PAGING_HUGE_SIZE);
		window_block[cpu_id] = 0;
		if (paging_map(&hv_paging, &root, slot, block,
			       PAGING_HUGE_SIZE, PAGING_READ | PAGING_HUGE))
			return NULL;
		invlpg(slot);
		window_block[cpu_id] = block | WINDOW_VALID;
	}
	return (const void *)(slot + (hpa & HUGE_MASK));
}

/* @len bytes at @gpa, within one page, if the cell may read them. */
static int read_guest_phys(struct per_cpu *cpu, __u64 gpa, void *buf,
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

/* Guest register @n (0 = RAX ... 15 = R15); RSP lives in the VMCB. */
static __u64 *guest_reg(struct guest_regs *r, __u8 n)
{
	__u64 *const regs[16] = {
		&r->rax, &r->rcx, &r->rdx, &r->rbx, NULL, &r->rbp, &r->rsi,
		&r->rdi, &r->r8, &r->r9, &r->r10, &r->r11, &r->r12, &r->r13,
		&r->r14, &r->r15,
	};

	return n < 16 ? regs[n] : NULL;
}

unsigned int mmio_handle_apic(struct per_cpu *cpu,
			      const struct mmio_guest *guest)
{
	struct guest_regs *regs = cpu->arch.guest_regs;
	__u8 code[MMIO_MAX_INSN];
	struct mmio_insn insn;
	__u64 *reg = NULL;
	__u32 value;

	if (guest->gpa & 3 ||
	    mmio_decode(code, fetch(cpu, guest, code), guest->code64, &insn))
		return 0;
	if (insn.reg != MMIO_REG_NONE) {
		reg = guest_reg(regs, insn.reg);
		if (!reg)
			return 0;
	}
	value = reg ? (__u32)*reg : insn.imm;
	if (!apic_mmio_access(cpu, guest->gpa & (PAGE_SIZE - 1), insn.write,
			      &value))
		return 0;
	if (!insn.write)
		*reg = value;
	return insn.len;
}
