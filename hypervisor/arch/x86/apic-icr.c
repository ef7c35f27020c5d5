// SPDX-License-Identifier: GPL-2.0
/*
 * Which CPUs an ICR write addresses, and whether the sender's cell may
 * address them; see asm/apic.h. Plain logic, also built for the host.
 */
#include <stddef.h>
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

/* LVT bits (Intel SDM vol. 3, "Local Vector Table"). */
#define LVT_DLVR_MASK		(7U << 8)
#define LVT_DLVR_NMI		(4U << 8)
#define LVT_READ_ONLY		((1U << 12) | (1U << 14))
#define LVT_POLARITY_TRIGGER	((1U << 13) | (1U << 15))
#define LVT_TIMER_MODE		(3U << 17)
#define LVT_TIMER_TSC_DEADLINE	(2U << 17)
#define SVR_FOCUS_VECTOR_ENABLE	0x3ffU
#define SVR_EOI_SUPPRESSION	(1U << 12)
#define TDCR_DIVIDE		0xbU
#define TPR_PRIORITY		0xffU
#define SELF_IPI_VECTOR		0xffU

bool x2apic_reg_present(__u32 msr, const struct x2apic_caps *caps)
{
	switch (msr) {
	case MSR_X2APIC_LVT_CMCI:
		return caps->cmci && caps->max_lvt >= 6;
	case MSR_X2APIC_LVT_THERMAL:
		return caps->max_lvt >= 5;
	case MSR_X2APIC_LVT_PMC:
		return caps->max_lvt >= 4;
	default:
		return true;
	}
}

/* The bits an LVT at @msr has besides the vector and the mask. */
static __u32 lvt_fields(__u32 msr, const struct x2apic_caps *caps)
{
	switch (msr) {
	case MSR_X2APIC_LVT_TIMER:
		return caps->tsc_deadline ? LVT_TIMER_MODE :
		       LVT_TIMER_MODE & ~LVT_TIMER_TSC_DEADLINE;
	case MSR_X2APIC_LVT_LINT0:
	case MSR_X2APIC_LVT_LINT1:
		return LVT_DLVR_MASK | LVT_POLARITY_TRIGGER;
	case MSR_X2APIC_LVT_ERROR:
		return 0;
	default:	/* CMCI, thermal, performance counters */
		return LVT_DLVR_MASK;
	}
}

static const char *lvt_refusal(__u32 msr, __u64 *value,
			       const struct x2apic_caps *caps)
{
	__u32 valid = APIC_ICR_VECTOR | APIC_LVT_MASKED |
		      lvt_fields(msr, caps);
	__u64 lvt = *value & ~(__u64)LVT_READ_ONLY;

	if (lvt & ~(__u64)valid)
		return "reserved LVT bits set";
	if ((lvt & LVT_TIMER_MODE) == LVT_TIMER_MODE &&
	    msr == MSR_X2APIC_LVT_TIMER)
		return "reserved timer mode";
	/* Masked, no mode delivers (Linux parks LINT0 as masked ExtINT). */
	if ((lvt & LVT_DLVR_MASK) && (lvt & LVT_DLVR_MASK) != LVT_DLVR_NMI &&
	    !(lvt & APIC_LVT_MASKED))
		return "unmasked LVT delivery mode other than fixed or NMI";
	*value = lvt;
	return NULL;
}

const char *x2apic_write_refusal(__u32 msr, __u64 *value,
				 const struct x2apic_caps *caps)
{
	__u32 svr = SVR_FOCUS_VECTOR_ENABLE |
		    (caps->eoi_suppression ? SVR_EOI_SUPPRESSION : 0);

	if (*value >> 32)
		return "bits 32-63 are reserved";
	switch (msr) {
	case MSR_X2APIC_EOI:
	case MSR_X2APIC_ESR:
		return *value ? "EOI and ESR take only 0" : NULL;
	case MSR_X2APIC_TPR:
		return *value & ~(__u64)TPR_PRIORITY ?
		       "reserved TPR bits set" : NULL;
	case MSR_X2APIC_SELF_IPI:
		return *value & ~(__u64)SELF_IPI_VECTOR ?
		       "reserved SELF IPI bits set" : NULL;
	case MSR_X2APIC_SVR:
		return *value & ~(__u64)svr ? "reserved SVR bits set" : NULL;
	case MSR_X2APIC_TDCR:
		return *value & ~(__u64)TDCR_DIVIDE ?
		       "reserved TDCR bits set" : NULL;
	case MSR_X2APIC_LVT_CMCI:
	case MSR_X2APIC_LVT_TIMER ... MSR_X2APIC_LVT_ERROR:
		return lvt_refusal(msr, value, caps);
	default:	/* the timer's initial count: any 32-bit value */
		return NULL;
	}
}
