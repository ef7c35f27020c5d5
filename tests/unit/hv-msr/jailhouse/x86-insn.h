/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host stand-in for lib/include/jailhouse/x86-insn.h in tests that play
 * the CPU: CPUID and the MSRs become functions the test defines, so
 * that a value the hypervisor would hand to WRMSR is seen, not executed.
 */
#ifndef _JAILHOUSE_X86_INSN_H
#define _JAILHOUSE_X86_INSN_H

#include <jailhouse/types.h>

struct cpuid_regs {
	__u32 eax, ebx, ecx, edx;
};

void cpuid(__u32 leaf, __u32 subleaf, struct cpuid_regs *r);
__u64 read_msr(__u32 msr);
void write_msr(__u32 msr, __u64 value);
__u64 read_tsc(void);
void cpu_relax(void);

#endif /* !_JAILHOUSE_X86_INSN_H */
