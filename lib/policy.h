/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Validation of binary policies (include/jailhouse/policy.h) and the check
 * of a cell descriptor against one. Shared by the loader (at cell create)
 * and the host tools (jh-policy check, jh-sign); no allocation, nothing
 * beyond lib/env.h.
 */
#ifndef _JAILHOUSE_LIB_POLICY_H
#define _JAILHOUSE_LIB_POLICY_H

#include <jailhouse/policy.h>

#include "config.h"
#include "signature.h"

/**
 * Validate a policy blob: header, counts, that every run of patterns,
 * ports and PCI rules lies inside its table, and each element's fields.
 *
 * Return: 0, or -EINVAL with *err filled (items named as in config.h).
 */
int jailhouse_policy_validate(const void *blob, size_t size,
			      struct jailhouse_config_error *err);

/* The tables of a validated policy (or one whose size was checked). */
const struct jailhouse_policy_signer *
jailhouse_policy_signers(const struct jailhouse_policy *p);
const struct jailhouse_policy_class *
jailhouse_policy_classes(const struct jailhouse_policy *p);
const struct jailhouse_policy_pattern *
jailhouse_policy_patterns(const struct jailhouse_policy *p);
const struct jailhouse_pio *
jailhouse_policy_pio(const struct jailhouse_policy *p);
const struct jailhouse_policy_pci_rule *
jailhouse_policy_pci_rules(const struct jailhouse_policy *p);
const struct jailhouse_msr_range *
jailhouse_policy_msr(const struct jailhouse_policy *p);

enum jailhouse_policy_rule {
	JH_POLICY_NO_CLASS,		/* no class covers the cell's name */
	JH_POLICY_SIGNER_UNKNOWN,	/* signer not in the policy */
	JH_POLICY_SIGNER_NAME,		/* signer may not sign it */
	JH_POLICY_MEMORY,		/* RAM above max_memory */
	JH_POLICY_CPUS,			/* CPUs above max_cpus */
	JH_POLICY_PIO,			/* ports not allowed */
	JH_POLICY_PCI_CLASS,		/* class not allowed */
	JH_POLICY_ROOTSHARED,		/* shared with root cell */
	JH_POLICY_IOMMU,		/* device without IOMMU */
	JH_POLICY_SECURITY_VERSION,	/* below the minimum */
	JH_POLICY_NOT_SANDBOX,		/* sandbox flag missing */
	JH_POLICY_REPLY_TIMEOUT,	/* reply timeout unbounded or long */
	JH_POLICY_MSR,			/* MSRs not allowed */
	JH_POLICY_UNSIGNED_STRING,	/* strings not accepted */
	JH_POLICY_DMA_EXPOSED,		/* root device without IOMMU */
	JH_POLICY_MSR_FAULT,		/* msr-fault flag not accepted */
	JH_POLICY_RULE_COUNT
};

struct jailhouse_policy_violation {
	enum jailhouse_policy_rule rule;
	const char *item;	/* "memory region"... or NULL */
	unsigned int index;	/* element of item */
	__u64 value;		/* what the cell has (bytes, port...) */
	__u64 limit;		/* what the policy allows, if a number */
};

struct jailhouse_policy_checker {
	/* Validated policy. */
	const struct jailhouse_policy *policy;
	/*
	 * The running system config (validated), whose root PCI devices
	 * are checked for DMA exposure; NULL where it is not known (the
	 * host tools), which skips that check.
	 */
	const struct jailhouse_system *sys;
	void (*report)(struct jailhouse_policy_checker *chk,
		       const struct jailhouse_policy_violation *v);
	void *ctx;			/* for the report callback */
	unsigned int violations;	/* counted by the check */
	/* Set by the check: the class that applied, or NULL. */
	const struct jailhouse_policy_class *class;
};

/* Text of a rule, e.g. "more memory than the class allows". */
const char *jailhouse_policy_rule_text(enum jailhouse_policy_rule rule);

/* Whether @name matches glob @pattern ('*' and '?'). */
bool jailhouse_policy_match(const char *pattern, const char *name);

/**
 * Check validated cell descriptor @cell against the policy: its class's
 * limits and, if @signer is not NULL and the policy names signers, that
 * this signer (type and bytes) is one of them and may sign this cell
 * name. Every violation is reported.
 *
 * Return: the number of violations (0: the cell complies).
 */
unsigned int jailhouse_policy_check_cell(struct jailhouse_policy_checker *chk,
					 const struct jailhouse_cell_desc *cell,
					 const struct jailhouse_signer_id *signer);

/**
 * Only the signer rules: whether @signer may sign for cell @name (an
 * inmate image for that cell). Violations are reported as above.
 *
 * Return: the number of violations (0: allowed).
 */
unsigned int
jailhouse_policy_check_signer(struct jailhouse_policy_checker *chk,
			      const char *name,
			      const struct jailhouse_signer_id *signer);

/**
 * Whether the class of cell @name accepts unsigned strings (`cell load
 * -s`, JAILHOUSE_POLICY_UNSIGNED_STRINGS). Violations are reported as
 * above.
 *
 * Return: the number of violations (0: accepted).
 */
/**
 * Whether root PCI device @dev of validated system config @sys can reach
 * any RAM by DMA: any device but ivshmem (virtual) and host bridges (the
 * root complex) that no IOMMU unit of the system config covers (the
 * hypervisor programs those units, and only those).
 */
bool jailhouse_policy_dma_exposed(const struct jailhouse_system *sys,
				  const struct jailhouse_pci_device *dev);

/** The first class of @p whose patterns match cell @name, or NULL. */
const struct jailhouse_policy_class *
jailhouse_policy_find_class(const struct jailhouse_policy *p, const char *name);

unsigned int
jailhouse_policy_check_string(struct jailhouse_policy_checker *chk,
			      const char *name);

#endif /* !_JAILHOUSE_LIB_POLICY_H */
