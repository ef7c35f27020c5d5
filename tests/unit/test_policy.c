// SPDX-License-Identifier: GPL-2.0
/*
 * lib/policy.c and jh-policy's compiler: every policy rule with a cell
 * that breaks it and one that keeps it, glob patterns, signers, and the
 * validation of malformed binary policies.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "policy.h"
#include "config-util.h"
#include "policy-tool.h"

/* An issuer-and-serial identity: 32 bytes (a SHA-256), in text and as
 * test_case() reads it. */
#define EE8		"ee:ee:ee:ee:ee:ee:ee:ee"
#define ISSUER_SERIAL	EE8 ":" EE8 ":" EE8 ":" EE8
#define EE8_HEX		"eeeeeeeeeeeeeeee"
#define EE32_HEX	EE8_HEX EE8_HEX EE8_HEX EE8_HEX

static const char policy_text[] =
	"signers:\n"
	"  - key-id: \"0a:0b:0c\"\n"
	"    cells: [\"sandbox-*\"]\n"
	"  - key-id: \"ff\"\n"
	"    cells: [\"vendor-?\"]\n"
	"  - issuer-serial: \"" ISSUER_SERIAL "\"\n"
	"    cells: [\"sandbox-*\"]\n"
	"classes:\n"
	"  - name: sandbox\n"
	"    cells: [\"sandbox-*\", \"vendor-?\"]\n"
	"    max-memory: 2M\n"
	"    max-cpus: 1\n"
	"    pio:\n"
	"      - {base: 0x2f8, length: 4}\n"
	"      - {base: 0x2fc, length: 4}\n"
	"    pci-allow: [\"02\", \"0c\"]\n"
	"    pci-deny: [\"0c03\"]\n"
	"    iommu-required: true\n"
	"    sandbox-required: true\n"
	"    max-reply-timeout: 500\n"
	"    msr:\n"
	"      - {base: 0x10, access: [read]}\n"
	"      - {base: 0x11, count: 2, access: [read, write]}\n"
	"    min-security-version: 2\n"
	"  - name: shared\n"
	"    cells: [\"shared-*\"]\n"
	"    max-memory: 1G\n"
	"    max-cpus: 4\n"
	"    root-shared: yes\n"
	"    unsigned-strings: true\n"
	"  - name: lab\n"
	"    cells: [\"lab-*\"]\n"
	"    max-memory: 1G\n"
	"    max-cpus: 4\n"
	"    dma-exposure: accept\n"
	"    msr-fault: accept\n";

/* A sandbox cell; @extra adds keys, @mem and @cpus vary the limits. */
#define CELL(name, cpus, mem_size, mem_flags, extra)			\
	CELL_FLAGS(name, "sandbox", "500", cpus, mem_size, mem_flags, extra)
#define CELL_FLAGS(name, flags, timeout, cpus, mem_size, mem_flags, extra) \
	"cell:\n"							\
	"  name: " name "\n"						\
	"  flags: [" flags "]\n"						\
	"  msg-reply-timeout: " timeout "\n"				\
	"  security-version: 2\n"					\
	"  cpus: [" cpus "]\n"						\
	"  memory:\n"							\
	"    - {phys: 0x3c000000, virt: 0, size: " mem_size ", "	\
	"flags: [read, write, " mem_flags "loadable]}\n"		\
	"    - {virt: 0x800000, size: 4K, flags: [read, write, "	\
	"comm-region]}\n" extra

#define GOOD CELL("sandbox-a", "3", "2M", "", "")
#define MSR(base, count, access)					\
	"  msr:\n    - {base: " base ", count: " count ", access: ["	\
	access "]}\n"

struct policy_case {
	const char *name;
	const char *cell;
	/* Hex bytes of an SKID ("sn:" first: of an issuer and serial),
	 * NULL: no signer check. */
	const char *key_id;
	int rule;		/* expected rule, -1: complies */
};

static const struct policy_case cases[] = {
	{ "complies", GOOD, NULL, -1 },
	{ "no class: name matches none", CELL("other", "3", "2M", "", ""),
	  NULL, JH_POLICY_NO_CLASS },
	{ "memory: 2M + 4K RAM", CELL("sandbox-a", "3", "0x201000", "", ""),
	  NULL, JH_POLICY_MEMORY },
	{ "memory fine: I/O and comm region do not count",
	  CELL("sandbox-a", "3", "2M", "",
	       "    - {phys: 0xfe000000, virt: 0x900000, size: 1M, "
	       "flags: [read, write, io]}\n"), NULL, -1 },
	{ "cpus: two", CELL("sandbox-a", "2-3", "2M", "", ""), NULL,
	  JH_POLICY_CPUS },
	{ "pio: port 0x300 not allowed",
	  CELL("sandbox-a", "3", "2M", "",
	       "  pio:\n    - {base: 0x2fc, length: 5}\n"), NULL,
	  JH_POLICY_PIO },
	{ "pio fine: spans two allowed ranges",
	  CELL("sandbox-a", "3", "2M", "",
	       "  pio:\n    - {base: 0x2f9, length: 7}\n"), NULL, -1 },
	{ "pci class: USB denied inside allowed 0c",
	  CELL("sandbox-a", "3", "2M", "",
	       "  pci:\n    - {bdf: \"00:1d.0\", class: 0x0c0320, "
	       "iommu: 0}\n"), NULL, JH_POLICY_PCI_CLASS },
	{ "pci class: storage never allowed",
	  CELL("sandbox-a", "3", "2M", "",
	       "  pci:\n    - {bdf: \"00:1f.2\", class: 0x010601, "
	       "iommu: 0}\n"), NULL, JH_POLICY_PCI_CLASS },
	{ "pci class fine: network behind an IOMMU",
	  CELL("sandbox-a", "3", "2M", "",
	       "  pci:\n    - {bdf: \"00:02.0\", class: 0x020000, "
	       "iommu: 0}\n"), NULL, -1 },
	{ "iommu: network without a unit",
	  CELL("sandbox-a", "3", "2M", "",
	       "  pci:\n    - {bdf: \"00:02.0\", class: 0x020000}\n"), NULL,
	  JH_POLICY_IOMMU },
	{ "rootshared: forbidden in class sandbox",
	  CELL("sandbox-a", "3", "2M", "rootshared, ", ""), NULL,
	  JH_POLICY_ROOTSHARED },
	{ "rootshared fine: allowed in class shared",
	  CELL("shared-a", "3", "2M", "rootshared, ", ""), NULL, -1 },
	{ "security version: 1 below 2",
	  "cell:\n  name: sandbox-a\n  security-version: 1\n  cpus: [3]\n",
	  NULL, JH_POLICY_SECURITY_VERSION },
	{ "sandbox flag missing",
	  CELL_FLAGS("sandbox-a", "", "500", "3", "2M", "", ""), NULL,
	  JH_POLICY_NOT_SANDBOX },
	{ "reply timeout 0: unbounded",
	  CELL_FLAGS("sandbox-a", "sandbox", "0", "3", "2M", "", ""), NULL,
	  JH_POLICY_REPLY_TIMEOUT },
	{ "reply timeout 501 ms: above 500",
	  CELL_FLAGS("sandbox-a", "sandbox", "501", "3", "2M", "", ""), NULL,
	  JH_POLICY_REPLY_TIMEOUT },
	{ "msr-fault: the class keeps fail-on-violation",
	  CELL_FLAGS("sandbox-a", "sandbox, msr-fault", "500", "3", "2M", "",
		     ""), NULL, JH_POLICY_MSR_FAULT },
	{ "msr-fault fine: class lab accepts it",
	  CELL_FLAGS("lab-a", "msr-fault", "0", "3", "2M", "", ""), NULL,
	  -1 },
	{ "no flag, unbounded timeout fine: class shared",
	  CELL_FLAGS("shared-a", "", "0", "3", "2M", "", ""), NULL, -1 },
	{ "MSR fine: read of an allowed one",
	  CELL("sandbox-a", "3", "2M", "", MSR("0x10", "1", "read")), NULL,
	  -1 },
	{ "MSR fine: read over two adjacent ranges",
	  CELL("sandbox-a", "3", "2M", "", MSR("0x10", "3", "read")), NULL,
	  -1 },
	{ "MSR: write where the class allows read only",
	  CELL("sandbox-a", "3", "2M", "", MSR("0x10", "1", "write")), NULL,
	  JH_POLICY_MSR },
	{ "MSR: one past the allowed ranges",
	  CELL("sandbox-a", "3", "2M", "", MSR("0x11", "3", "read")), NULL,
	  JH_POLICY_MSR },
	{ "MSR: none allowed in class shared",
	  CELL_FLAGS("shared-a", "", "0", "3", "2M", "",
		     MSR("0x10", "1", "read")), NULL, JH_POLICY_MSR },
	{ "signer fine: its own pattern", GOOD, "0a0b0c", -1 },
	{ "signer unknown", GOOD, "0a0b0d", JH_POLICY_SIGNER_UNKNOWN },
	{ "signer name: not its pattern",
	  CELL("vendor-1", "3", "2M", "", ""), "0a0b0c",
	  JH_POLICY_SIGNER_NAME },
	{ "signer name fine: vendor key, vendor cell",
	  CELL("vendor-1", "3", "2M", "", ""), "ff", -1 },
	/* Typed identities: an issuer and serial equal to a listed SKID
	 * is another signer, and the other way round. */
	{ "signer by issuer-serial equal to a listed SKID: unknown", GOOD,
	  "sn:0a0b0c", JH_POLICY_SIGNER_UNKNOWN },
	{ "signer by issuer-serial equal to a vendor SKID: unknown",
	  CELL("vendor-1", "3", "2M", "", ""), "sn:ff",
	  JH_POLICY_SIGNER_UNKNOWN },
	{ "signer by issuer-serial, listed so", GOOD, "sn:" EE32_HEX, -1 },
	{ "signer by SKID equal to a listed issuer-serial: unknown", GOOD,
	  EE32_HEX, JH_POLICY_SIGNER_UNKNOWN },
};

#define NUM_CASES	(sizeof(cases) / sizeof(cases[0]))

static void build_policy_ok(const char *text, struct config_blob *out)
{
	char error[CONFIG_ERROR_LEN];

	if (policy_build("t.policy", text, strlen(text), out, error))
		fail_msg("policy: %s", error);
}

static void record(struct jailhouse_policy_checker *chk,
		   const struct jailhouse_policy_violation *v)
{
	*(unsigned int *)chk->ctx |= 1U << v->rule;
}

static size_t hex_bytes(const char *hex, __u8 *out)
{
	size_t n = 0;
	unsigned int byte;

	for (; hex && sscanf(hex, "%2x", &byte) == 1; hex += 2)
		out[n++] = (__u8)byte;
	return n;
}

static void test_case(void **state)
{
	const struct policy_case *c = *state;
	struct config_blob policy, cell;
	unsigned int seen = 0, found;
	struct jailhouse_policy_checker chk = {
		.report = record, .ctx = &seen,
	};
	bool serial = c->key_id && !strncmp(c->key_id, "sn:", 3);
	struct jailhouse_signer_id signer = {
		.type = serial ? JAILHOUSE_SIGNER_ISSUER_SERIAL :
				 JAILHOUSE_SIGNER_SKID,
	};

	signer.len = (__u32)hex_bytes(c->key_id + (serial ? 3 : 0),
				      signer.id);

	build_policy_ok(policy_text, &policy);
	build_ok(c->cell, &cell);
	chk.policy = (const void *)policy.data;
	found = jailhouse_policy_check_cell(&chk, (const void *)cell.data,
					    c->key_id ? &signer : NULL);
	if (c->rule < 0 && found)
		fail_msg("%s: unexpected violations 0x%x", c->name, seen);
	if (c->rule >= 0 && !(seen & (1U << c->rule)))
		fail_msg("%s: rule %d not reported (0x%x)", c->name, c->rule,
			 seen);
	config_blob_free(&policy);
	config_blob_free(&cell);
}

/* Rule of jailhouse_policy_check_string() for cell @name, -1: none. */
static int string_rule(const struct config_blob *policy, const char *name)
{
	unsigned int seen = 0;
	struct jailhouse_policy_checker chk = {
		.policy = (const void *)policy->data,
		.report = record, .ctx = &seen,
	};
	unsigned int found = jailhouse_policy_check_string(&chk, name);

	assert_int_equal(found, __builtin_popcount(seen));
	return seen ? __builtin_ctz(seen) : -1;
}

/*
 * `cell load -s`: only a class with unsigned-strings takes a string;
 * the sandbox class (as the shipped one) does not.
 */
static void test_strings(void **state)
{
	struct config_blob policy;

	(void)state;
	build_policy_ok(policy_text, &policy);
	assert_int_equal(string_rule(&policy, "shared-1"), -1);
	assert_int_equal(string_rule(&policy, "sandbox-a"),
			 JH_POLICY_UNSIGNED_STRING);
	assert_int_equal(string_rule(&policy, "other"), JH_POLICY_NO_CLASS);
	config_blob_free(&policy);
}

/* System config @name of configs/x86, built; @iommu_units: 0 drops them. */
static void build_system(const char *name, bool iommu_units,
			 struct config_blob *sys)
{
	char path[256], error[CONFIG_ERROR_LEN];
	struct config_blob text;

	snprintf(path, sizeof(path), "%s/%s", JH_CONFIG_DIR, name);
	read_ok(path, &text);
	if (config_build(path, text.data, text.size, sys, error))
		fail_msg("%s", error);
	config_blob_free(&text);
	if (!iommu_units)
		((struct jailhouse_system *)sys->data)->platform
			.num_iommu_units = 0;
}

/* Violations of cell @cell_text against the policy on system @sys. */
static unsigned int dma_violations(const struct config_blob *policy,
				   const struct config_blob *sys,
				   const char *cell_text)
{
	unsigned int seen = 0, found;
	struct jailhouse_policy_checker chk = {
		.policy = (const void *)policy->data,
		.sys = (const void *)sys->data,
		.report = record, .ctx = &seen,
	};
	struct config_blob cell;

	build_ok(cell_text, &cell);
	found = jailhouse_policy_check_cell(&chk, (const void *)cell.data,
					    NULL);
	config_blob_free(&cell);
	assert_int_equal(seen & ~(1U << JH_POLICY_DMA_EXPOSED), 0);
	return found;
}

/*
 * Item 14: root PCI devices no IOMMU unit covers (host bridges and
 * ivshmem aside) can reach any cell's RAM; a class must accept that by
 * name. QEMU's config has every device behind unit 0; without the unit,
 * its six devices but the host bridge are exposed; Bochs has no IOMMU
 * (four of five). The host tools know no system: no check.
 */
static void test_dma_exposure(void **state)
{
	struct config_blob policy, qemu, no_iommu, bochs;
	const char *lab = CELL("lab-1", "3", "2M", "", "");

	(void)state;
	build_policy_ok(policy_text, &policy);
	build_system("qemu-svm.conf", true, &qemu);
	build_system("qemu-svm.conf", false, &no_iommu);
	build_system("bochs-vmx.conf", true, &bochs);
	assert_int_equal(dma_violations(&policy, &qemu, GOOD), 0);
	assert_int_equal(dma_violations(&policy, &no_iommu, GOOD), 6);
	assert_int_equal(dma_violations(&policy, &bochs, GOOD), 4);
	assert_int_equal(dma_violations(&policy, &no_iommu, lab), 0);
	assert_int_equal(dma_violations(&policy, &bochs, lab), 0);
	config_blob_free(&qemu);
	config_blob_free(&no_iommu);
	config_blob_free(&bochs);
	config_blob_free(&policy);
}

static void test_every_rule_covered(void **state)
{
	/* The rules of the string check and of the system: test_strings,
	 * test_dma_exposure. */
	unsigned int covered = 1U << JH_POLICY_UNSIGNED_STRING |
			       1U << JH_POLICY_DMA_EXPOSED, i;

	(void)state;
	for (i = 0; i < NUM_CASES; i++)
		if (cases[i].rule >= 0)
			covered |= 1U << cases[i].rule;
	assert_int_equal(covered, (1U << JH_POLICY_RULE_COUNT) - 1);
}

static void test_glob(void **state)
{
	(void)state;
	assert_true(jailhouse_policy_match("*", ""));
	assert_true(jailhouse_policy_match("a*b*c", "aXbYbZc"));
	assert_true(jailhouse_policy_match("sandbox-?", "sandbox-1"));
	assert_false(jailhouse_policy_match("sandbox-?", "sandbox-12"));
	assert_false(jailhouse_policy_match("a*b", "aXbY"));
	assert_true(jailhouse_policy_match("**a", "a"));
	assert_false(jailhouse_policy_match("abc", "ab"));
}

/* jh-sign's entry point: printed explanation and -EPERM. */
static void test_host_check(void **state)
{
	struct config_blob policy, cell;
	char error[CONFIG_ERROR_LEN], *text;
	size_t len;
	FILE *out;

	(void)state;
	build_policy_ok(policy_text, &policy);
	build_ok(CELL("sandbox-a", "2-3", "2M", "", ""), &cell);
	out = open_memstream(&text, &len);
	assert_int_equal(policy_check_cell(out, &policy, &cell, NULL, error),
			 -EPERM);
	fclose(out);
	assert_string_equal(text, "policy violation: cell 'sandbox-a' (class "
			    "'sandbox'): more CPUs than the class allows "
			    "(2 CPUs, at most 1)\n");
	assert_string_equal(error, "cell 'sandbox-a' violates the policy "
			    "(1 violation)");
	free(text);
	config_blob_free(&cell);
	build_ok(GOOD, &cell);
	assert_int_equal(policy_check_cell(NULL, &policy, &cell, NULL, error),
			 0);
	config_blob_free(&cell);
	config_blob_free(&policy);
}

static void test_validate(void **state)
{
	struct jailhouse_config_error err;
	struct config_blob policy;
	struct jailhouse_policy *p;
	struct jailhouse_policy_class *c;
	struct jailhouse_policy_signer *s;
	size_t len;

	(void)state;
	build_policy_ok(policy_text, &policy);
	p = (void *)policy.data;
	assert_int_equal(jailhouse_policy_validate(p, policy.size, &err), 0);
	for (len = 0; len < policy.size; len++)
		assert_int_equal(jailhouse_policy_validate(p, len, &err),
				 -EINVAL);
	c = (void *)(policy.data + sizeof(*p) +
		     p->num_signers * sizeof(struct jailhouse_policy_signer));
	c->first_pio = 0xffffffff;
	assert_int_equal(jailhouse_policy_validate(p, policy.size, &err),
			 -EINVAL);
	assert_string_equal(err.item, "class");
	assert_string_equal(err.reason, "port ranges outside the port table");
	c->first_pio = 0;
	s = (void *)(policy.data + sizeof(*p));
	/* 2: the serial alone, which another issuer may reuse. */
	s->key_id_type = 2;
	assert_int_equal(jailhouse_policy_validate(p, policy.size, &err),
			 -EINVAL);
	assert_string_equal(err.reason, "key id type neither "
			    "subjectKeyIdentifier nor issuer and serial");
	s->key_id_type = JAILHOUSE_SIGNER_ISSUER_SERIAL;
	assert_int_equal(jailhouse_policy_validate(p, policy.size, &err),
			 -EINVAL);
	assert_string_equal(err.reason, "issuer and serial key id not of "
			    "32 bytes");
	s->key_id_type = JAILHOUSE_SIGNER_SKID;
	assert_int_equal(jailhouse_policy_validate(p, policy.size, &err), 0);
	p->revision = 1;
	assert_int_equal(jailhouse_policy_validate(p, policy.size, &err),
			 -EINVAL);
	assert_string_equal(err.reason, "unsupported policy revision");
	p->revision = JAILHOUSE_POLICY_REVISION;
	p->num_patterns = 0x7fffffff;
	assert_int_equal(jailhouse_policy_validate(p, policy.size, &err),
			 -EINVAL);
	assert_string_equal(err.reason, "more entries than the format allows");
	config_blob_free(&policy);
}

static void expect_policy_error(const char *text, const char *message)
{
	char error[CONFIG_ERROR_LEN];
	struct config_blob out;

	assert_int_equal(policy_build("t.policy", text, strlen(text), &out,
				      error), -EINVAL);
	assert_null(out.data);
	assert_string_equal(error, message);
}

static void test_text_errors(void **state)
{
	(void)state;
	expect_policy_error("classes:\n  - {name: a, cells: [x], "
			    "max-memory: 1M, max-cpus: 1, pci-allow: [\"2\"]}"
			    "\n", "t.policy:2:68: expected a PCI class as 2, 4 "
			    "or 6 hex digits (class, subclass, prog-if), like "
			    "\"0c03\", got '2'");
	expect_policy_error("signers:\n  - {key-id: \"zz\", cells: [x]}\n",
			    "t.policy:2:14: expected 1 to 32 hex bytes, like "
			    "'a1:b2:c3'");
	expect_policy_error("signers:\n  - {key-id: \"aa\", issuer-serial: "
			    "\"aa\", cells: [x]}\n", "t.policy:2:5: expected "
			    "one of 'certificate', 'key-id' or "
			    "'issuer-serial'");
	expect_policy_error("signers:\n  - {serial: \"aa\", cells: [x]}\n",
			    "t.policy:2:5: a serial alone does not name a "
			    "signer (another issuer may reuse it): use "
			    "'certificate' or 'issuer-serial'");
	expect_policy_error("classes:\n  - {name: a, cells: [x], "
			    "max-memory: 1M, max-cpus: 1, dma-exposure: yes}\n",
			    "t.policy:2:70: unknown name 'yes', expected one of: "
			    "refuse, accept");
	expect_policy_error("classes:\n  - {name: a, cells: [x]}\n",
			    "t.policy:2:5: missing key 'max-memory'");
	expect_policy_error("classes:\n  - {name: a, cells: [], "
			    "max-memory: 1M, max-cpus: 1}\n",
			    "t.policy:2:22: expected at least one cell name "
			    "pattern");
	expect_policy_error("signers:\n  - {certificate: /nonexistent.pem, "
			    "cells: [x]}\n",
			    "t.policy:2:19: /nonexistent.pem: not a readable "
			    "X.509 certificate (PEM or DER)");
}

int main(void)
{
	struct CMUnitTest tests[NUM_CASES + 7];
	unsigned int i;

	for (i = 0; i < NUM_CASES; i++)
		tests[i] = (struct CMUnitTest) {
			.name = cases[i].name, .test_func = test_case,
			.initial_state = (void *)&cases[i],
		};
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(
		test_every_rule_covered);
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(test_strings);
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(test_dma_exposure);
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(test_glob);
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(test_host_check);
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(test_validate);
	tests[i++] = (struct CMUnitTest)cmocka_unit_test(test_text_errors);
	return _cmocka_run_group_tests("policy", tests, i, NULL, NULL);
}
