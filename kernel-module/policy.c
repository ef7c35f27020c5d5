// SPDX-License-Identifier: GPL-2.0
/*
 * The active sandbox policy. JAILHOUSE_POLICY_LOAD: the policy arrives as
 * a file descriptor, is verified as a JAILHOUSE_IMAGE_POLICY image and
 * validated (lib/policy.c), and replaces the active policy only once
 * fully accepted; a refused policy changes nothing. Cell creation asks
 * jailhouse_policy_admit_cell(), which runs the shared check under the
 * same lock, so a policy cannot change in the middle of a check.
 */
#include <linux/mutex.h>
#include <linux/uaccess.h>

#include <jailhouse/ioctl.h>

#include "../lib/policy.h"
#include "enable.h"
#include "policy.h"
#include "verify.h"

static struct jailhouse_verified active;
static DEFINE_MUTEX(active_mutex);

static int validate(const struct jailhouse_verified *policy)
{
	struct jailhouse_config_error err = { 0 };

	if (!jailhouse_policy_validate(policy->payload, policy->payload_size,
				       &err))
		return 0;
	pr_warn("jailhouse: policy '%s' refused: %s %u: %s\n", policy->name,
		err.item, err.index, err.reason);
	return -EINVAL;
}

long jailhouse_policy_load(void __user *arg)
{
	struct jailhouse_policy_load_args args;
	struct jailhouse_verified policy, old;
	int err;

	if (copy_from_user(&args, arg, sizeof(args)))
		return -EFAULT;
	if (args.flags)
		return -EINVAL;
	err = jailhouse_verify_fd(args.policy_fd, JAILHOUSE_IMAGE_POLICY, NULL,
				  JAILHOUSE_VERIFY_DEFER, &policy);
	if (err)
		return err;
	err = validate(&policy) ?: jailhouse_verified_measure(&policy);
	if (err) {
		jailhouse_verified_release(&policy);
		return err;
	}
	mutex_lock(&active_mutex);
	old = active;
	active = policy;
	mutex_unlock(&active_mutex);
	jailhouse_verified_release(&old);
	pr_info("jailhouse: policy '%s' version %u active\n", policy.name,
		policy.version);
	return 0;
}

static void report(struct jailhouse_policy_checker *chk,
		   const struct jailhouse_policy_violation *v)
{
	const struct jailhouse_cell_desc *cell = chk->ctx;

	pr_warn("jailhouse: cell '%s' refused by the policy%s%s%s: %s "
		"%u: %s (%llu, limit %llu)\n", cell->name,
		chk->class ? " (class '" : "",
		chk->class ? chk->class->name : "", chk->class ? "')" : "",
		v->item ? v->item : "cell", v->index,
		jailhouse_policy_rule_text(v->rule), v->value, v->limit);
}

/* The exposure a class accepts is said at every create it allows. */
static void log_dma_exposure(const struct jailhouse_policy_checker *chk,
			     const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_cell_desc *root = &chk->sys->root_cell;
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(root);
	unsigned int i, exposed = 0;

	if (!(chk->class->flags & JAILHOUSE_POLICY_DMA_EXPOSURE_OK))
		return;
	for (i = 0; i < root->num_pci_devices; i++)
		exposed += jailhouse_policy_dma_exposed(chk->sys, &dev[i]);
	if (exposed)
		pr_warn("jailhouse: cell '%s' (class '%s'): %u root PCI "
			"devices without an IOMMU unit can reach its RAM by "
			"DMA; the policy accepts this exposure\n", cell->name,
			chk->class->name, exposed);
}

int jailhouse_policy_admit_cell(const struct jailhouse_cell_desc *cell,
				const struct jailhouse_verified *v)
{
	struct jailhouse_policy_checker chk = {
		.report = report,
		.ctx = (void *)cell,
		/* Cells are created under jailhouse_lock, while enabled. */
		.sys = jailhouse_system_config(),
	};
	int err = 0;

	/*
	 * The policy's minimum applies to the descriptor's field, rollback
	 * to the signed header's: they must be one number. An image that
	 * sig_enforce=0 let through unverified has no signed number; its
	 * field is as unverified as the rest of it.
	 */
	if (v->verified && cell->security_version != v->version) {
		pr_warn("jailhouse: cell '%s' refused: security version %u in "
			"the descriptor, %u in its signature\n", cell->name,
			cell->security_version, v->version);
		return -EPERM;
	}
	mutex_lock(&active_mutex);
	chk.policy = active.payload;
	if (!chk.policy) {
		pr_warn("jailhouse: cell '%s' refused: no policy loaded\n",
			cell->name);
		err = -EPERM;
	} else if (!chk.sys) {
		err = -ENODEV;
	} else if (jailhouse_policy_check_cell(&chk, cell, &v->signer)) {
		err = -EPERM;
	} else {
		log_dma_exposure(&chk, cell);
	}
	mutex_unlock(&active_mutex);
	return err;
}

/* Something loaded into a cell: what it is, the cell, who signed it. */
struct admission {
	const char *what;
	const char *cell_name;
	const struct jailhouse_signer_id *signer;
};

static void report_admission(struct jailhouse_policy_checker *chk,
			     const struct jailhouse_policy_violation *v)
{
	const struct admission *a = chk->ctx;

	pr_warn("jailhouse: %s for cell '%s' refused by the policy: %s\n",
		a->what, a->cell_name, jailhouse_policy_rule_text(v->rule));
}

/* Signed images: their signer's rules; unsigned strings: the class's. */
static unsigned int check_admission(struct jailhouse_policy_checker *chk,
				    const struct admission *a)
{
	if (a->signer)
		return jailhouse_policy_check_signer(chk, a->cell_name,
						     a->signer);
	return jailhouse_policy_check_string(chk, a->cell_name);
}

static int admit(const struct admission *a)
{
	struct jailhouse_policy_checker chk = {
		.report = report_admission,
		.ctx = (void *)a,
	};
	int err = 0;

	mutex_lock(&active_mutex);
	chk.policy = active.payload;
	if (!chk.policy) {
		pr_warn("jailhouse: %s for cell '%s' refused: no policy "
			"loaded\n", a->what, a->cell_name);
		err = -EPERM;
	} else if (check_admission(&chk, a)) {
		err = -EPERM;
	}
	mutex_unlock(&active_mutex);
	return err;
}

int jailhouse_policy_admit_inmate(const char *cell_name,
				  const struct jailhouse_verified *v)
{
	const struct admission a = { "inmate image", cell_name, &v->signer };

	return admit(&a);
}

int jailhouse_policy_admit_string(const char *cell_name)
{
	const struct admission a = { "string", cell_name, NULL };

	return admit(&a);
}

bool jailhouse_policy_allows_root_irqs(const char *cell_name)
{
	const struct jailhouse_policy_class *c = NULL;
	bool allowed;

	mutex_lock(&active_mutex);
	if (active.payload)
		c = jailhouse_policy_find_class(active.payload, cell_name);
	allowed = c && (c->flags & JAILHOUSE_POLICY_ROOT_IRQS);
	mutex_unlock(&active_mutex);
	return allowed;
}

void jailhouse_policy_exit(void)
{
	jailhouse_verified_release(&active);
}
