// SPDX-License-Identifier: GPL-2.0
/*
 * Binary policy to text (docs/policy.md). Every field is written out, so
 * that compiling the text gives back the same bytes for any policy that
 * jh-policy compiled; signers appear by key id, since a binary does not
 * remember the certificate a key id came from.
 */
#include <errno.h>
#include <string.h>

#include "../lib/policy.h"
#include "policy-tool.h"

/* @s in YAML double quotes, escaping what the quotes cannot hold. */
static void show_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)
			fprintf(out, "\\x%02x", (unsigned char)*s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

/* "<indent>cells: [a, b]" for a run of patterns. */
static void show_patterns(FILE *out, const char *indent,
			  const struct jailhouse_policy *p, __u32 first,
			  __u32 num)
{
	const struct jailhouse_policy_pattern *pat =
		jailhouse_policy_patterns(p) + first;
	__u32 i;

	fprintf(out, "%scells: [", indent);
	for (i = 0; i < num; i++) {
		fprintf(out, "%s", i ? ", " : "");
		show_string(out, pat[i].pattern);
	}
	fprintf(out, "]\n");
}

static void show_signer(FILE *out, const struct jailhouse_policy *p,
			const struct jailhouse_policy_signer *s)
{
	__u32 i;

	fprintf(out, "  - %s: \"", s->key_id_type == JAILHOUSE_SIGNER_SKID ?
		"key-id" : "issuer-serial");
	for (i = 0; i < s->key_id_len; i++)
		fprintf(out, "%s%02x", i ? ":" : "", s->key_id[i]);
	fprintf(out, "\"\n");
	show_patterns(out, "    ", p, s->first_pattern, s->num_patterns);
}

/* A rule's class code as written: 2, 4 or 6 hex digits, by its mask. */
static void show_pci_rule(FILE *out, const struct jailhouse_policy_pci_rule *r)
{
	int digits = r->mask == 0xff0000 ? 2 : r->mask == 0xffff00 ? 4 : 6;

	fprintf(out, "\"%0*x\"", digits, r->value >> (4 * (6 - digits)));
}

/* "    <key>: [...]": the class's PCI rules of @action, if it has any. */
static void show_pci_rules(FILE *out, const char *key,
			   const struct jailhouse_policy *p,
			   const struct jailhouse_policy_class *c,
			   __u32 action)
{
	const struct jailhouse_policy_pci_rule *r =
		jailhouse_policy_pci_rules(p) + c->first_pci_rule;
	bool any = false;
	__u32 i;

	for (i = 0; i < c->num_pci_rules; i++) {
		if (r[i].action != action)
			continue;
		if (any)
			fprintf(out, ", ");
		else
			fprintf(out, "    %s: [", key);
		show_pci_rule(out, &r[i]);
		any = true;
	}
	if (any)
		fprintf(out, "]\n");
}

/* "    msr:" and the class's MSR ranges, as policy_build() reads them. */
static void show_msr(FILE *out, const struct jailhouse_policy *p,
		     const struct jailhouse_policy_class *c)
{
	const struct jailhouse_msr_range *m = jailhouse_policy_msr(p) +
					      c->first_msr;
	__u32 i;

	if (c->num_msr)
		fprintf(out, "    msr:\n");
	for (i = 0; i < c->num_msr; i++)
		fprintf(out, "      - {base: 0x%x, count: %u, access: [%s%s%s]}"
			"\n", m[i].base, m[i].count,
			m[i].flags & JAILHOUSE_MSR_READ ? "read" : "",
			m[i].flags == JAILHOUSE_MSR_FLAGS_VALID ? ", " : "",
			m[i].flags & JAILHOUSE_MSR_WRITE ? "write" : "");
}

static void show_class(FILE *out, const struct jailhouse_policy *p,
		       const struct jailhouse_policy_class *c)
{
	const struct jailhouse_pio *pio = jailhouse_policy_pio(p) +
					  c->first_pio;
	char buf[32];
	__u32 i;

	fprintf(out, "  - name: ");
	show_string(out, c->name);
	fprintf(out, "\n");
	show_patterns(out, "    ", p, c->first_pattern, c->num_patterns);
	fprintf(out, "    max-memory: %s\n    max-cpus: %u\n",
		config_size_text(buf, sizeof(buf), c->max_memory),
		c->max_cpus);
	if (c->num_pio)
		fprintf(out, "    pio:\n");
	for (i = 0; i < c->num_pio; i++)
		fprintf(out, "      - {base: 0x%x, length: %u}\n",
			pio[i].base, pio[i].length);
	show_pci_rules(out, "pci-allow", p, c, JAILHOUSE_POLICY_PCI_ALLOW);
	show_pci_rules(out, "pci-deny", p, c, JAILHOUSE_POLICY_PCI_DENY);
	show_msr(out, p, c);
	fprintf(out, "    root-shared: %s\n    iommu-required: %s\n"
		"    sandbox-required: %s\n",
		c->flags & JAILHOUSE_POLICY_ROOTSHARED_OK ? "true" : "false",
		c->flags & JAILHOUSE_POLICY_IOMMU_REQUIRED ? "true" : "false",
		c->flags & JAILHOUSE_POLICY_SANDBOX_REQUIRED ? "true" :
		"false");
	if (c->flags & JAILHOUSE_POLICY_UNSIGNED_STRINGS)
		fprintf(out, "    unsigned-strings: true\n");
	if (c->flags & JAILHOUSE_POLICY_ROOT_IRQS)
		fprintf(out, "    root-irqs: true\n");
	if (c->flags & JAILHOUSE_POLICY_DMA_EXPOSURE_OK)
		fprintf(out, "    dma-exposure: accept\n");
	if (c->flags & JAILHOUSE_POLICY_MSR_FAULT_OK)
		fprintf(out, "    msr-fault: accept\n");
	if (c->max_reply_timeout)
		fprintf(out, "    max-reply-timeout: %u\n",
			c->max_reply_timeout);
	if (c->min_security_version)
		fprintf(out, "    min-security-version: %u\n",
			c->min_security_version);
}

/*
 * Whether the tables are laid out as policy_build() lays them out: each
 * run right after the one before, signers' patterns before classes',
 * a class's allow rules before its deny rules. Only then does compiling
 * the text give back the same bytes (it always means the same).
 */
static bool in_build_order(const struct jailhouse_policy *p)
{
	const struct jailhouse_policy_signer *s = jailhouse_policy_signers(p);
	const struct jailhouse_policy_class *c = jailhouse_policy_classes(p);
	const struct jailhouse_policy_pci_rule *r =
		jailhouse_policy_pci_rules(p);
	__u32 i, pat = 0, pio = 0, pci = 0, msr = 0;

	for (i = 0; i < p->num_signers; pat += s[i++].num_patterns)
		if (s[i].first_pattern != pat)
			return false;
	for (i = 0; i < p->num_classes; i++) {
		if (c[i].first_pattern != pat || c[i].first_pio != pio ||
		    c[i].first_pci_rule != pci || c[i].first_msr != msr)
			return false;
		pat += c[i].num_patterns;
		pio += c[i].num_pio;
		msr += c[i].num_msr;
		for (; pci < c[i].first_pci_rule + c[i].num_pci_rules; pci++)
			if (pci > c[i].first_pci_rule &&
			    r[pci].action < r[pci - 1].action)
				return false;
	}
	return pat == p->num_patterns && pio == p->num_pio_ranges &&
	       pci == p->num_pci_rules && msr == p->num_msr_ranges;
}

int policy_show(FILE *out, const char *file, const struct config_blob *blob,
		char *error)
{
	const struct jailhouse_policy *p = (const void *)blob->data;
	struct jailhouse_config_error err;
	__u32 i;

	if (jailhouse_policy_validate(blob->data, blob->size, &err))
		return config_invalid(error, file, &err);
	fprintf(out, "# Policy, written by jh-policy show from %s\n", file);
	if (!in_build_order(p))
		fprintf(out, "# The tables are not in jh-policy's order: this "
			"text compiles to\n# an equivalent policy, not to "
			"the same bytes.\n");
	if (p->num_signers)
		fprintf(out, "signers:\n");
	for (i = 0; i < p->num_signers; i++)
		show_signer(out, p, &jailhouse_policy_signers(p)[i]);
	fprintf(out, "classes:%s\n", p->num_classes ? "" : " []");
	for (i = 0; i < p->num_classes; i++)
		show_class(out, p, &jailhouse_policy_classes(p)[i]);
	return ferror(out) ? -EIO : 0;
}
