/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PCI configuration space on x86: the port mechanism (0xCF8 address,
 * 0xCFC-0xCFF data) and MMCONFIG, intercepted for every cell; the
 * decisions are jailhouse/pci.h's. 0xCF8 is latched per CPU, so cells
 * never see each other's address; the hypervisor alone drives the real
 * one, under its lock.
 */
#ifndef _ASM_PCI_H
#define _ASM_PCI_H

#include <stdbool.h>
#include <jailhouse/types.h>

#define PCI_CONF1_ADDR_PORT	0xcf8
#define PCI_CONF1_DATA_PORT	0xcfc
#define PCI_CONF1_PORTS		8

struct per_cpu;
struct vcpu_io;

/** Whether @port is one of the eight the hypervisor always intercepts. */
static inline bool pci_conf1_port(__u16 port)
{
	return port >= PCI_CONF1_ADDR_PORT &&
	       port < PCI_CONF1_ADDR_PORT + PCI_CONF1_PORTS;
}

/**
 * A port access to 0xCF8-0xCFF; IN results go to *@rax.
 * Return: false when its shape is no configuration access (0xCF8 other
 * than 32 bits wide, 0xCF9-0xCFB, a misaligned data access): the caller
 * refuses it as any denied port.
 */
bool pci_conf1_access(struct per_cpu *cpu, const struct vcpu_io *io,
		      __u64 *rax);

/** Whether @gpa lies in MMCONFIG (never mapped for any cell). */
bool pci_mmcfg_contains(__u64 gpa);

/** An access to MMCONFIG; an mmio_access_t of asm/mmio.h. */
bool pci_mmcfg_access(struct per_cpu *cpu, __u64 gpa, unsigned int size,
		      bool write, __u32 *value);

/** MMCONFIG's place, to leave out of every cell's nested tables. */
void pci_mmcfg_range(__u64 *start, __u64 *size);

#endif /* !_ASM_PCI_H */
