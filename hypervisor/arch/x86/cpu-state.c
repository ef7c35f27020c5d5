// SPDX-License-Identifier: GPL-2.0
/*
 * Clearing what a CPU's last guest left in registers no world switch
 * touches (asm/cpu-state.h). The hypervisor is built without SSE and
 * never uses these registers, so they are cleared once, right before the
 * CPU starts afresh in a cell, and not at every exit.
 *
 * Vector state: XRSTOR of an image whose header says "every component in
 * its initial state" resets x87, SSE (MXCSR from the image: 0x1f80), AVX,
 * AVX-512, PKRU... for all components the CPU supports, with XCR0 set to
 * all of them for the XRSTOR; XCR0 is then left at its reset value, x87
 * only. Without XSAVE: FXRSTOR of a zero image (MXCSR 0x1f80), then FNINIT.
 * AMX tiles too: Linux arms XFD (IA32_XFD) for tasks without them, under
 * which the XRSTOR would fault (#NM), so XFD is disarmed first and left
 * at its reset value, 0, with XFD_ERR. Supervisor components (IA32_XSS:
 * CET, PASID, LBR, PT...) are not XCR0's: XRSTORS of a compacted image
 * that holds none of them initialises those Linux enabled in IA32_XSS,
 * which keeps Linux's value (it is Linux's, and a cell cannot write it).
 */
#include <jailhouse/errno.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <asm/cpu-state.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/xsave-header.h>

#define CPUID_EXT_MAX			0x80000000
#define CPUID_XSAVE			0xd
#define CPUID_LEAF7			0x7
#define CPUID_7_ECX_RDPID		(1U << 22)
#define CPUID_7_EDX_MD_CLEAR		(1U << 10)
#define CPUID_7_EDX_IBRS_IBPB		(1U << 26)
#define CPUID_7_EDX_L1D_FLUSH		(1U << 28)
#define CPUID_EXT_EDX_RDTSCP		(1U << 27)
#define CPUID_EXT_ECX_PERFCTR_CORE	(1U << 23)
#define CPUID_AMD_SIZES			0x80000008
#define CPUID_AMD_EBX_IBPB		(1U << 12)
#define CPUID_PMU			0xa

#define MSR_IA32_PRED_CMD		0x49
#define PRED_CMD_IBPB			1
#define MSR_IA32_FLUSH_CMD		0x10b
#define FLUSH_CMD_L1D			1
#define MSR_TSC_AUX			0xc0000103
#define MSR_IA32_XFD			0x1c4
#define MSR_IA32_XFD_ERR		0x1c5
#define CPUID_XSAVE_1_EAX_XFD		(1U << 4)
#define CPUID_XSAVE_1_EAX_XSAVES	(1U << 3)
#define MSR_IA32_XSS			0xda0

/* Intel's architectural PMU (SDM vol. 3, "Architectural Performance
 * Monitoring"). */
#define MSR_IA32_PMC0			0xc1
#define MSR_IA32_PERFEVTSEL0		0x186
#define MSR_IA32_FIXED_CTR0		0x309
#define MSR_IA32_FIXED_CTR_CTRL		0x38d
#define MSR_IA32_PERF_GLOBAL_CTRL	0x38f
#define PMU_VERSION(eax)		((eax) & 0xff)
#define PMU_GP_COUNTERS(eax)		(((eax) >> 8) & 0xff)
#define PMU_FIXED_COUNTERS(edx)		((edx) & 0x1f)

/* AMD's (APM vol. 2, "Performance Counters"): 4 legacy, 6 with PerfCtrCore
 * (the first 4 of which the legacy MSRs alias). */
#define MSR_AMD_PERF_CTL0		0xc0010000
#define MSR_AMD_PERF_CTR0		0xc0010004
#define AMD_LEGACY_COUNTERS		4
#define MSR_AMD_CORE_PERF_CTL0		0xc0010200	/* CTL, CTR pairs */
#define AMD_CORE_COUNTERS		6

#define X86_CR4_OSXSAVE			(1UL << 18)
#define XCR0_X87			1ULL
#define XSAVE_MXCSR			24
#define MXCSR_RESET			0x1f80
#define FXSAVE_SIZE			512
#define RESET_DR6			0xffff0ff0
#define RESET_DR7			0x400

static struct {
	/** The initial-state image, 64-byte aligned, read-only after init. */
	__u8 *image;
	/** XSAVE components to reset; 0 without XSAVE. */
	__u64 xfeatures;
	bool amd, ibpb, tsc_aux, amd_core_pmu, l1d_flush, md_clear, xfd;
	bool xsaves;
	unsigned int pmu_version, pmu_gp, pmu_fixed;
} cpu_state;

static __u32 cpuid_reg(__u32 leaf, __u32 subleaf, unsigned int n)
{
	struct cpuid_regs r;

	cpuid(leaf, subleaf, &r);
	return n == 0 ? r.eax : n == 1 ? r.ebx : n == 2 ? r.ecx : r.edx;
}

static void xsetbv(__u64 value)
{
	asm volatile("xsetbv" : : "c" (0), "a" ((__u32)value),
		     "d" ((__u32)(value >> 32)));
}

static void probe_features(void)
{
	bool amd = cpu_state.amd;
	__u32 max = cpuid_reg(0, 0, 0), ext_max = cpuid_reg(CPUID_EXT_MAX, 0, 0);
	__u32 pmu = max >= CPUID_PMU ? cpuid_reg(CPUID_PMU, 0, 0) : 0;
	__u32 leaf7_edx;

	/* XSETBV needs CR4.OSXSAVE, which the host has from Linux. */
	if ((cpuid_reg(CPUID_FEATURES, 0, 2) & CPUID_ECX_XSAVE) &&
	    (read_cr4() & X86_CR4_OSXSAVE)) {
		cpu_state.xfeatures = cpuid_reg(CPUID_XSAVE, 0, 0) |
			(__u64)cpuid_reg(CPUID_XSAVE, 0, 3) << 32;
		cpu_state.xfd = cpuid_reg(CPUID_XSAVE, 1, 0) &
				CPUID_XSAVE_1_EAX_XFD;
		cpu_state.xsaves = cpuid_reg(CPUID_XSAVE, 1, 0) &
				   CPUID_XSAVE_1_EAX_XSAVES;
	}
	if (max >= CPUID_LEAF7) {
		leaf7_edx = cpuid_reg(CPUID_LEAF7, 0, 3);
		cpu_state.ibpb = leaf7_edx & CPUID_7_EDX_IBRS_IBPB;
		cpu_state.l1d_flush = leaf7_edx & CPUID_7_EDX_L1D_FLUSH;
		cpu_state.md_clear = leaf7_edx & CPUID_7_EDX_MD_CLEAR;
		cpu_state.tsc_aux = cpuid_reg(CPUID_LEAF7, 0, 2) &
				    CPUID_7_ECX_RDPID;
	}
	if (ext_max >= CPUID_AMD_SIZES && amd)
		cpu_state.ibpb |= cpuid_reg(CPUID_AMD_SIZES, 0, 1) &
				  CPUID_AMD_EBX_IBPB;
	cpu_state.tsc_aux |= cpuid_reg(CPUID_EXT_FEATURES, 0, 3) &
			     CPUID_EXT_EDX_RDTSCP;
	cpu_state.amd_core_pmu = amd && (cpuid_reg(CPUID_EXT_FEATURES, 0, 2) &
					 CPUID_EXT_ECX_PERFCTR_CORE);
	cpu_state.pmu_version = amd ? 0 : PMU_VERSION(pmu);
	cpu_state.pmu_gp = PMU_GP_COUNTERS(pmu);
	if (cpu_state.pmu_version > 1)
		cpu_state.pmu_fixed = PMU_FIXED_COUNTERS(
			cpuid_reg(CPUID_PMU, 0, 3));
}

int cpu_state_init(void)
{
	__u32 size = FXSAVE_SIZE;
	/* "Auth"enticAMD */
	cpu_state.amd = cpuid_reg(0, 0, 1) == 0x68747541;
	probe_features();
	if (cpu_state.xfeatures) {
		/* Enough for every component, so none can read beyond. */
		size = cpuid_reg(CPUID_XSAVE, 0, 2);
	}
	cpu_state.image = page_alloc((size + PAGE_SIZE - 1) / PAGE_SIZE);
	if (!cpu_state.image)
		return -ENOMEM;
	/* Zero elsewhere: the x87 registers, XMM, an empty XSAVE header. */
	*(__u32 *)(cpu_state.image + XSAVE_MXCSR) = MXCSR_RESET;
	return 0;
}

/*
 * The supervisor components Linux enabled, with XCR0 at @xcr0: the image
 * is this CPU's own, as IA32_XSS may differ between CPUs. IA32_XSS is
 * then 0, its reset value: with no supervisor component enabled, a
 * cell's XSAVES reaches none (and exits on none under VT-x's XSS-exiting
 * bitmap), and Linux writes its own value again when it brings the CPU
 * online (fpu__init_cpu_xstate()), the only way a CPU returns to it.
 */
static void supervisor_state_clear(__u64 xcr0)
{
	struct xsave_init_image image = { 0 };
	__u64 xss;

	if (!cpu_state.xsaves)
		return;
	xss = read_msr(MSR_IA32_XSS);
	image.header = xrstors_init_header(xss);
	if (!xss || !xrstors_header_valid(&image.header, xcr0, xss))
		return;
	asm volatile("xrstors64 %0"
		     : : "m" (image), "a" ((__u32)xss), "d" ((__u32)(xss >> 32))
		     : "memory");
	write_msr(MSR_IA32_XSS, 0);
}

static void vector_state_clear(void)
{
	__u64 mask = cpu_state.xfeatures;

	/* Linux never sets CR0.TS; a host CR0 with it would make #NM here. */
	asm volatile("clts");
	if (!mask) {
		asm volatile("fxrstor64 %0; fninit"
			     : : "m" (*(const __u8 (*)[FXSAVE_SIZE])
				      cpu_state.image) : "memory");
		return;
	}
	if (cpu_state.xfd) {
		write_msr(MSR_IA32_XFD, 0);
		write_msr(MSR_IA32_XFD_ERR, 0);
	}
	xsetbv(mask);
	asm volatile("xrstor64 %0"
		     : : "m" (*(const __u8 (*)[FXSAVE_SIZE])cpu_state.image),
		       "a" ((__u32)mask), "d" ((__u32)(mask >> 32))
		     : "memory");
	supervisor_state_clear(mask);
	xsetbv(XCR0_X87);
}

static void debug_regs_clear(void)
{
	asm volatile("mov %0, %%dr0; mov %0, %%dr1; mov %0, %%dr2; "
		     "mov %0, %%dr3" : : "r" (0UL));
	write_dr6(RESET_DR6);
	write_dr7(RESET_DR7);
}

static void pmu_clear(void)
{
	unsigned int n;

	if (cpu_state.pmu_version > 1)
		write_msr(MSR_IA32_PERF_GLOBAL_CTRL, 0);
	for (n = 0; n < cpu_state.pmu_gp && cpu_state.pmu_version; n++) {
		write_msr(MSR_IA32_PERFEVTSEL0 + n, 0);
		write_msr(MSR_IA32_PMC0 + n, 0);
	}
	if (cpu_state.pmu_fixed)
		write_msr(MSR_IA32_FIXED_CTR_CTRL, 0);
	for (n = 0; n < cpu_state.pmu_fixed; n++)
		write_msr(MSR_IA32_FIXED_CTR0 + n, 0);
	if (!cpu_state.amd)
		return;
	for (n = 0; n < AMD_LEGACY_COUNTERS; n++) {
		write_msr(MSR_AMD_PERF_CTL0 + n, 0);
		write_msr(MSR_AMD_PERF_CTR0 + n, 0);
	}
	for (n = 0; n < AMD_CORE_COUNTERS && cpu_state.amd_core_pmu; n++) {
		write_msr(MSR_AMD_CORE_PERF_CTL0 + 2 * n, 0);
		write_msr(MSR_AMD_CORE_PERF_CTL0 + 2 * n + 1, 0);
	}
}

/*
 * The L1 data cache (L1TF) and the CPU's fill and store buffers (MDS),
 * where the CPUs that need it say so; VERW with a valid selector clears
 * the buffers on those with MD_CLEAR.
 */
static void buffers_clear(void)
{
	__u16 sel = GDT_SEL_DATA;

	if (cpu_state.l1d_flush)
		write_msr(MSR_IA32_FLUSH_CMD, FLUSH_CMD_L1D);
	if (cpu_state.md_clear)
		asm volatile("verw %0" : : "m" (sel) : "cc");
}

void cpu_state_clear(void)
{
	vector_state_clear();
	debug_regs_clear();
	pmu_clear();
	if (cpu_state.tsc_aux)
		write_msr(MSR_TSC_AUX, 0);
	if (cpu_state.ibpb)
		write_msr(MSR_IA32_PRED_CMD, PRED_CMD_IBPB);
	buffers_clear();
}
