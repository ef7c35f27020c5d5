/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Emulation of the guest instructions that touch an intercepted MMIO page
 * (the xAPIC page, the IOAPICs, PCI MMCONFIG): MOV loads and stores of 1,
 * 2 or 4 bytes and MOVZX loads, the forms compilers and Linux's MMIO
 * accessors emit. mmio-decode.c decodes (host-tested), mmio.c fetches the
 * instruction through the guest's page tables, each address checked
 * against the cell's nested tables, and applies it through the handler
 * of the page.
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
	/** Bytes accessed: 1, 2 or 4. */
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
 * (0x66 prefix) or 32 bits wide, and MOVZX r32,r/m8 or r/m16 (0F B6,
 * 0F B7), from @avail bytes at @code;
 * @code64: 64-bit code segment (REX allowed), else 32-bit.
 * Return: 0, or -EINVAL for anything else (other opcodes, address-size,
 * LOCK and REP prefixes, REX.W, register operands) or an instruction
 * longer than @avail.
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
 * A device register access the hypervisor emulates: @size (1, 2 or 4)
 * bytes at @gpa, aligned to @size; *@value is written or to be read.
 * Return: false if the cell is to fail.
 */
typedef bool (*mmio_access_t)(struct per_cpu *cpu, __u64 gpa,
			      unsigned int size, bool write, __u32 *value);

/**
 * Emulate the access at @guest->gpa through @access.
 * Return: the instruction's length (the backend advances RIP), or 0 if
 * it cannot be decoded, is misaligned or is refused: the cell is to fail.
 */
unsigned int mmio_handle(struct per_cpu *cpu, const struct mmio_guest *guest,
			 mmio_access_t access);

/**
 * The @n-th range of pages the hypervisor emulates (from 0: the xAPIC
 * page, MMCONFIG, each IOAPIC's page, each intercepted MSI-X table's
 * pages) in *@start and *@size (0 if there is none). Return: false past
 * the last.
 */
bool mmio_emulated_range(unsigned int n, __u64 *start, __u64 *size);

/**
 * The handler of the page at @gpa if the hypervisor emulates it for every
 * cell (the xAPIC, IOAPICs, PCI MMCONFIG, ivshmem BARs, MSI-X tables;
 * none is in any cell's nested tables), else NULL: the access is outside
 * the cell's memory.
 */
mmio_access_t mmio_handler_of(__u64 gpa);

#endif /* !_ASM_MMIO_H */
