// SPDX-License-Identifier: GPL-2.0
/* IOAPIC emulation; see asm/ioapic.h. */
#include <jailhouse/atomic.h>
#include <jailhouse/cell.h>
#include <jailhouse/control.h>
#include <jailhouse/mem.h>
#include <jailhouse/percpu.h>
#include <jailhouse/printk.h>
#include <asm/devmap.h>
#include <asm/ioapic-rte.h>
#include <asm/ioapic.h>
#include <asm/iommu.h>
#include <asm/spinlock.h>
#include <asm/vcpu.h>

#include "config.h"

#define RTE_HIGH_SHIFT		32
#define RTE_LOW_MASK		0xffffffffULL
#define VERSION_MAX_RTE_MASK	0xff
/* A pin nobody owns reads as this: masked, vector 0. */
#define RTE_UNOWNED_LOW		((__u32)IOAPIC_RTE_MASKED)
/* What only the hardware knows: delivery status, Remote IRR. */
#define RTE_HW_STATUS		(APIC_ICR_BUSY | IOAPIC_RTE_REMOTE_IRR)

/* Serialises the real register selects. */
static spinlock_t ioapic_lock;
/* Pins of each IOAPIC, as the hardware says (at most 128). */
static unsigned int ioapic_pins[JAILHOUSE_MAX_IOAPICS];
/*
 * Who owns each pin the root cell's config lists: 0 for the root cell,
 * else the id of the cell that claims it. Written under the cell lock,
 * read by the root cell's exits without it.
 */
static __u8 pin_owner[JAILHOUSE_MAX_IOAPICS][JAILHOUSE_IOAPIC_PINS];
/*
 * The root cell's entry of each pin another cell holds, as it was when
 * the pin was taken: restored when the pin comes back, so that Linux's
 * interrupt (its timer's, say) works again as it left it.
 */
static __u64 root_rte[JAILHOUSE_MAX_IOAPICS][JAILHOUSE_IOAPIC_PINS];
/*
 * Each pin's entry as its owner wrote it (compatibility format), which
 * it reads back; with interrupt remapping on, the hardware holds the
 * remapped form (pin_program()).
 */
static __u64 guest_rte[JAILHOUSE_MAX_IOAPICS][JAILHOUSE_IOAPIC_PINS];

static const struct jailhouse_ioapic *platform_ioapic(unsigned int n)
{
	return &system_config->platform.ioapics[n];
}

/*
 * The requester id IOAPIC @n's messages carry: its remapping entries
 * accept only that source, so that no device can raise the root's pin
 * vectors by writing a pin's handle to the interrupt window.
 */
static unsigned int ioapic_source(unsigned int n)
{
	__u16 sid = platform_ioapic(n)->source_id;

	return sid ? sid : IOMMU_ANY_SID;
}

static volatile __u32 *ioapic_reg(unsigned int n, unsigned int offset)
{
	volatile __u8 *base = devmap(DEVMAP_SLOT_IOAPIC(n),
				     platform_ioapic(n)->address);

	return base ? (volatile __u32 *)(base + offset) : NULL;
}

/* Register @index of IOAPIC @n, under ioapic_lock; 0 if unmapped. */
static __u32 hw_read(unsigned int n, __u8 index)
{
	volatile __u32 *select = ioapic_reg(n, IOAPIC_REG_SELECT);

	if (!select)
		return 0;
	*select = index;
	return *ioapic_reg(n, IOAPIC_REG_WINDOW);
}

static void hw_write(unsigned int n, __u8 index, __u32 value)
{
	volatile __u32 *select = ioapic_reg(n, IOAPIC_REG_SELECT);

	if (!select)
		return;
	*select = index;
	*ioapic_reg(n, IOAPIC_REG_WINDOW) = value;
}

static __u64 rte_read(unsigned int n, unsigned int pin);

void ioapic_init(void)
{
	unsigned int n, pins, pin;

	spin_lock(&ioapic_lock);
	for (n = 0; n < system_config->platform.num_ioapics; n++) {
		pins = ((hw_read(n, IOAPIC_VERSION) >>
			 IOAPIC_VERSION_MAX_RTE_SHIFT) &
			VERSION_MAX_RTE_MASK) + 1;
		ioapic_pins[n] = pins < JAILHOUSE_IOAPIC_PINS ?
				 pins : JAILHOUSE_IOAPIC_PINS;
		for (pin = 0; pin < ioapic_pins[n]; pin++)
			guest_rte[n][pin] = rte_read(n, pin);
		if (system_config->platform.num_iommu_units &&
		    ioapic_source(n) == IOMMU_ANY_SID)
			printk("IOAPIC %u: no source-id in the system config: "
			       "its remapping entries accept any requester\n",
			       n);
	}
	spin_unlock(&ioapic_lock);
}

int ioapic_of(__u64 gpa)
{
	unsigned int n;

	for (n = 0; n < system_config->platform.num_ioapics; n++)
		if ((gpa & ~(__u64)(PAGE_SIZE - 1)) ==
		    platform_ioapic(n)->address)
			return n;
	return -1;
}

/* Whether @desc lists @pin of IOAPIC @n. */
static bool desc_has_pin(const struct jailhouse_cell_desc *desc,
			 unsigned int n, unsigned int pin)
{
	const struct jailhouse_irqchip *chip = jailhouse_cell_irqchips(desc);
	unsigned int i;

	for (i = 0; i < desc->num_irqchips; i++)
		if (chip[i].ioapic_id == platform_ioapic(n)->id &&
		    chip[i].pin_bitmap[pin / 32] & (1U << (pin % 32)))
			return true;
	return false;
}

static bool cell_owns_pin(const struct cell *cell, unsigned int n,
			  unsigned int pin)
{
	if (pin >= ioapic_pins[n] || !desc_has_pin(cell->config, n, pin))
		return false;
	return !cell_is_root(cell) ||
	       !atomic_load_acquire(&pin_owner[n][pin]);
}

static bool cell_owns_any_pin(const struct cell *cell, unsigned int n)
{
	unsigned int pin;

	for (pin = 0; pin < ioapic_pins[n]; pin++)
		if (cell_owns_pin(cell, n, pin))
			return true;
	return false;
}

static __u8 pin_owner_of(unsigned int n, unsigned int pin)
{
	struct cell *cell;
	unsigned int slot;

	for_each_cell(slot, cell)
		if (desc_has_pin(cell->config, n, pin))
			return cell->id;
	return 0;
}

static __u64 rte_read(unsigned int n, unsigned int pin)
{
	__u8 index = IOAPIC_RTE_BASE + 2 * pin;

	return ((__u64)hw_read(n, index + 1) << RTE_HIGH_SHIFT) |
	       hw_read(n, index);
}

/* Masked first, so that no half-written entry ever delivers. */
static void rte_write(unsigned int n, unsigned int pin, __u64 rte)
{
	__u8 index = IOAPIC_RTE_BASE + 2 * pin;

	hw_write(n, index, hw_read(n, index) | IOAPIC_RTE_MASKED);
	hw_write(n, index + 1, rte >> RTE_HIGH_SHIFT);
	hw_write(n, index, rte & RTE_LOW_MASK);
}

static unsigned int pin_irte(unsigned int n, unsigned int pin)
{
	return n * IOMMU_IRT_IOAPIC_PINS + pin;
}

/*
 * The owner's entry of @pin to the hardware: as written, or, with
 * interrupt remapping, its remapping entry (for the owner's CPUs only)
 * and the remapped form.
 */
static void pin_program(unsigned int n, unsigned int pin)
{
	const struct cell *owner = cell_find(pin_owner[n][pin]);
	__u64 rte = guest_rte[n][pin];

	if (iommu_irq_remapping()) {
		iommu_set_irq(pin_irte(n, pin), ioapic_source(n), rte,
			      owner ?: &root_cell);
		rte = iommu_rte_remapped(rte, pin_irte(n, pin));
	}
	rte_write(n, pin, rte);
}

void ioapic_reprogram(void)
{
	unsigned int n, pin;

	spin_lock(&ioapic_lock);
	for (n = 0; n < system_config->platform.num_ioapics; n++)
		for (pin = 0; pin < ioapic_pins[n]; pin++)
			pin_program(n, pin);
	spin_unlock(&ioapic_lock);
}

/* A pin between owners: the root's entry kept or given back, else masked. */
static void pin_hand_over(unsigned int n, unsigned int pin, __u8 from,
			  __u8 to)
{
	if (!from)
		root_rte[n][pin] = guest_rte[n][pin];
	if (!to)
		guest_rte[n][pin] = root_rte[n][pin];
	else
		guest_rte[n][pin] |= IOAPIC_RTE_MASKED;
}

void ioapic_root_pins_update(void)
{
	unsigned int n, pin;
	__u8 owner;

	spin_lock(&ioapic_lock);
	for (n = 0; n < system_config->platform.num_ioapics; n++)
		for (pin = 0; pin < ioapic_pins[n]; pin++) {
			owner = pin_owner_of(n, pin);
			if (owner == pin_owner[n][pin])
				continue;
			pin_hand_over(n, pin, pin_owner[n][pin], owner);
			atomic_store_release(&pin_owner[n][pin], owner);
			pin_program(n, pin);
		}
	spin_unlock(&ioapic_lock);
}

static bool refuse(struct per_cpu *cpu, unsigned int n, __u8 index,
		   __u32 value)
{
	if (refusal_log_pass())
			printk("CPU %u: cell \"%s\": IOAPIC %u register 0x%x "
		       "write 0x%x refused\n", cpu->cpu_id,
		       cpu->cell->config->name, n, index, value);
	return cell_is_root(cpu->cell);
}

/*
 * A write to a pin the cell does not own that would leave it masked (the
 * low half with the mask bit, or the high half, whose destination means
 * nothing while masked) changes nothing the cell could see: the pin reads
 * as masked. Dropped, as Linux masks every pin of its IOAPIC at boot.
 */
static bool unowned_write_harmless(bool high, __u32 value)
{
	return high || (value & IOAPIC_RTE_MASKED);
}

/* A redirection entry half: @index 0x10 + 2 * pin (+ 1 for the high). */
static bool rte_access(struct per_cpu *cpu, unsigned int n, __u8 index,
		       bool write, __u32 *value)
{
	unsigned int pin = (index - IOAPIC_RTE_BASE) / 2;
	bool high = index & 1;
	__u64 rte;

	if (!cell_owns_pin(cpu->cell, n, pin)) {
		if (write && unowned_write_harmless(high, *value))
			return true;
		if (write)
			return refuse(cpu, n, index, *value);
		*value = high ? 0 : RTE_UNOWNED_LOW;
		return true;
	}
	rte = guest_rte[n][pin];
	if (!write) {
		*value = high ? rte >> RTE_HIGH_SHIFT :
			(rte & ~RTE_HW_STATUS) |
			(hw_read(n, index) & RTE_HW_STATUS);
		return true;
	}
	rte = high ? ((__u64)*value << RTE_HIGH_SHIFT) | (rte & RTE_LOW_MASK) :
		     (rte & ~RTE_LOW_MASK) | *value;
	if (!apic_rte_allowed(cpu->cell, rte))
		return refuse(cpu, n, index, *value);
	guest_rte[n][pin] = rte;
	if (iommu_irq_remapping())
		pin_program(n, pin);
	else
		hw_write(n, index, *value);
	return true;
}

static bool window_access(struct per_cpu *cpu, unsigned int n, bool write,
			  __u32 *value)
{
	__u8 index = cpu->arch.ioapic_select[n];

	if (index >= IOAPIC_RTE_BASE)
		return rte_access(cpu, n, index, write, value);
	/*
	 * Only the defined registers reach the hardware: Bochs stops the
	 * machine on a read of another, and real IOAPICs leave it undefined.
	 */
	if (!write)
		*value = index <= IOAPIC_ARBITRATION ? hw_read(n, index) : 0;
	else if (index == IOAPIC_ID && cell_is_root(cpu->cell))
		hw_write(n, index, *value);
	else
		return refuse(cpu, n, index, *value);
	return true;
}

/*
 * A cell's directed EOI, on its own pins: a masked trip to edge-triggered
 * clears Remote IRR (as Linux does on IOAPICs without an EOI register).
 */
static void eoi_own_pins(const struct cell *cell, unsigned int n,
			 __u8 vector)
{
	unsigned int pin;
	__u8 index;
	__u32 low;

	for (pin = 0; pin < ioapic_pins[n]; pin++) {
		index = IOAPIC_RTE_BASE + 2 * pin;
		low = hw_read(n, index);
		if (!ioapic_eoi_applies(low, vector,
					cell_owns_pin(cell, n, pin)))
			continue;
		hw_write(n, index, (low | IOAPIC_RTE_MASKED) & ~APIC_ICR_LEVEL);
		hw_write(n, index, low);
	}
}

/*
 * The root's directed EOI under interrupt remapping names the vector it
 * wrote, while the hardware entry may carry another (AMD-Vi: the
 * remapping index): each of its pins with that vector gets the EOI by
 * the vector the hardware holds.
 */
static void eoi_root_remapped(volatile __u32 *eoi, unsigned int n,
			      __u8 vector)
{
	unsigned int pin;

	for (pin = 0; pin < ioapic_pins[n]; pin++)
		if (cell_owns_pin(&root_cell, n, pin) &&
		    (guest_rte[n][pin] & APIC_ICR_VECTOR) == vector)
			*eoi = hw_read(n, IOAPIC_RTE_BASE + 2 * pin) &
			       APIC_ICR_VECTOR;
}

/* Directed EOI (version 0x20 and later): for a cell with pins there. */
static bool eoi_write(struct per_cpu *cpu, unsigned int n, __u32 value)
{
	volatile __u32 *eoi;

	if (!cell_owns_any_pin(cpu->cell, n))
		return refuse(cpu, n, IOAPIC_REG_EOI, value);
	if (!cell_is_root(cpu->cell)) {
		eoi_own_pins(cpu->cell, n, value);
		return true;
	}
	eoi = ioapic_reg(n, IOAPIC_REG_EOI);
	if (eoi && iommu_irq_remapping())
		eoi_root_remapped(eoi, n, value);
	else if (eoi)
		*eoi = value;
	return true;
}

bool ioapic_mmio_access(struct per_cpu *cpu, __u64 gpa, unsigned int size,
			bool write, __u32 *value)
{
	unsigned int offset = gpa & (PAGE_SIZE - 1);
	int n = ioapic_of(gpa);
	bool ok = true;

	if (n < 0 || size != 4)
		return false;
	spin_lock(&ioapic_lock);
	switch (offset) {
	case IOAPIC_REG_SELECT:
		if (write)
			cpu->arch.ioapic_select[n] = *value;
		else
			*value = cpu->arch.ioapic_select[n];
		break;
	case IOAPIC_REG_WINDOW:
		ok = window_access(cpu, n, write, value);
		break;
	case IOAPIC_REG_EOI:
		if (write)
			ok = eoi_write(cpu, n, *value);
		else
			*value = 0;
		break;
	default:
		if (!write)
			*value = 0;
	}
	spin_unlock(&ioapic_lock);
	return ok;
}
