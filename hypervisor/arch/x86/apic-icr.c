// SPDX-License-Identifier: GPL-2.0
/*
 * Which CPUs an ICR write addresses, and whether the sender's cell may
 * address them; see asm/apic.h. Plain logic, also built for the host.
 */
#include <asm/apic.h>

static unsigned int shorthand(__u64 icr)
{
	return (icr & APIC_ICR_SH_MASK) >> APIC_ICR_SH_SHIFT;
}

static unsigned int delivery(__u64 icr)
{
	return (icr & APIC_ICR_DLVR_MASK) >> APIC_ICR_DLVR_SHIFT;
}

static __u32 destination(const struct apic_icr *icr)
{
	if (icr->x2apic)
		return icr->value >> APIC_X2APIC_DEST_SHIFT;
	return (icr->value >> APIC_XAPIC_DEST_SHIFT) & 0xff;
}

static bool is_broadcast(const struct apic_icr *icr)
{
	if (shorthand(icr->value) == APIC_ICR_SH_ALL ||
	    shorthand(icr->value) == APIC_ICR_SH_OTHERS)
		return true;
	if (icr->value & APIC_ICR_LOGICAL)
		return false;
	return destination(icr) == (icr->x2apic ? APIC_X2APIC_BROADCAST :
				    APIC_XAPIC_BROADCAST);
}

/* x2APIC logical: cluster in bits 16-31, member bits 0-15. */
static bool x2apic_logical_match(__u32 dest, __u32 ldr)
{
	return (dest >> 16) == (ldr >> 16) && (dest & ldr & 0xffff);
}

/* xAPIC logical: flat is an 8-bit mask; cluster is 4-bit id + 4 bits. */
static bool xapic_logical_match(__u32 dest, const struct apic_cpu *cpu)
{
	__u32 ldr = cpu->ldr >> 24;

	if ((cpu->dfr & APIC_DFR_MODEL_FLAT) == APIC_DFR_MODEL_FLAT)
		return dest & ldr;
	return (dest >> 4) == (ldr >> 4) && (dest & ldr & 0xf);
}

static bool addressed(const struct apic_icr *icr, const struct apic_cpu *cpu)
{
	__u32 dest = destination(icr);

	if (!(icr->value & APIC_ICR_LOGICAL))
		return cpu->apic_id == dest;
	if (icr->x2apic)
		return x2apic_logical_match(dest, cpu->ldr);
	return xapic_logical_match(dest, cpu);
}

__u64 apic_icr_targets(const struct apic_icr *icr,
		       const struct apic_cpu *cpus, unsigned int num)
{
	unsigned int sh = shorthand(icr->value), n;
	__u64 mask = 0;

	if (sh == APIC_ICR_SH_SELF)
		return 1ULL << icr->self;
	for (n = 0; n < num && n < APIC_MAX_CPUS; n++) {
		if (!cpus[n].present)
			continue;
		if (sh == APIC_ICR_SH_ALL || (sh == APIC_ICR_SH_OTHERS &&
					      n != icr->self) ||
		    (sh == APIC_ICR_SH_NONE && (is_broadcast(icr) ||
						addressed(icr, &cpus[n]))))
			mask |= 1ULL << n;
	}
	return mask;
}

static enum apic_action by_delivery_mode(__u64 icr)
{
	switch (delivery(icr)) {
	case APIC_ICR_DLVR_FIXED:
	case APIC_ICR_DLVR_LOWPRI:
	case APIC_ICR_DLVR_NMI:
		return APIC_SEND;
	case APIC_ICR_DLVR_INIT:
		/* Level de-assert: a no-op since the Pentium 4. */
		if ((icr & APIC_ICR_LEVEL) && !(icr & APIC_ICR_ASSERT))
			return APIC_IGNORE;
		return APIC_INIT;
	case APIC_ICR_DLVR_SIPI:
		return APIC_SIPI;
	default:
		/* SMI, and the reserved modes. */
		return APIC_DENY;
	}
}

/* Lowest priority reaches one CPU: the first of the targets. */
enum apic_action apic_icr_decide(const struct apic_icr *icr,
				 __u64 *targets)
{
	enum apic_action action = by_delivery_mode(icr->value);
	bool foreign = *targets & ~icr->cell_cpus;

	if (action == APIC_DENY || action == APIC_IGNORE)
		return action;
	/* An APIC id no CPU of the hypervisor has. */
	if (!*targets && !is_broadcast(icr))
		return APIC_DENY;
	if (foreign && !(icr->root && is_broadcast(icr)))
		return APIC_DENY;
	*targets &= icr->cell_cpus;
	if (delivery(icr->value) == APIC_ICR_DLVR_LOWPRI)
		*targets &= -*targets;
	return action;
}

/* Registers of the x2APIC MSR range by index - 0x800 (Intel SDM 10.12.1). */
#define X2_R		0x1	/* readable */
#define X2_W		0x2	/* writable */

static const __u8 x2apic_plain_access[MSR_X2APIC_LAST - MSR_X2APIC_FIRST +
				      1] = {
	[0x03] = X2_R,				/* version */
	[0x08] = X2_R | X2_W,			/* TPR */
	[0x0a] = X2_R,				/* PPR */
	[0x0b] = X2_W,				/* EOI */
	[0x0f] = X2_R | X2_W,			/* SVR */
	[0x10 ... 0x27] = X2_R,			/* ISR, TMR, IRR */
	[0x28] = X2_R | X2_W,			/* ESR */
	[0x2f] = X2_R | X2_W,			/* LVT CMCI */
	[0x32 ... 0x37] = X2_R | X2_W,		/* LVT timer ... error */
	[0x38] = X2_R | X2_W,			/* timer initial count */
	[0x39] = X2_R,				/* timer current count */
	[0x3e] = X2_R | X2_W,			/* timer divide */
};

enum x2apic_reg x2apic_reg_of(__u32 msr, bool write)
{
	unsigned int reg = msr - MSR_X2APIC_FIRST;

	if (msr < MSR_X2APIC_FIRST || msr > MSR_X2APIC_LAST)
		return X2APIC_REG_NONE;
	switch (reg) {
	case 0x02:
		return write ? X2APIC_REG_NONE : X2APIC_REG_ID;
	case 0x0d:
		return write ? X2APIC_REG_NONE : X2APIC_REG_LDR;
	case 0x30:
		return X2APIC_REG_ICR;
	case 0x3f:
		return write ? X2APIC_REG_SELF_IPI : X2APIC_REG_NONE;
	}
	if (x2apic_plain_access[reg] & (write ? X2_W : X2_R))
		return X2APIC_REG_PLAIN;
	return X2APIC_REG_NONE;
}
