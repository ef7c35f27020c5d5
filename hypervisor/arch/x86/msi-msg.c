// SPDX-License-Identifier: GPL-2.0
/*
 * Compatibility-format MSI messages as the APIC sees them, shared by the
 * MSI and MSI-X capabilities (msi.c, msix.c) and ivshmem's doorbells
 * (apic.c); see asm/msi.h. Plain logic, also built for the host.
 */
#include <asm/apic.h>
#include <asm/msi.h>

/* Address: 0xfee, destination in bits 12-19, logical destination mode. */
#define MSI_ADDR_BASE		0xfee00000U
#define MSI_ADDR_BASE_MASK	0xfff00000U
#define MSI_ADDR_DEST_SHIFT	12
#define MSI_ADDR_LOGICAL	(1U << 2)
#define MSI_DATA_DLVR_MASK	0x0700U
#define MSI_DATA_LEVEL		(1U << 15)
/* Remapped format: index 14:0 at bit 5, format bit, subhandle valid. */
#define MSI_REMAP_INDEX_SHIFT	5
#define MSI_REMAP_FORMAT	(1U << 4)
#define MSI_REMAP_SHV		(1U << 3)
#define MSI_REMAP_INDEX15	(1U << 2)

bool msi_msg_is_irq(__u32 addr, __u32 addr_hi)
{
	return (addr & MSI_ADDR_BASE_MASK) == MSI_ADDR_BASE && !addr_hi;
}

__u32 msi_remapped_address(unsigned int irte)
{
	return MSI_ADDR_BASE | MSI_REMAP_FORMAT | MSI_REMAP_SHV |
	       (irte & 0x7fff) << MSI_REMAP_INDEX_SHIFT |
	       (irte >> 15 ? MSI_REMAP_INDEX15 : 0);
}

__u64 msi_msg_rte(__u32 addr, __u32 data)
{
	return (data & (APIC_ICR_VECTOR | MSI_DATA_DLVR_MASK)) |
	       (addr & MSI_ADDR_LOGICAL ? APIC_ICR_LOGICAL : 0) |
	       (data & MSI_DATA_LEVEL ? APIC_ICR_LEVEL : 0) |
	       ((__u64)(addr >> MSI_ADDR_DEST_SHIFT & 0xff) <<
		APIC_XAPIC_DEST_SHIFT);
}
