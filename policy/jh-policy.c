// SPDX-License-Identifier: GPL-2.0
/*
 * jh-policy: compile a sandbox policy, show one as text, and check cells
 * against it.
 *   jh-policy compile POLICY.policy [-o OUT.pol]
 *   jh-policy show POLICY
 *   jh-policy check POLICY CELL [--signer CERT] [--system SYSTEM]
 * show and check take the policy (and the cell) as text or binary; check
 * explains every violation and exits 1 if there is one. With --system,
 * check also applies jh-config check's rules against the system config,
 * the machine's included, under the cell's class (root-irqs).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jailhouse/policy.h>

#include "../lib/policy.h"
#include "policy-tool.h"

static const char *const usage_lines[] = {
	"compile POLICY.policy [-o OUT.pol]",
	"show POLICY",
	"check POLICY CELL [--signer CERT] [--system SYSTEM]",
	NULL
};

static const struct tool_usage usage = {
	.prog = "jh-policy",
	.lines = usage_lines,
	.notes = "Without -o, compile writes POLICY.pol. show prints a policy\n"
		 "as text that compiles back to the same bytes. show and check\n"
		 "take text or binary files; with --signer, check also checks\n"
		 "that the certificate's key may sign the cell; with --system,\n"
		 "that the cell passes jh-config check against SYSTEM.\n",
};

/* A binary policy @blob read from @path, validated as the loader will. */
static int validate_binary(const char *path, struct config_blob *blob,
			   char *error)
{
	struct jailhouse_config_error err;

	if (!jailhouse_policy_validate(blob->data, blob->size, &err))
		return 0;
	config_blob_free(blob);
	return config_invalid(error, path, &err);
}

/* A policy file, compiled if it is text, validated if it is binary. */
static int load_policy(const char *path, struct config_blob *blob,
		       char *error)
{
	struct config_blob text;
	int ret;

	ret = config_read_file(path, &text, error);
	if (!ret && policy_is_binary(&text))
		ret = validate_binary(path, &text, error);
	if (ret || policy_is_binary(&text)) {
		*blob = text;
		return ret;
	}
	ret = policy_build(path, text.data, text.size, blob, error);
	config_blob_free(&text);
	return ret;
}

static int cmd_compile(const char *in, const char *out, char *error)
{
	char *path = out ? strdup(out) : config_output_name(in, ".policy", ".pol");
	struct config_blob blob;
	int ret;

	if (!path)
		return -ENOMEM;
	ret = load_policy(in, &blob, error);
	if (!ret) {
		ret = config_write_file(path, blob.data, blob.size, error);
		config_blob_free(&blob);
	}
	free(path);
	return ret;
}

static int cmd_show(const char *in, char *error)
{
	struct config_blob blob;
	int ret;

	ret = load_policy(in, &blob, error);
	if (ret)
		return ret;
	ret = policy_show(stdout, in, &blob, error);
	config_blob_free(&blob);
	return ret;
}

/*
 * jh-config check of @cell (checked against @policy already) with the
 * system config at @path, as the loader would check it at create: a
 * pin a root driver holds passes if the cell's class allows root-irqs.
 */
static int check_system(const char *path, const char *cell_path,
			const struct config_blob *policy,
			const struct config_blob *cell, char *error)
{
	const struct jailhouse_cell_desc *desc = (const void *)cell->data;
	const char *names[] = { path, cell_path };
	const struct jailhouse_policy_class *c;
	struct config_blob set[2] = { { 0 }, *cell };
	int ret;

	c = jailhouse_policy_find_class((const void *)policy->data,
					desc->name);
	ret = config_load(path, &set[0], error) ?:
	      config_check_machine(stdout, names, set, 2,
				   c && (c->flags & JAILHOUSE_POLICY_ROOT_IRQS),
				   error);
	config_blob_free(&set[0]);
	return ret;
}

/* The cell a check is about, validated with its file's name. */
static int validate_cell(const char *path, const struct config_blob *cell,
			 char *error)
{
	struct jailhouse_config_error err;

	if (!jailhouse_cell_validate(cell->data, cell->size, &err))
		return 0;
	return config_invalid(error, path, &err);
}

static int cmd_check(const char *policy_path, const char *cell_path,
		     const char *cert, const char *system, char *error)
{
	struct config_blob policy, cell = { 0 };
	struct jailhouse_signer_id signer;
	int ret;

	ret = cert ? policy_cert_key_id(cert, &signer, error) : 0;
	ret = ret ?: load_policy(policy_path, &policy, error);
	if (ret)
		return ret;
	ret = config_load(cell_path, &cell, error) ?:
	      validate_cell(cell_path, &cell, error) ?:
	      policy_check_cell(stdout, &policy, &cell, cert ? &signer : NULL,
				error);
	if (!ret && system)
		ret = check_system(system, cell_path, &policy, &cell, error);
	config_blob_free(&policy);
	config_blob_free(&cell);
	if (!ret)
		printf("%s complies with %s\n", cell_path, policy_path);
	return ret;
}

/* check's options after POLICY CELL, each at most once. */
static int check_options(int argc, char **argv, const char **cert,
			 const char **system)
{
	int i;

	for (i = 4; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--signer") && !*cert)
			*cert = argv[i + 1];
		else if (!strcmp(argv[i], "--system") && !*system)
			*system = argv[i + 1];
		else
			return -EINVAL;
	}
	return i == argc ? 0 : -EINVAL;
}

static int run(int argc, char **argv, char *error)
{
	const char *opt = argc == 5 ? argv[3] : NULL;
	const char *cert = NULL, *system = NULL;

	if (strcmp(argv[1], "compile") == 0 && argc == 3)
		return cmd_compile(argv[2], NULL, error);
	if (strcmp(argv[1], "compile") == 0 && opt && !strcmp(opt, "-o"))
		return cmd_compile(argv[2], argv[4], error);
	if (strcmp(argv[1], "show") == 0 && argc == 3)
		return cmd_show(argv[2], error);
	if (strcmp(argv[1], "check") == 0 && argc >= 4 &&
	    !check_options(argc, argv, &cert, &system))
		return cmd_check(argv[2], argv[3], cert, system, error);
	return -EINVAL;
}

int main(int argc, char **argv)
{
	return config_tool_main(argc, argv, run, &usage);
}
