/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Classification of VM exits into the statistics of
 * include/jailhouse/hypercall.h (JAILHOUSE_CPU_STAT_VMEXITS_*), one
 * function per backend so that both count alike.
 *
 * @detail is RCX (the MSR index) for RDMSR/WRMSR exits and the faulting
 * guest-physical address for nested-paging faults; it is ignored for all
 * other exits.
 */
#ifndef _ASM_EXIT_STATS_H
#define _ASM_EXIT_STATS_H

#include <jailhouse/types.h>

/* Statistic of an AMD-V exit (VMCB EXITCODE). */
unsigned int svm_exit_stat(__u64 exit_code, __u64 detail);

/* Statistic of a VT-x exit (basic exit reason, bits 15:0). */
unsigned int vmx_exit_stat(__u32 exit_reason, __u64 detail);

#endif /* !_ASM_EXIT_STATS_H */
