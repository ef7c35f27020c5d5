/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ivshmem: Jailhouse's inter-cell shared-memory device (version 2 of its
 * specification), a virtual PCI device the hypervisor emulates in every
 * cell that lists one (docs/cells.md, "ivshmem"). Cells listing a device
 * at the same bdf are its peers. Each endpoint shows:
 *
 * - configuration space: vendor 0x110a, device 0x4106, class 0xff with
 *   the protocol below it, revision 0; BAR0 (4 KiB of registers), BAR1
 *   (4 KiB: MSI-X table, pending bits at 0x800); a vendor capability with
 *   the state table, read-write and output section sizes and the base
 *   address of the shared memory; the MSI-X capability;
 * - registers: ID, maximum peers, interrupt control, doorbell, state;
 * - the shared memory: the config's regions, mapped as they say (the
 *   config rules make the state table read-only and each output section
 *   writable by its owner only).
 *
 * A doorbell write raises the named MSI-X vector of the target peer, if
 * it enabled interrupts; a state write goes to the writer's state table
 * entry and raises vector 0 of every other peer. Everything runs under
 * one lock, in exits of the cells' CPUs and under the cell lock.
 */
#ifndef _JAILHOUSE_IVSHMEM_H
#define _JAILHOUSE_IVSHMEM_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>

struct cell;
struct per_cpu;

/*
 * Endpoints the hypervisor holds at once, the root cell's included: a
 * cell whose devices would exceed them is refused at create.
 */
#define IVSHMEM_MAX_ENDPOINTS	32

/**
 * At create, after the config rules: what the hypervisor cannot emulate
 * for @desc's ivshmem devices (INTx, too many endpoints) is refused with
 * the reason on the console. Return: 0 or -EINVAL.
 */
int ivshmem_check(const struct jailhouse_cell_desc *desc);

/**
 * Under the cell lock: @cell's endpoints join (create, the root cell at
 * enable) or leave (destroy; its state table entries are zeroed and the
 * other peers told). ivshmem_cell_add() cannot fail after
 * ivshmem_check().
 */
void ivshmem_cell_add(struct cell *cell);
void ivshmem_cell_remove(struct cell *cell);

/**
 * Under the cell lock, as @cell starts afresh: its endpoints are reset
 * (BARs, MSI-X, interrupt control, state 0, the other peers told).
 */
void ivshmem_cell_reset(struct cell *cell);

/**
 * A configuration access of @cpu's cell to its ivshmem device @dev;
 * *@value is written or to be read.
 */
void ivshmem_cfg_access(struct per_cpu *cpu,
			const struct jailhouse_pci_device *dev,
			unsigned int reg, unsigned int size, bool write,
			__u32 *value);

/**
 * Whether @gpa is in the page of an ivshmem BAR of @cell, or in a section
 * @cell, the root cell, maps read-only. Only the accessing cell's own
 * endpoints: another cell's BARs are no business of its accesses.
 */
bool ivshmem_mmio_claims(const struct cell *cell, __u64 gpa);

/**
 * An access to the BARs of the ivshmem devices of @cpu's cell (an
 * mmio_access_t of asm/mmio.h); a root cell's write to a section it maps
 * read-only is dropped (and logged). Return: false if @gpa is none of
 * them.
 */
bool ivshmem_mmio_access(struct per_cpu *cpu, __u64 gpa, unsigned int size,
			 bool write, __u32 *value);

/**
 * The arch's: raise the MSI (@address, @data: physical destination,
 * fixed delivery) on the CPU of @cell it names; nothing if it names no
 * CPU of @cell.
 */
void arch_ivshmem_msi(const struct cell *cell, __u64 address, __u32 data);

/**
 * The arch's: a window onto the page of RAM at @phys, written by the
 * caller under the ivshmem lock. Return: its virtual address or NULL.
 */
void *arch_ivshmem_map(__u64 phys);

#endif /* !_JAILHOUSE_IVSHMEM_H */
