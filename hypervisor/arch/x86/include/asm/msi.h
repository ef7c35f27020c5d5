/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MSI capabilities under interrupt remapping (docs/isolation.md,
 * "Interrupt remapping"). Every device of the root cell's config with an
 * MSI capability gets remapping entries of its own (one per vector it
 * can ask for) and, while remapping is on, the remapped-format message
 * that names them; its owner's message writes (compatibility format)
 * are kept, read back as written, and turned into those entries, aimed
 * at the owner's CPUs only. A message aimed elsewhere: the root cell's
 * is dropped and logged, another cell is failed. Without remapping
 * nothing changes: the root cell writes through, other cells' writes
 * are dropped (jailhouse/pci.h).
 */
#ifndef _ASM_MSI_H
#define _ASM_MSI_H

#include <stdbool.h>
#include <jailhouse/cell-config.h>

struct cell;
struct per_cpu;

enum msi_cfg_result {
	MSI_CFG_PASS,		/* not the MSI capability's: go on as before */
	MSI_CFG_DONE,		/* emulated or performed */
	MSI_CFG_REFUSED,	/* fail the (non-root) cell */
};

/**
 * A configuration access of @cpu's cell to its own device @dev (@reg,
 * @size as in struct pci_cfg_access).
 */
enum msi_cfg_result msi_cfg_access(struct per_cpu *cpu,
				   const struct jailhouse_pci_device *dev,
				   unsigned int reg, unsigned int size,
				   bool write, __u32 *value);

/**
 * Every device's message to the hardware again: remapped while
 * iommu_irq_remapping(), else as the root cell wrote it. The first call
 * finds the capabilities and reserves the entries.
 */
void msi_reprogram(void);

/** Capability @id of @bdf, 0 if none (a capability list loop ends). */
__u8 msi_find_cap(__u16 bdf, __u8 id);

/* Messages (msi-msg.c), shared by msi.c, msix.c and ivshmem's doorbells. */

/**
 * Whether a compatibility-format message with address @addr and upper
 * address @addr_hi is an interrupt (0xfee00000-0xfeefffff), not a write.
 */
bool msi_msg_is_irq(__u32 addr, __u32 addr_hi);

/** The message (@addr, @data) as an IOAPIC entry's layout. */
__u64 msi_msg_rte(__u32 addr, __u32 data);

/** The remapped-format address that names remapping entry @irte. */
__u32 msi_remapped_address(unsigned int irte);

/**
 * A non-root cell's write of @size bytes at @reg over the 16-bit control
 * word at @ctrl_reg of @bdf: only @cell_bits change on the hardware.
 */
void msi_ctrl_write(__u16 bdf, unsigned int ctrl_reg, unsigned int reg,
		    unsigned int size, __u32 value, __u16 cell_bits);

/**
 * @dev now belongs to @owner (NULL: nobody): the root cell's message is
 * kept while another cell has the device, whose MSI starts disabled with
 * an empty message; the root gets its own back.
 */
void msi_device_moved(const struct jailhouse_pci_device *dev,
		      const struct cell *owner);

#endif /* !_ASM_MSI_H */
