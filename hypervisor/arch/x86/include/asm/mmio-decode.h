/* SPDX-License-Identifier: GPL-2.0 */
/* The decoder of MMIO instructions (mmio-decode.c), host-tested. */
#ifndef _ASM_MMIO_DECODE_H
#define _ASM_MMIO_DECODE_H

#include <stdbool.h>
#include <jailhouse/types.h>

#define MMIO_MAX_INSN		15
#define MMIO_REG_NONE		0xff
#define MMIO_PAGE_SIZE		0x1000ULL

/* A decoded access. */
struct mmio_insn {
	/** Bytes of the instruction, prefixes included. */
	unsigned int len;
	bool write;
	/** Bytes accessed: 1, 2, 4, or 8 (REX.W). */
	unsigned int size;
	/**
	 * Loads: the value replaces the whole register (32-bit MOV,
	 * MOVZX), else only its low @size bytes change (8- and 16-bit MOV).
	 */
	bool zero_extend;
	/** The register is AH, CH, DH or BH: bits 8-15 of @reg 0-3. */
	bool high_byte;
	/** 0 = RAX ... 15 = R15, or MMIO_REG_NONE for an immediate store. */
	__u8 reg;
	__u32 imm;
};

/**
 * Decode, with a memory operand, MOV r/m,r (88, 89), MOV r,r/m (8A, 8B),
 * MOV r/m,imm (C6 /0, C7 /0), MOV between AL/AX/EAX and an absolute
 * address (A0-A3, the address 8 bytes long in 64-bit code), each 8, 16
 * (0x66 prefix), 32 or, with REX.W, 64 bits wide (C7 then takes a 32-bit
 * immediate, sign-extended), and MOVZX r32,r/m8 or r/m16 (0F B6, 0F B7),
 * from @avail bytes at @code;
 * @code64: 64-bit code segment (REX allowed), else 32-bit.
 * Return: 0, or -EINVAL for anything else (other opcodes, address-size,
 * LOCK and REP prefixes, register operands) or an instruction longer
 * than @avail.
 */
int mmio_decode(const __u8 *code, unsigned int avail, bool code64,
		struct mmio_insn *insn);

/* A decoded MOVS or STOS. */
struct mmio_string {
	/** Bytes of the instruction, prefixes included. */
	unsigned int len;
	/** Bytes of each element: 1, 2, 4 or 8. */
	unsigned int size;
	/** MOVS: RSI advances with RDI; else STOS. */
	bool movs;
	/** REP (F3): RCX elements, else one. */
	bool rep;
};

/**
 * Decode MOVS (A4, A5) or STOS (AA, AB), with REP, 0x66, segment
 * prefixes and REX (REX.W: 8-byte elements) from @avail bytes at @code.
 * Return: 0, or -EINVAL for anything else (the address-size prefix
 * included: RDI, RSI and RCX are used whole).
 */
int mmio_decode_string(const __u8 *code, unsigned int avail, bool code64,
		       struct mmio_string *str);

/**
 * The elements of @str, from the one at @rdi on, that lie in @rdi's 4 KiB
 * page (an element across the page's end counts), going down if @down
 * (RFLAGS.DF); at most @rcx with REP, else 1.
 */
__u64 mmio_string_skip(const struct mmio_string *str, __u64 rdi, __u64 rcx,
		       bool down);

#endif /* !_ASM_MMIO_DECODE_H */
