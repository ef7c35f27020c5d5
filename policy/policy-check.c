// SPDX-License-Identifier: GPL-2.0
/*
 * The host side of the policy check, for `jh-policy check` and jh-sign:
 * validate both blobs, run lib/policy.c, explain every violation.
 */
#include <errno.h>
#include <string.h>

#include "../lib/policy.h"
#include "policy-tool.h"

struct explain {
	FILE *out;
	const struct jailhouse_cell_desc *cell;
};

/* The numbers of a violation, for the message. */
static void detail(char *buf, size_t len,
		   const struct jailhouse_policy_violation *v)
{
	unsigned long long x = v->value, lim = v->limit;

	switch (v->rule) {
	case JH_POLICY_MEMORY:
		snprintf(buf, len, " (%llu bytes, at most %llu)", x, lim);
		break;
	case JH_POLICY_CPUS:
		snprintf(buf, len, " (%llu CPUs, at most %llu)", x, lim);
		break;
	case JH_POLICY_SECURITY_VERSION:
		snprintf(buf, len, " (%llu, at least %llu)", x, lim);
		break;
	case JH_POLICY_PIO:
		snprintf(buf, len, " (from port 0x%llx)", x);
		break;
	case JH_POLICY_PCI_CLASS:
		snprintf(buf, len, " (class 0x%06llx)", x);
		break;
	case JH_POLICY_IOMMU:
		snprintf(buf, len, " (device %02llx:%02llx.%llx)", x >> 8,
			 (x >> 3) & 0x1f, x & 7);
		break;
	case JH_POLICY_ROOTSHARED:
		snprintf(buf, len, " (at 0x%llx)", x);
		break;
	default:
		buf[0] = '\0';
	}
}

static void explain(struct jailhouse_policy_checker *chk,
		    const struct jailhouse_policy_violation *v)
{
	const struct explain *ex = chk->ctx;
	char where[64] = "", numbers[96];

	if (!ex->out)
		return;
	if (v->item)
		snprintf(where, sizeof(where), "%s %u: ", v->item, v->index);
	detail(numbers, sizeof(numbers), v);
	fprintf(ex->out, "policy violation: cell '%s'%s%s%s: %s%s%s\n",
		ex->cell->name, chk->class ? " (class '" : "",
		chk->class ? chk->class->name : "", chk->class ? "')" : "",
		where, jailhouse_policy_rule_text(v->rule), numbers);
}

int policy_check_cell(FILE *out, const struct config_blob *policy,
		      const struct config_blob *cell,
		      const struct jailhouse_signer_id *signer, char *error)
{
	struct jailhouse_config_error err;
	struct explain ex = { .out = out, .cell = (const void *)cell->data };
	struct jailhouse_policy_checker chk = {
		.policy = (const void *)policy->data, .report = explain,
		.ctx = &ex,
	};
	unsigned int found;

	if (jailhouse_policy_validate(policy->data, policy->size, &err))
		return config_invalid(error, "policy", &err);
	if (jailhouse_cell_validate(cell->data, cell->size, &err))
		return config_invalid(error, "cell", &err);
	found = jailhouse_policy_check_cell(&chk, ex.cell, signer);
	if (!found)
		return 0;
	snprintf(error, CONFIG_ERROR_LEN, "cell '%s' violates the policy "
		 "(%u violation%s)", ex.cell->name, found,
		 found == 1 ? "" : "s");
	return -EPERM;
}
