// SPDX-License-Identifier: GPL-2.0
/*
 * NMIs to other CPUs; see asm/ipi.h. In xAPIC mode the hypervisor maps
 * the APIC page once, in a 2 MiB page of its own page directory (no table
 * is allocated). The ICR belongs to the guest between exits: the high
 * half is restored after use, so that a guest interrupted between its
 * two ICR writes still sends where it meant to.
 */
#include <jailhouse/header.h>
#include <jailhouse/mem.h>
#include <asm/apic.h>
#include <asm/ipi.h>
#include <asm/processor.h>

#define MSR_X2APIC_APICID	0x802
#define MSR_X2APIC_ICR		0x830

#define XAPIC_VIRT		(JAILHOUSE_BASE - 0x10200000UL)
#define XAPIC_ICR_LO		0x300
#define XAPIC_ICR_HI		0x310
#define ICR_DELIVERY_NMI	0x400
#define ICR_LEVEL_ASSERT	0x4000
#define ICR_BUSY		0x1000

static volatile __u8 *xapic;

bool x2apic_mode(void)
{
	return read_msr(MSR_IA32_APIC_BASE) & APIC_BASE_EXTD;
}

int ipi_init(void)
{
	__u64 base = read_msr(MSR_IA32_APIC_BASE) & APIC_BASE_ADDR;
	struct paging_root root = {
		.phys = read_cr3() & PTE_ADDR_MASK,
	};
	__u64 huge = base & ~(PAGING_HUGE_SIZE - 1);
	int err;

	if (x2apic_mode() || xapic)
		return 0;
	root.table = phys_to_virt(root.phys);
	err = paging_map(&hv_paging, &root, XAPIC_VIRT, huge,
			 PAGING_HUGE_SIZE,
			 PAGING_READ | PAGING_WRITE | PAGING_HUGE);
	if (err)
		return err;
	xapic = (volatile __u8 *)XAPIC_VIRT + (base - huge);
	return 0;
}

__u32 apic_id_self(void)
{
	struct cpuid_regs r;

	if (x2apic_mode())
		return read_msr(MSR_X2APIC_APICID);
	cpuid(1, 0, &r);
	return r.ebx >> 24;
}

volatile __u32 *xapic_reg(unsigned int offset)
{
	return (volatile __u32 *)(xapic + offset);
}

void ipi_send(__u32 apic_id, __u32 icr_low)
{
	__u32 high;

	if (x2apic_mode()) {
		write_msr(MSR_X2APIC_ICR, ((__u64)apic_id << 32) | icr_low);
		return;
	}
	high = *xapic_reg(XAPIC_ICR_HI);
	while (*xapic_reg(XAPIC_ICR_LO) & ICR_BUSY)
		cpu_relax();
	*xapic_reg(XAPIC_ICR_HI) = apic_id << 24;
	*xapic_reg(XAPIC_ICR_LO) = icr_low;
	*xapic_reg(XAPIC_ICR_HI) = high;
}

void ipi_send_nmi(__u32 apic_id)
{
	ipi_send(apic_id, ICR_DELIVERY_NMI | ICR_LEVEL_ASSERT);
}
