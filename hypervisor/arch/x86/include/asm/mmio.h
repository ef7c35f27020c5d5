/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Emulation of the guest instructions that touch an intercepted MMIO page
 * (the xAPIC page): 32-bit MOV loads and stores, the forms compilers emit
 * for volatile accesses. mmio-decode.c decodes (host-tested), mmio.c
 * fetches the instruction through the guest's page tables, each address
 * checked against the cell's nested tables, and applies it.
 */
#ifndef _ASM_MMIO_H
#define _ASM_MMIO_H

#include <stdbool.h>
#include <jailhouse/types.h>

#define MMIO_MAX_INSN		15
#define MMIO_REG_NONE		0xff

/* A decoded access. */
struct mmio_insn {
	/** Bytes of the instruction, prefixes included. */
	unsigned int len;
	bool write;
	/** 0 = RAX ... 15 = R15, or MMIO_REG_NONE for an immediate store. */
	__u8 reg;
	__u32 imm;
};

/**
 * Decode MOV r/m32,r32 (89), MOV r32,r/m32 (8B) or MOV r/m32,imm32
 * (C7 /0) with a memory operand, from @avail bytes at @code; @code64:
 * 64-bit code segment (REX allowed), else 32-bit.
 * Return: 0, or -EINVAL for anything else (other opcodes, operand-size,
 * address-size, LOCK and REP prefixes, REX.W, register operands) or an
 * instruction longer than @avail.
 */
int mmio_decode(const __u8 *code, unsigned int avail, bool code64,
		struct mmio_insn *insn);

/* The guest state an MMIO exit needs, filled by the backend. */
struct mmio_guest {
	__u64 cr0, cr3, cr4, efer;
	/** CS base + RIP. */
	__u64 rip_linear;
	bool code64;
	/** The guest-physical address accessed. */
	__u64 gpa;
};

struct per_cpu;

/**
 * Emulate the access at @guest->gpa, which lies in the xAPIC page.
 * Return: the instruction's length (the backend advances RIP), or 0 if
 * it cannot be decoded or is refused: the cell is to fail.
 */
unsigned int mmio_handle_apic(struct per_cpu *cpu,
			      const struct mmio_guest *guest);

#endif /* !_ASM_MMIO_H */
