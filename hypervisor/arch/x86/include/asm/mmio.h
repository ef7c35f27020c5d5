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
