// SPDX-License-Identifier: GPL-2.0
/*
 * Text policy to binary (include/jailhouse/policy.h). docs/policy.md
 * describes the format. Values are checked here; the result then goes
 * through jailhouse_policy_validate() like any binary policy.
 */
#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/policy.h"
#include "config-names.h"
#include "config-text.h"
#include "policy-tool.h"

/* A growing table of fixed-size entries. */
struct table {
	uint8_t *data;
	size_t count, size, max;
	const char *what;
};

struct policy_build {
	struct text_doc *td;
	const char *dir;	/* directory of the policy file */
	struct table signers, classes, patterns, pio, pci, msr;
};

/* Append a zeroed entry; NULL with an error when the table is full. */
static void *table_push(struct policy_build *pb, struct table *t,
			yaml_node_t *node)
{
	uint8_t *grown;

	if (t->count >= t->max) {
		text_error(pb->td, node, "more than %zu %s", t->max, t->what);
		return NULL;
	}
	grown = realloc(t->data, (t->count + 1) * t->size);
	if (!grown) {
		text_error(pb->td, node, "out of memory");
		return NULL;
	}
	t->data = grown;
	memset(t->data + t->count * t->size, 0, t->size);
	return t->data + t->count++ * t->size;
}

static int parse_pattern(struct policy_build *pb, yaml_node_t *node)
{
	struct jailhouse_policy_pattern *pat;
	const char *s = NULL;

	if (text_string(pb->td, node, &s))
		return -EINVAL;
	if (strlen(s) == 0 || strlen(s) >= JAILHOUSE_POLICY_PATTERN_LEN)
		return text_error(pb->td, node, "expected a cell name pattern "
				  "of 1 to 31 characters");
	pat = table_push(pb, &pb->patterns, node);
	if (!pat)
		return -EINVAL;
	strcpy(pat->pattern, s);
	return 0;
}

/* The list under "cells": a run of patterns; set its first and count. */
static int parse_patterns(struct policy_build *pb, yaml_node_t *map,
			  __u32 *first, __u32 *num)
{
	yaml_node_t *node;
	int i, len, ret;

	ret = text_map_need(pb->td, map, "cells", &node);
	len = ret ?: text_seq_len(pb->td, node, "cell name patterns");
	if (len < 0)
		return len;
	if (len == 0)
		return text_error(pb->td, node, "expected at least one "
				  "cell name pattern");
	*first = (__u32)pb->patterns.count;
	*num = (__u32)len;
	for (i = 0; i < len && !ret; i++)
		ret = parse_pattern(pb, text_seq_item(pb->td, node, i));
	return ret;
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* "ab:cd:..." or "abcd...": 1 to 32 bytes. */
static int parse_hex_id(const char *s, uint8_t *id, size_t *len)
{
	int hi, lo;

	for (*len = 0; *s; (*len)++) {
		if (*len && *s == ':')
			s++;
		hi = hex_value(s[0]);
		lo = hi < 0 ? -1 : hex_value(s[1]);
		if (lo < 0 || *len == JAILHOUSE_POLICY_KEY_ID_LEN)
			return -1;
		id[*len] = (uint8_t)(hi << 4 | lo);
		s += 2;
	}
	return *len ? 0 : -1;
}

static int parse_cert(struct policy_build *pb, yaml_node_t *node,
		      struct jailhouse_policy_signer *s)
{
	char path[4096], error[CONFIG_ERROR_LEN];
	struct jailhouse_signer_id id;
	const char *name = NULL;

	if (text_string(pb->td, node, &name))
		return -EINVAL;
	snprintf(path, sizeof(path), "%s%s%s", name[0] == '/' ? "" : pb->dir,
		 name[0] == '/' ? "" : "/", name);
	if (policy_cert_key_id(path, &id, error))
		return text_error(pb->td, node, "%s", error);
	s->key_id_type = (__u16)id.type;
	s->key_id_len = (__u16)id.len;
	memcpy(s->key_id, id.id, id.len);
	return 0;
}

/* Through a function: the fields are members of a packed structure. */
static int set_run(struct jailhouse_policy_signer *s, __u32 first,
		   __u32 num)
{
	s->first_pattern = first;
	s->num_patterns = num;
	return 0;
}

static const char *const signer_keys[] = {
	"certificate", "key-id", "issuer-serial", "serial", "cells", NULL
};

/*
 * key-id: a subjectKeyIdentifier; issuer-serial: the digest of a
 * certificate's issuer and serial (jailhouse/signature.h), as
 * `jh-sign info` prints it.
 */
static int parse_hex_signer(struct policy_build *pb, yaml_node_t *node,
			    __u16 type, struct jailhouse_policy_signer *s)
{
	const char *hex = NULL;
	size_t len;

	if (text_string(pb->td, node, &hex) ||
	    parse_hex_id(hex, s->key_id, &len))
		return text_error(pb->td, node, "expected 1 to 32 hex bytes, "
				  "like 'a1:b2:c3'");
	s->key_id_type = type;
	s->key_id_len = (__u16)len;
	return 0;
}

static int parse_signer(struct policy_build *pb, yaml_node_t *node)
{
	struct jailhouse_policy_signer *s;
	yaml_node_t *cert, *kid, *serial;
	__u32 first, num;

	if (text_map_check(pb->td, node, "signer", signer_keys))
		return -EINVAL;
	s = table_push(pb, &pb->signers, node);
	if (!s)
		return -EINVAL;
	cert = text_map_get(pb->td, node, "certificate");
	kid = text_map_get(pb->td, node, "key-id");
	serial = text_map_get(pb->td, node, "issuer-serial");
	if (text_map_get(pb->td, node, "serial"))
		return text_error(pb->td, node, "a serial alone does not name "
				  "a signer (another issuer may reuse it): use "
				  "'certificate' or 'issuer-serial'");
	if (!!cert + !!kid + !!serial != 1)
		return text_error(pb->td, node, "expected one of "
				  "'certificate', 'key-id' or 'issuer-serial'");
	if (cert && parse_cert(pb, cert, s))
		return -EINVAL;
	if (kid && parse_hex_signer(pb, kid, JAILHOUSE_SIGNER_SKID, s))
		return -EINVAL;
	if (serial &&
	    parse_hex_signer(pb, serial, JAILHOUSE_SIGNER_ISSUER_SERIAL, s))
		return -EINVAL;
	return parse_patterns(pb, node, &first, &num) ?:
	       set_run(s, first, num);
}

static const char *const pio_keys[] = { "base", "length", NULL };

static int parse_pio(struct policy_build *pb, yaml_node_t *node)
{
	unsigned long long base, length;
	struct jailhouse_pio *pio;

	if (text_map_check(pb->td, node, "port range", pio_keys) ||
	    text_need_u64(pb->td, node, "base", 0xffff, &base) ||
	    text_need_u64(pb->td, node, "length", JAILHOUSE_PIO_PORTS,
			  &length))
		return -EINVAL;
	if (length == 0 || base + length > JAILHOUSE_PIO_PORTS)
		return text_error(pb->td, node, "expected 1 or more ports "
				  "ending at 0xffff at most");
	pio = table_push(pb, &pb->pio, node);
	if (!pio)
		return -EINVAL;
	pio->base = (__u32)base;
	pio->length = (__u32)length;
	return 0;
}

/* "02", "0c03" or "0c0330": class, with subclass, with prog-if. */
static int parse_pci_rule(struct policy_build *pb, yaml_node_t *node,
			  __u32 action)
{
	struct jailhouse_policy_pci_rule *rule;
	const char *s = NULL;
	size_t len, i;
	__u32 value = 0;

	if (text_string(pb->td, node, &s))
		return -EINVAL;
	len = strlen(s);
	for (i = 0; i < len && hex_value(s[i]) >= 0; i++)
		value = value << 4 | (__u32)hex_value(s[i]);
	if (i != len || (len != 2 && len != 4 && len != 6))
		return text_error(pb->td, node, "expected a PCI class as 2, 4 "
				  "or 6 hex digits (class, subclass, "
				  "prog-if), like \"0c03\", got '%s'", s);
	rule = table_push(pb, &pb->pci, node);
	if (!rule)
		return -EINVAL;
	rule->value = value << (4 * (6 - len));
	rule->mask = 0xffffff & ~((1U << (4 * (6 - len))) - 1);
	rule->action = action;
	return 0;
}

typedef int (*list_parser)(struct policy_build *pb, yaml_node_t *node,
			   __u32 arg);

/* Parse the optional list under @key with @parse; count the entries. */
static int parse_list(struct policy_build *pb, yaml_node_t *map,
		      const char *key, list_parser parse, __u32 arg,
		      __u32 *count)
{
	yaml_node_t *node = text_map_get(pb->td, map, key);
	int i, len = node ? text_seq_len(pb->td, node, key) : 0;
	int ret = len < 0 ? len : 0;

	for (i = 0; i < len && !ret; i++)
		ret = parse(pb, text_seq_item(pb->td, node, i), arg);
	*count += len > 0 ? (__u32)len : 0;
	return ret;
}

static const char *const msr_keys[] = { "base", "count", "access", NULL };

/* As in a cell config: {base, count (default 1), access: [read, write]}. */
static int msr_item(struct policy_build *pb, yaml_node_t *node, __u32 arg)
{
	unsigned long long base, count = 1, access = 0;
	struct jailhouse_msr_range *msr;
	yaml_node_t *acc;

	(void)arg;
	if (text_map_check(pb->td, node, "MSR range", msr_keys) ||
	    text_need_u64(pb->td, node, "base", 0xffffffff, &base) ||
	    text_opt_u64(pb->td, node, "count", 0xffffffff, &count) ||
	    text_map_need(pb->td, node, "access", &acc) ||
	    text_flags(pb->td, acc, config_msr_access, &access))
		return -EINVAL;
	if (!text_map_get(pb->td, node, "count"))
		count = 1;
	msr = table_push(pb, &pb->msr, node);
	if (!msr)
		return -EINVAL;
	msr->base = (__u32)base;
	msr->count = (__u32)count;
	msr->flags = (__u32)access;
	return 0;
}

static int pio_item(struct policy_build *pb, yaml_node_t *node, __u32 arg)
{
	(void)arg;
	return parse_pio(pb, node);
}

static const struct text_name booleans[] = {
	{ "true", 1 }, { "false", 0 }, { "yes", 1 }, { "no", 0 },
	{ NULL, 0 }
};

/* Boolean under @key (default false): @flag or 0, or -EINVAL. */
static int parse_bool(struct policy_build *pb, yaml_node_t *map,
		      const char *key, int flag)
{
	yaml_node_t *node = text_map_get(pb->td, map, key);
	unsigned long long v = 0;

	if (node && text_choice(pb->td, node, booleans, &v))
		return -EINVAL;
	return v ? flag : 0;
}

static const char *const class_keys[] = {
	"name", "cells", "max-memory", "max-cpus", "pio", "pci-allow",
	"pci-deny", "root-shared", "iommu-required", "min-security-version",
	"sandbox-required", "max-reply-timeout", "msr", "unsigned-strings",
	"root-irqs", "dma-exposure", "msr-fault", NULL
};

static const struct {
	const char *key;
	int flag;
} class_booleans[] = {
	{ "root-shared", JAILHOUSE_POLICY_ROOTSHARED_OK },
	{ "iommu-required", JAILHOUSE_POLICY_IOMMU_REQUIRED },
	{ "sandbox-required", JAILHOUSE_POLICY_SANDBOX_REQUIRED },
	{ "unsigned-strings", JAILHOUSE_POLICY_UNSIGNED_STRINGS },
	{ "root-irqs", JAILHOUSE_POLICY_ROOT_IRQS },
};

/* A named choice rather than a boolean: accepting it is a statement. */
static const struct text_name dma_exposure[] = {
	{ "refuse", 0 }, { "accept", JAILHOUSE_POLICY_DMA_EXPOSURE_OK },
	{ NULL, 0 }
};

static const struct text_name msr_fault[] = {
	{ "refuse", 0 }, { "accept", JAILHOUSE_POLICY_MSR_FAULT_OK },
	{ NULL, 0 }
};

static int parse_class_flags(struct policy_build *pb, yaml_node_t *node,
			     __u32 *flags)
{
	yaml_node_t *dma = text_map_get(pb->td, node, "dma-exposure");
	yaml_node_t *msr = text_map_get(pb->td, node, "msr-fault");
	unsigned long long choice = 0, msr_choice = 0;
	size_t i;
	int flag;

	*flags = 0;
	for (i = 0; i < sizeof(class_booleans) / sizeof(class_booleans[0]);
	     i++) {
		flag = parse_bool(pb, node, class_booleans[i].key,
				  class_booleans[i].flag);
		if (flag < 0)
			return -EINVAL;
		*flags |= flag;
	}
	if ((dma && text_choice(pb->td, dma, dma_exposure, &choice)) ||
	    (msr && text_choice(pb->td, msr, msr_fault, &msr_choice)))
		return -EINVAL;
	*flags |= (__u32)(choice | msr_choice);
	return 0;
}

static int parse_class_limits(struct policy_build *pb, yaml_node_t *node,
			      struct jailhouse_policy_class *c)
{
	unsigned long long max_memory, max_cpus, min_version, timeout;
	__u32 flags;

	if (parse_class_flags(pb, node, &flags) ||
	    text_opt_u64(pb->td, node, "max-reply-timeout", 0xffffffff,
			 &timeout) ||
	    text_need_u64(pb->td, node, "max-memory", ULLONG_MAX,
			  &max_memory) ||
	    text_need_u64(pb->td, node, "max-cpus", 0xffffffff, &max_cpus) ||
	    text_opt_u64(pb->td, node, "min-security-version", 0xffffffff,
			 &min_version))
		return -EINVAL;
	c->max_memory = max_memory;
	c->max_cpus = (__u32)max_cpus;
	c->min_security_version = (__u32)min_version;
	c->flags = flags;
	c->max_reply_timeout = (__u32)timeout;
	return 0;
}

static int parse_class(struct policy_build *pb, yaml_node_t *node)
{
	struct jailhouse_policy_class c = { 0 }, *slot;
	__u32 first, num, num_pio = 0, num_pci = 0, num_msr = 0;
	yaml_node_t *name_node;
	const char *name = NULL;

	if (text_map_check(pb->td, node, "class", class_keys) ||
	    text_map_need(pb->td, node, "name", &name_node) ||
	    text_string(pb->td, name_node, &name))
		return -EINVAL;
	if (strlen(name) == 0 || strlen(name) >= sizeof(c.name))
		return text_error(pb->td, name_node, "expected a class name "
				  "of 1 to 31 characters");
	strcpy(c.name, name);
	c.first_pio = (__u32)pb->pio.count;
	c.first_pci_rule = (__u32)pb->pci.count;
	c.first_msr = (__u32)pb->msr.count;
	if (parse_patterns(pb, node, &first, &num) ||
	    parse_class_limits(pb, node, &c) ||
	    parse_list(pb, node, "pio", pio_item, 0, &num_pio) ||
	    parse_list(pb, node, "pci-allow", parse_pci_rule,
		       JAILHOUSE_POLICY_PCI_ALLOW, &num_pci) ||
	    parse_list(pb, node, "pci-deny", parse_pci_rule,
		       JAILHOUSE_POLICY_PCI_DENY, &num_pci) ||
	    parse_list(pb, node, "msr", msr_item, 0, &num_msr))
		return -EINVAL;
	c.first_pattern = first;
	c.num_patterns = num;
	c.num_pio = num_pio;
	c.num_pci_rules = num_pci;
	c.num_msr = num_msr;
	slot = table_push(pb, &pb->classes, node);
	if (!slot)
		return -EINVAL;
	*slot = c;
	return 0;
}

static int signer_item(struct policy_build *pb, yaml_node_t *node, __u32 a)
{
	(void)a;
	return parse_signer(pb, node);
}

static int class_item(struct policy_build *pb, yaml_node_t *node, __u32 a)
{
	(void)a;
	return parse_class(pb, node);
}

/* Header and tables, in the order of the format, into one blob. */
static int assemble(struct policy_build *pb, struct config_blob *out)
{
	struct table *tables[] = {
		&pb->signers, &pb->classes, &pb->patterns, &pb->pio, &pb->pci,
		&pb->msr,
	};
	struct jailhouse_policy hdr = {
		.architecture = JAILHOUSE_ARCH_X86,
		.revision = JAILHOUSE_POLICY_REVISION,
		.num_signers = (__u32)pb->signers.count,
		.num_classes = (__u32)pb->classes.count,
		.num_patterns = (__u32)pb->patterns.count,
		.num_pio_ranges = (__u32)pb->pio.count,
		.num_pci_rules = (__u32)pb->pci.count,
		.num_msr_ranges = (__u32)pb->msr.count,
	};
	size_t i, off = sizeof(hdr);

	memcpy(hdr.signature, JAILHOUSE_POLICY_SIGNATURE,
	       JAILHOUSE_SIGNATURE_LEN);
	out->size = sizeof(hdr);
	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		out->size += tables[i]->count * tables[i]->size;
	out->data = malloc(out->size);
	if (!out->data)
		return -ENOMEM;
	memcpy(out->data, &hdr, sizeof(hdr));
	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		memcpy(out->data + off, tables[i]->data,
		       tables[i]->count * tables[i]->size);
		off += tables[i]->count * tables[i]->size;
	}
	return 0;
}

static const char *const top_keys[] = { "signers", "classes", NULL };

static int build_doc(struct policy_build *pb, struct config_blob *out)
{
	yaml_node_t *root = text_root(pb->td);
	struct jailhouse_config_error err;
	__u32 n = 0;
	int ret;

	ret = text_map_check(pb->td, root, "the policy", top_keys) ?:
	      parse_list(pb, root, "signers", signer_item, 0, &n) ?:
	      parse_list(pb, root, "classes", class_item, 0, &n) ?:
	      assemble(pb, out);
	if (ret)
		return ret;
	if (jailhouse_policy_validate(out->data, out->size, &err))
		return text_error(pb->td, root, "%s: %s", err.item,
				  err.reason);
	return 0;
}

static void free_tables(struct policy_build *pb)
{
	free(pb->signers.data);
	free(pb->classes.data);
	free(pb->patterns.data);
	free(pb->pio.data);
	free(pb->pci.data);
	free(pb->msr.data);
}

#define TABLE(type, max, what) { NULL, 0, sizeof(type), max, what }

int policy_build(const char *file, const void *text, size_t len,
		 struct config_blob *out, char *error)
{
	char *file_copy = strdup(file);
	struct text_doc td;
	struct policy_build pb = {
		.td = &td, .dir = file_copy ? dirname(file_copy) : ".",
		.signers = TABLE(struct jailhouse_policy_signer,
				 JAILHOUSE_POLICY_MAX_SIGNERS, "signers"),
		.classes = TABLE(struct jailhouse_policy_class,
				 JAILHOUSE_POLICY_MAX_CLASSES, "classes"),
		.patterns = TABLE(struct jailhouse_policy_pattern,
				  JAILHOUSE_POLICY_MAX_PATTERNS, "patterns"),
		.pio = TABLE(struct jailhouse_pio, JAILHOUSE_POLICY_MAX_PIO,
			     "port ranges"),
		.pci = TABLE(struct jailhouse_policy_pci_rule,
			     JAILHOUSE_POLICY_MAX_PCI_RULES, "PCI rules"),
		.msr = TABLE(struct jailhouse_msr_range,
			     JAILHOUSE_POLICY_MAX_MSR, "MSR ranges"),
	};
	int ret;

	out->data = NULL;
	out->size = 0;
	ret = text_load(&td, file, text, len) ?: build_doc(&pb, out);
	if (ret) {
		snprintf(error, CONFIG_ERROR_LEN, "%s",
			 td.error[0] ? td.error : strerror(-ret));
		config_blob_free(out);
	}
	text_free(&td);
	free_tables(&pb);
	free(file_copy);
	return ret;
}

bool policy_is_binary(const struct config_blob *blob)
{
	return blob->size >= JAILHOUSE_SIGNATURE_LEN &&
	       !memcmp(blob->data, JAILHOUSE_POLICY_SIGNATURE,
		       JAILHOUSE_SIGNATURE_LEN);
}
