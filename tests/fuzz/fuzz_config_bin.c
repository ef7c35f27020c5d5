// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the binary parsers of lib/ (configs and policies), as
 * the loader and the hypervisor run them on hostile input, and the rules
 * and the policy check on whatever passes validation.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config_rules.h"
#include "policy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A small machine for cells that validate: CPUs 0-7, RAM to 4 GiB. */
static struct {
	struct jailhouse_system sys;
	__u8 cpus[8];
	struct jailhouse_memory mem[1];
} JAILHOUSE_PACKED machine = {
	.sys = {
		.signature = JAILHOUSE_SYSTEM_SIGNATURE,
		.revision = JAILHOUSE_SYSTEM_REVISION,
		.hypervisor_memory = { .phys_start = 0x3b000000,
				       .size = 0x1000000 },
		.platform = {
			.num_iommu_units = 1,
			.iommu_units = { { .base = 0xfed90000, .size = 0x1000,
					   .type = JAILHOUSE_IOMMU_INTEL } },
			.num_ioapics = 1,
			.ioapics = { { .address = 0xfec00000 } },
		},
		.root_cell = {
			.signature = JAILHOUSE_CELL_DESC_SIGNATURE,
			.revision = JAILHOUSE_CONFIG_REVISION,
			.name = "root",
			.cpu_set_size = 8,
			.num_memory_regions = 1,
		},
	},
	.cpus = { 0xff },
	.mem = { { .size = 0x100000000ULL, .flags = 0x7 } },
};

static void ignore(struct jailhouse_checker *chk,
		   const struct jailhouse_violation *v)
{
	(void)chk;
	(void)jailhouse_rule_text(v->rule);
}

static void ignore_policy(struct jailhouse_policy_checker *chk,
			  const struct jailhouse_policy_violation *v)
{
	(void)chk;
	(void)jailhouse_policy_rule_text(v->rule);
}

static void fuzz_system(const void *blob, size_t size)
{
	struct jailhouse_config_error err;
	struct jailhouse_checker chk = { .sys = blob, .report = ignore };

	if (jailhouse_system_validate(blob, size, &err) == 0)
		jailhouse_check_all(&chk, NULL, 0);
}

static void fuzz_cell(const struct jailhouse_cell_desc *cell, size_t size)
{
	const struct jailhouse_cell_desc *cells[2] = { cell, cell };
	struct jailhouse_checker chk = {
		.sys = &machine.sys, .report = ignore,
	};
	struct jailhouse_config_error err;

	if (jailhouse_cell_validate(cell, size, &err))
		return;
	jailhouse_check_all(&chk, cells, 2);
}

/* The input as a policy, checked against a valid cell: the root cell. */
static void fuzz_policy(const void *blob, size_t size)
{
	static const struct jailhouse_signer_id signer = {
		.type = JAILHOUSE_SIGNER_SKID, .len = 3, .id = { 1, 2, 3 },
	};
	struct jailhouse_policy_checker chk = {
		.policy = blob, .report = ignore_policy,
	};
	struct jailhouse_config_error err;

	if (jailhouse_policy_validate(blob, size, &err))
		return;
	jailhouse_policy_check_cell(&chk, &machine.sys.root_cell, &signer);
	jailhouse_policy_check_cell(&chk, &machine.sys.root_cell, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* An exact-size copy, so that ASan sees any read past the end. */
	uint8_t *blob = malloc(size ?: 1);

	memcpy(blob, data, size);
	fuzz_system(blob, size);
	fuzz_cell((const void *)blob, size);
	fuzz_policy(blob, size);
	free(blob);
	return 0;
}
