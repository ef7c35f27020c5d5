// SPDX-License-Identifier: GPL-2.0
/* Intel VT-x backend. */
#include <jailhouse/cell.h>
#include <jailhouse/errno.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <asm/iopm.h>
#include <asm/msrpm.h>
#include <asm/npt.h>
#include <asm/processor.h>
#include <asm/vcpu.h>

#define MSR_IA32_FEATURE_CONTROL	0x3a
#define FEATURE_CONTROL_LOCKED		(1ULL << 0)
#define FEATURE_CONTROL_VMXON_OUTSIDE_SMX (1ULL << 2)

#define MSR_IA32_VMX_PROCBASED_CTLS	0x482
#define MSR_IA32_VMX_PROCBASED_CTLS2	0x48b
/* "Allowed-1" settings live in the upper half of the capability MSRs. */
#define CTLS_ALLOWED1(msr)		((__u32)(read_msr(msr) >> 32))
#define PROC_CTLS_IO_BITMAPS		(1U << 25)
#define PROC_CTLS_MSR_BITMAPS		(1U << 28)
#define PROC_CTLS_SECONDARY		(1U << 31)
#define PROC_CTLS2_EPT			(1U << 1)

static int vmx_probe(void)
{
	__u32 need = PROC_CTLS_IO_BITMAPS | PROC_CTLS_MSR_BITMAPS |
		     PROC_CTLS_SECONDARY;
	struct cpuid_regs r;
	__u64 feature_control;

	cpuid(CPUID_FEATURES, 0, &r);
	if (!(r.ecx & CPUID_ECX_VMX))
		return -ENODEV;
	/* Locked without VMXON permission means firmware turned VMX off. */
	feature_control = read_msr(MSR_IA32_FEATURE_CONTROL);
	if ((feature_control & FEATURE_CONTROL_LOCKED) &&
	    !(feature_control & FEATURE_CONTROL_VMXON_OUTSIDE_SMX))
		return -ENODEV;
	if ((CTLS_ALLOWED1(MSR_IA32_VMX_PROCBASED_CTLS) & need) != need)
		return -ENODEV;
	/* Without EPT there is no memory isolation. */
	if (!(CTLS_ALLOWED1(MSR_IA32_VMX_PROCBASED_CTLS2) & PROC_CTLS2_EPT))
		return -ENODEV;
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

/*
 * Not active yet: arch_cpu_probe() refuses a backend without .activate,
 * so only the cell side below exists (and is built) so far.
 */
const struct vcpu_vendor_ops vmx_ops = {
	.name = "vmx",
	.probe = vmx_probe,
	.cell_init = vmx_cell_init,
	.cell_exit = npt_cell_exit,
	.map_memory = npt_map_memory,
	.unmap_memory = npt_unmap_memory,
};
