/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a guest sees when it executes CPUID, as a pure function of the
 * CPU's own answer, so that both backends share it and the host can test
 * it.
 */
#ifndef _ASM_CPUID_POLICY_H
#define _ASM_CPUID_POLICY_H

#include <stdbool.h>
#include <asm/processor.h>

/* The leaves reserved for hypervisors; CPUID_* bits: asm/processor.h. */
#define CPUID_HV_FIRST			0x40000000
#define CPUID_HV_LAST			0x400000ff

/* The parts of the guest's state the answer depends on. */
struct cpuid_guest {
	/** Root cell: Linux booted natively and never learns of us. */
	bool root_cell;
	/** CR4.OSXSAVE of the guest, which CPUID.1:ECX[27] mirrors. */
	bool osxsave;
};

/**
 * Turn the CPU's answer to CPUID @leaf in @regs into the guest's: hide
 * the virtualization extensions (a guest cannot nest), mirror the
 * guest's CR4.OSXSAVE, set the hypervisor bit and hide the TSC-deadline
 * timer for non-root cells and answer the hypervisor leaves with Jailhouse's signature.
 */
void cpuid_policy(__u32 leaf, const struct cpuid_guest *guest,
		  struct cpuid_regs *regs);

/**
 * Whether XSETBV may load @value into XCR0 on a CPU whose XCR0 bits are
 * @supported (CPUID.(EAX=0DH,ECX=0):EDX:EAX): the SDM's XSETBV rules,
 * checked before the hypervisor executes a guest's value, whose #GP
 * would be the hypervisor's.
 */
bool xcr0_valid(__u64 value, __u64 supported);

#endif /* !_ASM_CPUID_POLICY_H */
