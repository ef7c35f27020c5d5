/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The values a MOV to CR0 or CR4 may load (Intel SDM vol. 2, "MOV--Move
 * to/from Control Registers", #GP(0) list; vol. 3, 2.5), as pure
 * functions of the guest's state (cr-rules.c), host-tested. A VT-x
 * hypervisor that emulates such a MOV checks the value first: one the
 * CPU would refuse with #GP makes the VM entry fail instead.
 */
#ifndef _ASM_CR_RULES_H
#define _ASM_CR_RULES_H

#include <stdbool.h>
#include <jailhouse/types.h>

#define X86_CR0_WP		(1ULL << 16)
#define X86_CR0_NW		(1ULL << 29)
#define X86_CR0_CD		(1ULL << 30)
/* PE, MP, EM, TS, ET, NE, WP, AM, NW, CD, PG: the rest is reserved. */
#define X86_CR0_DEFINED		0xe005003fULL
#define X86_CR4_PCIDE		(1ULL << 17)
#define X86_CR4_CET		(1ULL << 23)
#define CR3_PCID_MASK		0xfffULL

/** The guest's state a MOV to a control register is checked against. */
struct cr_state {
	__u64 cr0, cr3, cr4, efer;
	/** In 64-bit mode (EFER.LMA and CS.L). */
	bool mode64;
};

/**
 * Whether MOV to CR0 of @value (the full 64-bit register in 64-bit mode)
 * completes from @s: no bit of 63:32 set (outside 64-bit mode the
 * caller passes the low half), PG only with PE, NW only with CD, PG set
 * with EFER.LME only with CR4.PAE, PG kept in 64-bit mode, WP kept while
 * CR4.CET is set. Reserved bits of 31:0 are ignored, as by the CPU:
 * cr0_value() drops them.
 */
bool cr0_write_valid(const struct cr_state *s, __u64 value);

/** @value without the reserved bits of CR0's low half. */
__u64 cr0_value(__u64 value);

/**
 * Whether MOV to CR4 of @value completes from @s: only bits of
 * @supported, PAE kept and LA57 unchanged in long mode, PCIDE set only
 * in long mode with CR3[11:0] zero, CET only with CR0.WP.
 */
bool cr4_write_valid(const struct cr_state *s, __u64 value, __u64 supported);

#endif /* !_ASM_CR_RULES_H */
