// SPDX-License-Identifier: GPL-2.0
/*
 * x86 configuration space access; see asm/pci.h and jailhouse/pci.h.
 * The hardware is reached through MMCONFIG where the platform has it
 * (every register of buses up to its end bus), else through the ports
 * (the first 256 bytes).
 */
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/ivshmem.h>
#include <jailhouse/pci-bars.h>
#include <jailhouse/pci.h>
#include <jailhouse/percpu.h>
#include <asm/devmap.h>
#include <asm/msi.h>
#include <asm/msix.h>
#include <asm/pci.h>
#include <asm/processor.h>
#include <asm/refusal.h>
#include <asm/spinlock.h>
#include <asm/vcpu.h>

#include "config.h"

#define CONF1_ENABLE		0x80000000U
#define CONF1_BDF_SHIFT		8
#define CONF1_REG_MASK		0xfc
#define CONF1_LEGACY_SIZE	256
#define MMCFG_BUS_SHIFT		20
#define MMCFG_BDF_SHIFT		12
#define BAR_SIZING_VALID	0x80000000U

/* Serialises the real 0xCF8 and the MMCONFIG window. */
static spinlock_t pci_lock;

static __u64 mmcfg_base(void)
{
	return system_config->platform.pci_mmconfig_base;
}

static __u64 mmcfg_size(void)
{
	return ((__u64)system_config->platform.pci_mmconfig_end_bus + 1)
	       << MMCFG_BUS_SHIFT;
}

void pci_mmcfg_range(__u64 *start, __u64 *size)
{
	*start = mmcfg_base();
	*size = mmcfg_base() ? mmcfg_size() : 0;
}

bool pci_mmcfg_contains(__u64 gpa)
{
	return mmcfg_base() && gpa >= mmcfg_base() &&
	       gpa - mmcfg_base() < mmcfg_size();
}

static volatile void *mmcfg_reg(__u16 bdf, unsigned int reg)
{
	return devmap(DEVMAP_SLOT_MMCONFIG, mmcfg_base() +
		      ((__u64)bdf << MMCFG_BDF_SHIFT) + reg);
}

/* The access on the hardware; registers it cannot reach read as ones. */
static void hw_access(__u16 bdf, unsigned int reg, unsigned int size,
		      bool write, __u32 *value)
{
	volatile void *p = NULL;
	__u16 port;

	spin_lock(&pci_lock);
	if (mmcfg_base() && (bdf >> 8) <=
	    system_config->platform.pci_mmconfig_end_bus)
		p = mmcfg_reg(bdf, reg);
	if (p) {
		if (write)
			devmap_write(p, size, *value);
		else
			*value = devmap_read(p, size);
	} else if (reg < CONF1_LEGACY_SIZE) {
		outl(CONF1_ENABLE | (bdf << CONF1_BDF_SHIFT) |
		     (reg & CONF1_REG_MASK), PCI_CONF1_ADDR_PORT);
		port = PCI_CONF1_DATA_PORT + (reg & 3);
		if (write)
			port_write(port, size, *value);
		else
			*value = port_read(port, size);
	} else if (!write) {
		*value = 0xffffffff;
	}
	spin_unlock(&pci_lock);
}

__u32 arch_pci_read(__u16 bdf, unsigned int reg, unsigned int size)
{
	__u32 value;

	hw_access(bdf, reg, size, false, &value);
	return value;
}

void arch_pci_write(__u16 bdf, unsigned int reg, unsigned int size,
		    __u32 value)
{
	hw_access(bdf, reg, size, true, &value);
}

void arch_pci_stop_bus_master(__u16 bdf)
{
	__u32 command;

	hw_access(bdf, PCI_CFG_COMMAND, 2, false, &command);
	if (command == 0xffff || !(command & PCI_CMD_MASTER))
		return;
	command &= ~PCI_CMD_MASTER;
	hw_access(bdf, PCI_CFG_COMMAND, 2, true, &command);
}

/*
 * A non-root cell sizing a BAR of its device: the all-ones write is
 * remembered on the CPU (and dropped, as every BAR write), the next read
 * of that BAR gives the size mask. Return: whether the access is done.
 */
static bool bar_sizing(struct per_cpu *cpu, __u16 bdf, unsigned int reg,
		       unsigned int size, bool write, __u32 *value)
{
	__u32 tag = BAR_SIZING_VALID | bdf << 8 | reg;

	if (size != 4 || !pci_is_bar(bdf, reg))
		return false;
	if (write) {
		cpu->arch.pci_bar_sizing = *value == ~0U ? tag : 0;
		return true;
	}
	if (cpu->arch.pci_bar_sizing != tag)
		return false;
	*value = pci_bar_mask(bdf, reg);
	return true;
}

/*
 * One configuration access by @cpu's cell, decided and performed.
 * Return: false if refused (a message aimed outside a non-root cell).
 */
static bool cfg_access(struct per_cpu *cpu, __u16 bdf, unsigned int reg,
		       unsigned int size, bool write, __u32 *value)
{
	struct pci_cfg_access access = {
		.dev = pci_cell_device(cpu->cell, bdf),
		.root = cell_is_root(cpu->cell),
		.reg = reg,
		.size = size,
		.write = write,
	};
	enum msi_cfg_result msi = MSI_CFG_PASS;

	if (access.dev && access.dev->type == JAILHOUSE_PCI_TYPE_IVSHMEM) {
		ivshmem_cfg_access(cpu, access.dev, reg, size, write, value);
		return true;
	}
	if (access.dev && !access.root &&
	    bar_sizing(cpu, bdf, reg, size, write, value))
		return true;
	if (access.dev)
		msi = msi_cfg_access(cpu, access.dev, reg, size, write, value);
	if (access.dev && msi == MSI_CFG_PASS)
		msi = msix_cfg_access(cpu, access.dev, reg, size, write,
				      value);
	if (msi != MSI_CFG_PASS)
		return msi == MSI_CFG_DONE;
	if (pci_cfg_filter(&access, value) == PCI_CFG_PERFORM)
		hw_access(bdf, reg, size, write, value);
	return true;
}

bool pci_conf1_access(struct per_cpu *cpu, const struct vcpu_io *io,
		      __u64 *rax)
{
	unsigned int offset = io->port - PCI_CONF1_DATA_PORT;
	__u32 addr = cpu->arch.pci_addr, value = io_out_value(*rax, io->size);

	if (io->port == PCI_CONF1_ADDR_PORT && io->size == 4) {
		if (io->in)
			*rax = io_in_result(*rax, 4, addr);
		else
			cpu->arch.pci_addr = value;
		return true;
	}
	if (io->port < PCI_CONF1_DATA_PORT || offset & (io->size - 1))
		return false;
	if (!(addr & CONF1_ENABLE))
		value = 0xffffffff;
	else if (!cfg_access(cpu, (addr >> CONF1_BDF_SHIFT) & 0xffff,
			     (addr & CONF1_REG_MASK) + offset, io->size,
			     !io->in, &value))
		return false;
	if (io->in)
		*rax = io_in_result(*rax, io->size, value);
	return true;
}

bool pci_mmcfg_access(struct per_cpu *cpu, __u64 gpa, unsigned int size,
		      bool write, __u32 *value)
{
	__u64 offset = gpa - mmcfg_base();

	return cfg_access(cpu, offset >> MMCFG_BDF_SHIFT,
			  offset & (PCI_CFG_SPACE_SIZE - 1), size, write,
			  value);
}
