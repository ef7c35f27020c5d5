/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPU state that neither VMRUN nor VMLAUNCH switches, and which the
 * next guest of a CPU would therefore read as the last one left it
 * (docs/isolation.md, "CPU hand-over"): x87, SSE, AVX and the rest of
 * the XSAVE state, XCR0, DR0-DR3 (and the CPU's DR6/DR7), TSC_AUX, the
 * performance counters, the branch predictors (IBPB), the L1 data cache
 * and the fill and store buffers (L1D_FLUSH, VERW), where offered.
 */
#ifndef _ASM_CPU_STATE_H
#define _ASM_CPU_STATE_H

#include <stdbool.h>
#include <jailhouse/types.h>

/**
 * Once, at arch_init(): learn the CPU's features and prepare the XSAVE
 * image of the initial state. Return: 0 or -ENOMEM.
 */
int cpu_state_init(void);

/**
 * Self, as the CPU starts afresh in a cell (arch_cpu_reset(): a cell's
 * start, a reset by INIT/SIPI, the root cell getting the CPU back): put
 * every register above in its reset state and flush the branch
 * predictors. The hypervisor itself uses none of them.
 */
void cpu_state_clear(void);

#endif /* !_ASM_CPU_STATE_H */
