/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between the hypervisor core and an architecture.
 *
 * Every function here is implemented once per architecture; there are no
 * weak fallbacks, so a missing one fails at link time. The x86 architecture
 * in turn delegates the CPU-vendor-specific parts (AMD-V or VT-x) to a
 * backend described in arch/x86/include/asm/vcpu.h.
 */
#ifndef _JAILHOUSE_ARCH_H
#define _JAILHOUSE_ARCH_H

/**
 * Check that this CPU has every feature the hypervisor needs and select
 * the matching virtualization backend.
 *
 * Return: 0, or -ENODEV naming the missing feature on the console.
 */
int arch_cpu_probe(void);

#endif /* !_JAILHOUSE_ARCH_H */
