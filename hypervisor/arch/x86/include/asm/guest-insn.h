/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The instructions the hypervisor executes with a value a guest chose
 * (guest-insn.S), after validating it. Should a value get through that
 * the CPU refuses anyway, the fault (#GP or #UD) is the guest's, not the
 * hypervisor's: desc.c's exception handler finds the instruction in its
 * table, skips it and notes the fault for the exit being handled; the
 * backend then fails a non-root cell or gives the root #GP at the
 * instruction that exited (guest_insn_faulted()). Outside an exit's
 * handling such a fault is the hypervisor's bug, as every other.
 */
#ifndef _ASM_GUEST_INSN_H
#define _ASM_GUEST_INSN_H

#include <stdbool.h>
#include <jailhouse/types.h>

struct per_cpu;

/** WRMSR of @value to @msr for the guest whose exit the CPU handles. */
void guest_wrmsr(__u32 msr, __u64 value);

/** XSETBV of @value to XCR0 for the guest whose exit the CPU handles. */
void guest_xsetbv(__u64 value);

/**
 * Whether one of the instructions above faulted during the exit @cpu
 * handles; clears the note. A non-root cell is failed here; the root's
 * refusal is logged (rate-limited), and its backend injects #GP at the
 * instruction that exited.
 */
bool guest_insn_faulted(struct per_cpu *cpu);

#endif /* !_ASM_GUEST_INSN_H */
