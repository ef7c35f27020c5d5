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

/* The guest state an MMIO exit needs, filled by the backend. */
struct mmio_guest {
	__u64 cr0, cr3, cr4, efer;
	/** CS base + RIP. */
	__u64 rip_linear;
	__u64 rflags;
	bool code64;
	/** The guest-physical address accessed, and whether written. */
	__u64 gpa;
	bool write;
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
 * Read @len bytes at guest-physical @gpa, within one page, if @cpu's
 * cell may read them (through its nested tables).
 * Return: 0, -EFAULT if it may not, -ENOMEM.
 */
int read_guest_phys(struct per_cpu *cpu, __u64 gpa, void *buf,
		    unsigned int len);

/**
 * Emulate the access at @guest->gpa through @access.
 * Return: the instruction's length (the backend advances RIP), or 0 if
 * it cannot be decoded, is misaligned or is refused: the cell is to fail.
 */
unsigned int mmio_handle(struct per_cpu *cpu, const struct mmio_guest *guest,
			 mmio_access_t access);

/**
 * The root cell's access at @guest->gpa that no region grants and no
 * handler emulates (or one refused) completes as a master abort on a PC
 * would: a MOV load fills its register with all ones of its width, a MOV
 * store is dropped, a MOVS or STOS write drops its elements in the page
 * (RSI, RDI and RCX advance; RIP only when the string is done), so that
 * Linux goes on; nothing reaches the memory or device. Counted in the
 * CPU's JAILHOUSE_CPU_STAT_ROOT_REFUSED and logged, rate-limited.
 * @data: the exit came from a data access of the instruction at RIP,
 * not from a fetch, a page walk or an event delivery.
 * Return: the bytes RIP advances (0: a REP string goes on), -EINVAL if
 * the instruction is none of those (the backend injects #GP, as for an
 * access the CPU cannot complete), or -EPERM if @data is false: there
 * is no instruction to complete and the CPU stops (logged why).
 */
int mmio_root_refused(struct per_cpu *cpu, const struct mmio_guest *guest,
		      bool data);

/**
 * The @n-th range of pages the hypervisor emulates (from 0: the xAPIC
 * page, MMCONFIG, each IOAPIC's page, each intercepted MSI-X table's
 * pages) in *@start and *@size (0 if there is none). Return: false past
 * the last.
 */
bool mmio_emulated_range(unsigned int n, __u64 *start, __u64 *size);

struct cell;

/**
 * The handler of the page at @gpa if the hypervisor emulates it for
 * @cell (the xAPIC, IOAPICs, PCI MMCONFIG, MSI-X tables for every cell;
 * @cell's own ivshmem BARs, which never sit over those: ivshmem.c; none
 * is in any cell's nested tables), else NULL: the access is outside the
 * cell's memory.
 */
mmio_access_t mmio_handler_of(const struct cell *cell, __u64 gpa);

#endif /* !_ASM_MMIO_H */
