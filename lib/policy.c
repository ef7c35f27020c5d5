// SPDX-License-Identifier: GPL-2.0
/*
 * Binary policy validation and the check of a cell against it. The cell
 * must have passed jailhouse_cell_validate(); the policy must have passed
 * jailhouse_policy_validate().
 */
#include "policy.h"

static const char *const rule_texts[JH_POLICY_RULE_COUNT] = {
	[JH_POLICY_NO_CLASS] = "no class of the policy covers this cell name",
	[JH_POLICY_SIGNER_UNKNOWN] = "the signer is not in the policy",
	[JH_POLICY_SIGNER_NAME] = "the signer may not sign this cell name",
	[JH_POLICY_MEMORY] = "more memory than the class allows",
	[JH_POLICY_CPUS] = "more CPUs than the class allows",
	[JH_POLICY_PIO] = "I/O ports the class does not allow",
	[JH_POLICY_PCI_CLASS] = "PCI device class the class does not allow",
	[JH_POLICY_ROOTSHARED] =
		"region shared with the root cell, which the class forbids",
	[JH_POLICY_IOMMU] =
		"PCI device without an IOMMU unit, which the class requires",
	[JH_POLICY_SECURITY_VERSION] =
		"security version below the class's minimum",
	[JH_POLICY_NOT_SANDBOX] =
		"no sandbox flag, which the class requires",
	[JH_POLICY_MSR] = "MSRs the class does not allow (or not that access)",
	[JH_POLICY_REPLY_TIMEOUT] =
		"reply timeout unbounded (0) or above the class's maximum",
	[JH_POLICY_UNSIGNED_STRING] =
		"an unsigned string, which the class does not accept",
	[JH_POLICY_DMA_EXPOSED] =
		"root PCI device reaching all RAM by DMA (no IOMMU unit)",
	[JH_POLICY_MSR_FAULT] =
		"msr-fault flag, which the class refuses (it stops cells)",
};

const char *jailhouse_policy_rule_text(enum jailhouse_policy_rule rule)
{
	if ((unsigned int)rule >= JH_POLICY_RULE_COUNT)
		return "unknown rule";
	return rule_texts[rule];
}

const struct jailhouse_policy_signer *
jailhouse_policy_signers(const struct jailhouse_policy *p)
{
	return (const void *)(p + 1);
}

const struct jailhouse_policy_class *
jailhouse_policy_classes(const struct jailhouse_policy *p)
{
	return (const void *)(jailhouse_policy_signers(p) + p->num_signers);
}

const struct jailhouse_policy_pattern *
jailhouse_policy_patterns(const struct jailhouse_policy *p)
{
	return (const void *)(jailhouse_policy_classes(p) + p->num_classes);
}

const struct jailhouse_pio *
jailhouse_policy_pio(const struct jailhouse_policy *p)
{
	return (const void *)(jailhouse_policy_patterns(p) + p->num_patterns);
}

const struct jailhouse_policy_pci_rule *
jailhouse_policy_pci_rules(const struct jailhouse_policy *p)
{
	return (const void *)(jailhouse_policy_pio(p) + p->num_pio_ranges);
}

const struct jailhouse_msr_range *
jailhouse_policy_msr(const struct jailhouse_policy *p)
{
	return (const void *)(jailhouse_policy_pci_rules(p) + p->num_pci_rules);
}

/*
 * Glob match without recursion: on a mismatch, let the last '*' swallow
 * one more character and retry from there.
 */
bool jailhouse_policy_match(const char *pattern, const char *name)
{
	const char *star = NULL, *resume = NULL;

	while (*name) {
		if (*pattern == '*') {
			star = pattern++;
			resume = name;
		} else if (*pattern == '?' || *pattern == *name) {
			pattern++;
			name++;
		} else if (star) {
			pattern = star + 1;
			name = ++resume;
		} else {
			return false;
		}
	}
	while (*pattern == '*')
		pattern++;
	return *pattern == '\0';
}

/* Validation */

static int fail(struct jailhouse_config_error *err, const char *item,
		int index, const char *reason)
{
	err->item = item;
	err->index = index < 0 ? 0 : (unsigned int)index;
	err->indexed = index >= 0;
	err->reason = reason;
	return -EINVAL;
}

static const char *string_problem(const char *s)
{
	unsigned int len = 0;

	while (len < JAILHOUSE_POLICY_PATTERN_LEN && s[len])
		len++;
	if (len == 0)
		return "empty";
	if (len == JAILHOUSE_POLICY_PATTERN_LEN)
		return "not NUL-terminated within 32 bytes";
	for (; len < JAILHOUSE_POLICY_PATTERN_LEN; len++)
		if (s[len])
			return "padding after the NUL is not zero";
	return NULL;
}

/* [first, first + num) inside a table of @total entries, and num >= 1. */
static bool run_ok(__u32 first, __u32 num, __u32 total, bool may_be_empty)
{
	if (num == 0)
		return may_be_empty;
	return first < total && num <= total - first;
}

static const char *signer_problem(const struct jailhouse_policy *p,
				  const struct jailhouse_policy_signer *s)
{
	unsigned int i;

	if (s->key_id_type != JAILHOUSE_SIGNER_SKID &&
	    s->key_id_type != JAILHOUSE_SIGNER_ISSUER_SERIAL)
		return "key id type neither subjectKeyIdentifier nor issuer "
		       "and serial";
	if (s->key_id_len == 0 || s->key_id_len > JAILHOUSE_POLICY_KEY_ID_LEN)
		return "key id length not 1 to 32";
	if (s->key_id_type == JAILHOUSE_SIGNER_ISSUER_SERIAL &&
	    s->key_id_len != JAILHOUSE_POLICY_KEY_ID_LEN)
		return "issuer and serial key id not of 32 bytes";
	for (i = s->key_id_len; i < JAILHOUSE_POLICY_KEY_ID_LEN; i++)
		if (s->key_id[i])
			return "key id padding is not zero";
	if (!run_ok(s->first_pattern, s->num_patterns, p->num_patterns,
		    false))
		return "cell patterns outside the pattern table";
	return s->reserved ? "reserved field is not zero" : NULL;
}

static const char *class_problem(const struct jailhouse_policy *p,
				 const struct jailhouse_policy_class *c)
{
	if (string_problem(c->name))
		return "name empty, unterminated or badly padded";
	if (!run_ok(c->first_pattern, c->num_patterns, p->num_patterns,
		    false))
		return "cell patterns outside the pattern table";
	if (!run_ok(c->first_pio, c->num_pio, p->num_pio_ranges, true))
		return "port ranges outside the port table";
	if (!run_ok(c->first_pci_rule, c->num_pci_rules, p->num_pci_rules,
		    true))
		return "PCI rules outside the PCI rule table";
	if (!run_ok(c->first_msr, c->num_msr, p->num_msr_ranges, true))
		return "MSR ranges outside the MSR table";
	return c->flags & ~JAILHOUSE_POLICY_CLASS_FLAGS ? "unknown flags" :
							    NULL;
}

static const char *pio_problem(const struct jailhouse_pio *pio)
{
	if (pio->length == 0 || pio->base >= JAILHOUSE_PIO_PORTS ||
	    pio->length > JAILHOUSE_PIO_PORTS - pio->base)
		return "empty or beyond port 0xffff";
	return NULL;
}

static const char *msr_problem(const struct jailhouse_msr_range *m)
{
	if (m->count == 0 || m->count - 1 > 0xffffffffU - m->base)
		return "empty or beyond MSR 0xffffffff";
	if (!m->flags || (m->flags & ~JAILHOUSE_MSR_FLAGS_VALID))
		return "access neither read nor write, or unknown flags";
	return m->reserved ? "reserved field is not zero" : NULL;
}

static const char *pci_rule_problem(const struct jailhouse_policy_pci_rule *r)
{
	if (r->mask != 0xff0000 && r->mask != 0xffff00 && r->mask != 0xffffff)
		return "mask must cover the class, subclass or prog-if";
	if (r->value & ~r->mask)
		return "value has bits outside the mask";
	if (r->action != JAILHOUSE_POLICY_PCI_ALLOW &&
	    r->action != JAILHOUSE_POLICY_PCI_DENY)
		return "action is neither allow nor deny";
	return r->reserved ? "reserved field is not zero" : NULL;
}

static const char *header_problem(const struct jailhouse_policy *p)
{
	if (memcmp(p->signature, JAILHOUSE_POLICY_SIGNATURE,
		   JAILHOUSE_SIGNATURE_LEN) != 0)
		return "not a policy (bad signature)";
	if (p->architecture != JAILHOUSE_ARCH_X86)
		return "built for another architecture";
	if (p->revision != JAILHOUSE_POLICY_REVISION)
		return "unsupported policy revision";
	if (p->num_signers > JAILHOUSE_POLICY_MAX_SIGNERS ||
	    p->num_classes > JAILHOUSE_POLICY_MAX_CLASSES ||
	    p->num_patterns > JAILHOUSE_POLICY_MAX_PATTERNS ||
	    p->num_pio_ranges > JAILHOUSE_POLICY_MAX_PIO ||
	    p->num_pci_rules > JAILHOUSE_POLICY_MAX_PCI_RULES ||
	    p->num_msr_ranges > JAILHOUSE_POLICY_MAX_MSR)
		return "more entries than the format allows";
	return NULL;
}

/* Only meaningful once the counts are known to be within their limits. */
static size_t policy_size(const struct jailhouse_policy *p)
{
	return sizeof(*p) +
	       p->num_signers * sizeof(struct jailhouse_policy_signer) +
	       p->num_classes * sizeof(struct jailhouse_policy_class) +
	       p->num_patterns * sizeof(struct jailhouse_policy_pattern) +
	       p->num_pio_ranges * sizeof(struct jailhouse_pio) +
	       p->num_pci_rules * sizeof(struct jailhouse_policy_pci_rule) +
	       p->num_msr_ranges * sizeof(struct jailhouse_msr_range);
}

/* First element of @count at @base that @problem objects to. */
#define FIRST_PROBLEM(err, item, count, problem, ...)			\
	({								\
		const char *__why = NULL;				\
		unsigned int __i;					\
		for (__i = 0; __i < (count) && !__why; __i++)		\
			__why = problem(__VA_ARGS__);			\
		__why ? fail(err, item, (int)__i - 1, __why) : 0;	\
	})

int jailhouse_policy_validate(const void *blob, size_t size,
			      struct jailhouse_config_error *err)
{
	const struct jailhouse_policy *p = blob;
	const char *why;

	if (size < sizeof(*p))
		return fail(err, "policy header", -1, "truncated");
	why = header_problem(p);
	if (why)
		return fail(err, "policy header", -1, why);
	if (size != policy_size(p))
		return fail(err, "policy header", -1,
			    "entry counts do not match the blob's length");
	return FIRST_PROBLEM(err, "signer", p->num_signers, signer_problem,
			     p, &jailhouse_policy_signers(p)[__i]) ?:
	       FIRST_PROBLEM(err, "class", p->num_classes, class_problem,
			     p, &jailhouse_policy_classes(p)[__i]) ?:
	       FIRST_PROBLEM(err, "pattern", p->num_patterns, string_problem,
			     jailhouse_policy_patterns(p)[__i].pattern) ?:
	       FIRST_PROBLEM(err, "port range", p->num_pio_ranges,
			     pio_problem, &jailhouse_policy_pio(p)[__i]) ?:
	       FIRST_PROBLEM(err, "PCI rule", p->num_pci_rules,
			     pci_rule_problem,
			     &jailhouse_policy_pci_rules(p)[__i]) ?:
	       FIRST_PROBLEM(err, "MSR range", p->num_msr_ranges, msr_problem,
			     &jailhouse_policy_msr(p)[__i]);
}

/* The check */

static void report(struct jailhouse_policy_checker *chk,
		   enum jailhouse_policy_rule rule, const char *item,
		   unsigned int index, __u64 value, __u64 limit)
{
	const struct jailhouse_policy_violation v = {
		.rule = rule, .item = item, .index = index, .value = value,
		.limit = limit,
	};

	chk->violations++;
	chk->report(chk, &v);
}

static bool any_pattern_matches(const struct jailhouse_policy *p,
				__u32 first, __u32 num, const char *name)
{
	const struct jailhouse_policy_pattern *pat =
		jailhouse_policy_patterns(p) + first;
	__u32 i;

	for (i = 0; i < num; i++)
		if (jailhouse_policy_match(pat[i].pattern, name))
			return true;
	return false;
}

const struct jailhouse_policy_class *
jailhouse_policy_find_class(const struct jailhouse_policy *p, const char *name)
{
	const struct jailhouse_policy_class *c = jailhouse_policy_classes(p);
	__u32 i;

	for (i = 0; i < p->num_classes; i++)
		if (any_pattern_matches(p, c[i].first_pattern,
					c[i].num_patterns, name))
			return &c[i];
	return NULL;
}

/* The policy's signer @s as a typed identity. */
static void signer_id(const struct jailhouse_policy_signer *s,
		      struct jailhouse_signer_id *id)
{
	memset(id, 0, sizeof(*id));
	id->type = s->key_id_type;
	id->len = s->key_id_len;
	memcpy(id->id, s->key_id, sizeof(s->key_id));
}

static void check_signer(struct jailhouse_policy_checker *chk,
			 const char *name,
			 const struct jailhouse_signer_id *signer)
{
	const struct jailhouse_policy *p = chk->policy;
	const struct jailhouse_policy_signer *s = jailhouse_policy_signers(p);
	struct jailhouse_signer_id id;
	__u32 i;

	/* A policy naming no signer leaves that to the keyring. */
	if (p->num_signers == 0)
		return;
	for (i = 0; i < p->num_signers; i++) {
		signer_id(&s[i], &id);
		if (!jailhouse_signer_equal(&id, signer))
			continue;
		if (!any_pattern_matches(p, s[i].first_pattern,
					 s[i].num_patterns, name))
			report(chk, JH_POLICY_SIGNER_NAME, NULL, 0, 0, 0);
		return;
	}
	report(chk, JH_POLICY_SIGNER_UNKNOWN, NULL, 0, 0, 0);
}

static void check_memory(struct jailhouse_policy_checker *chk,
			 const struct jailhouse_policy_class *c,
			 const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(cell);
	const __u64 not_ram = JAILHOUSE_MEM_IO | JAILHOUSE_MEM_COMM_REGION;
	__u64 total = 0;
	unsigned int i;

	for (i = 0; i < cell->num_memory_regions; i++) {
		if ((mem[i].flags & JAILHOUSE_MEM_ROOTSHARED) &&
		    !(c->flags & JAILHOUSE_POLICY_ROOTSHARED_OK))
			report(chk, JH_POLICY_ROOTSHARED, "memory region", i,
			       mem[i].phys_start, 0);
		/* Saturate: validated sizes cannot wrap singly. */
		if (!(mem[i].flags & not_ram))
			total = total + mem[i].size < total ? ~0ULL :
				total + mem[i].size;
	}
	if (total > c->max_memory)
		report(chk, JH_POLICY_MEMORY, NULL, 0, total, c->max_memory);
}

static void check_cpus(struct jailhouse_policy_checker *chk,
		       const struct jailhouse_policy_class *c,
		       const struct jailhouse_cell_desc *cell)
{
	unsigned int cpu, count = 0;

	for (cpu = 0; cpu < cell->cpu_set_size * 8; cpu++)
		count += jailhouse_cell_has_cpu(cell, cpu);
	if (count > c->max_cpus)
		report(chk, JH_POLICY_CPUS, NULL, 0, count, c->max_cpus);
}

/* Whether the class's ranges cover [base, base + length) without gaps. */
static bool ports_allowed(const struct jailhouse_policy *p,
			  const struct jailhouse_policy_class *c,
			  __u32 base, __u32 length)
{
	const struct jailhouse_pio *r = jailhouse_policy_pio(p) + c->first_pio;
	__u32 pos = base, end = base + length, i;

	for (i = 0; i < c->num_pio && pos < end; i++) {
		if (pos < r[i].base || pos >= r[i].base + r[i].length)
			continue;
		pos = r[i].base + r[i].length;
		i = -1U;	/* look for the range holding the new pos */
	}
	return pos >= end;
}

static void check_pio(struct jailhouse_policy_checker *chk,
		      const struct jailhouse_policy_class *c,
		      const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_pio *pio = jailhouse_cell_pio(cell);
	unsigned int i;

	for (i = 0; i < cell->num_pio_ranges; i++)
		if (!ports_allowed(chk->policy, c, pio[i].base, pio[i].length))
			report(chk, JH_POLICY_PIO, "port I/O range", i,
			       pio[i].base, 0);
}

/*
 * Whether the class's ranges with at least @flags cover MSRs [base,
 * base + count) without gaps (64-bit: the last range may end at 2^32).
 */
static bool msrs_allowed(const struct jailhouse_policy *p,
			 const struct jailhouse_policy_class *c,
			 const struct jailhouse_msr_range *want)
{
	const struct jailhouse_msr_range *r =
		jailhouse_policy_msr(p) + c->first_msr;
	__u64 pos = want->base, end = pos + want->count, r_end;
	__u32 i;

	for (i = 0; i < c->num_msr && pos < end; i++) {
		r_end = (__u64)r[i].base + r[i].count;
		if ((want->flags & ~r[i].flags) || pos < r[i].base ||
		    pos >= r_end)
			continue;
		pos = r_end;
		i = -1U;	/* look for the range holding the new pos */
	}
	return pos >= end;
}

static void check_msr(struct jailhouse_policy_checker *chk,
		      const struct jailhouse_policy_class *c,
		      const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_msr_range *msr = jailhouse_cell_msrs(cell);
	unsigned int i;

	for (i = 0; i < cell->num_msr_ranges; i++)
		if (!msrs_allowed(chk->policy, c, &msr[i]))
			report(chk, JH_POLICY_MSR, "MSR range", i,
			       msr[i].base, 0);
}

static bool pci_class_allowed(const struct jailhouse_policy *p,
			      const struct jailhouse_policy_class *c,
			      __u32 class_code)
{
	const struct jailhouse_policy_pci_rule *r =
		jailhouse_policy_pci_rules(p) + c->first_pci_rule;
	bool allowed = false;
	__u32 i;

	for (i = 0; i < c->num_pci_rules; i++) {
		if ((class_code & r[i].mask) != r[i].value)
			continue;
		if (r[i].action == JAILHOUSE_POLICY_PCI_DENY)
			return false;
		allowed = true;
	}
	return allowed;
}

static void check_pci(struct jailhouse_policy_checker *chk,
		      const struct jailhouse_policy_class *c,
		      const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(cell);
	unsigned int i;

	for (i = 0; i < cell->num_pci_devices; i++) {
		if (!pci_class_allowed(chk->policy, c, dev[i].class_code))
			report(chk, JH_POLICY_PCI_CLASS, "PCI device", i,
			       dev[i].class_code, 0);
		if ((c->flags & JAILHOUSE_POLICY_IOMMU_REQUIRED) &&
		    dev[i].iommu == JAILHOUSE_PCI_NO_IOMMU)
			report(chk, JH_POLICY_IOMMU, "PCI device", i,
			       dev[i].bdf, 0);
	}
}

#define PCI_CLASS_HOST_BRIDGE	0x060000
#define PCI_CLASS_SUBCLASS	0xffff00

bool jailhouse_policy_dma_exposed(const struct jailhouse_system *sys,
				  const struct jailhouse_pci_device *dev)
{
	if (dev->type == JAILHOUSE_PCI_TYPE_IVSHMEM ||
	    (dev->class_code & PCI_CLASS_SUBCLASS) == PCI_CLASS_HOST_BRIDGE)
		return false;
	return dev->iommu >= sys->platform.num_iommu_units;
}

/* Root devices reach every cell's RAM by DMA unless an IOMMU confines
 * them: refused unless the signed policy accepts it for the class. */
static void check_dma(struct jailhouse_policy_checker *chk,
		      const struct jailhouse_policy_class *c)
{
	const struct jailhouse_cell_desc *root;
	const struct jailhouse_pci_device *dev;
	unsigned int i;

	if (!chk->sys || (c->flags & JAILHOUSE_POLICY_DMA_EXPOSURE_OK))
		return;
	root = &chk->sys->root_cell;
	dev = jailhouse_cell_pci_devices(root);
	for (i = 0; i < root->num_pci_devices; i++)
		if (jailhouse_policy_dma_exposed(chk->sys, &dev[i]))
			report(chk, JH_POLICY_DMA_EXPOSED, "root PCI device",
			       i, dev[i].bdf, 0);
}

/* Destroy must always win: the sandbox flag, a bounded reply timeout. */
static void check_flags(struct jailhouse_policy_checker *chk,
			const struct jailhouse_policy_class *c,
			const struct jailhouse_cell_desc *cell)
{
	__u32 timeout = cell->msg_reply_timeout;

	if ((c->flags & JAILHOUSE_POLICY_SANDBOX_REQUIRED) &&
	    !(cell->flags & JAILHOUSE_CELL_SANDBOX))
		report(chk, JH_POLICY_NOT_SANDBOX, NULL, 0, cell->flags, 0);
	if (c->max_reply_timeout &&
	    (timeout == 0 || timeout > c->max_reply_timeout))
		report(chk, JH_POLICY_REPLY_TIMEOUT, NULL, 0, timeout,
		       c->max_reply_timeout);
	if ((cell->flags & JAILHOUSE_CELL_MSR_FAULT) &&
	    !(c->flags & JAILHOUSE_POLICY_MSR_FAULT_OK))
		report(chk, JH_POLICY_MSR_FAULT, NULL, 0, cell->flags, 0);
}

unsigned int
jailhouse_policy_check_signer(struct jailhouse_policy_checker *chk,
			      const char *name,
			      const struct jailhouse_signer_id *signer)
{
	unsigned int before = chk->violations;

	check_signer(chk, name, signer);
	return chk->violations - before;
}

unsigned int
jailhouse_policy_check_string(struct jailhouse_policy_checker *chk,
			      const char *name)
{
	const struct jailhouse_policy_class *c = jailhouse_policy_find_class(chk->policy, name);
	unsigned int before = chk->violations;

	chk->class = c;
	if (!c)
		report(chk, JH_POLICY_NO_CLASS, NULL, 0, 0, 0);
	else if (!(c->flags & JAILHOUSE_POLICY_UNSIGNED_STRINGS))
		report(chk, JH_POLICY_UNSIGNED_STRING, NULL, 0, 0, 0);
	return chk->violations - before;
}

unsigned int jailhouse_policy_check_cell(struct jailhouse_policy_checker *chk,
					 const struct jailhouse_cell_desc *cell,
					 const struct jailhouse_signer_id *signer)
{
	const struct jailhouse_policy_class *c;
	unsigned int before = chk->violations;

	if (signer)
		check_signer(chk, cell->name, signer);
	c = jailhouse_policy_find_class(chk->policy, cell->name);
	chk->class = c;
	if (!c) {
		report(chk, JH_POLICY_NO_CLASS, NULL, 0, 0, 0);
		return chk->violations - before;
	}
	check_memory(chk, c, cell);
	check_cpus(chk, c, cell);
	check_pio(chk, c, cell);
	check_msr(chk, c, cell);
	check_pci(chk, c, cell);
	check_dma(chk, c);
	check_flags(chk, c, cell);
	if (cell->security_version < c->min_security_version)
		report(chk, JH_POLICY_SECURITY_VERSION, NULL, 0,
		       cell->security_version, c->min_security_version);
	return chk->violations - before;
}
