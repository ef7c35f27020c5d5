// SPDX-License-Identifier: GPL-2.0
/*
 * `jh-config check`: structural validation of each file, then every rule
 * of lib/config_rules.c over the set, one line per violation.
 */
#include <errno.h>
#include <string.h>

#include "../lib/config_rules.h"
#include "config-tool.h"

int config_validate(const char *file, const struct config_blob *blob,
		    bool *system, char *error)
{
	struct jailhouse_config_error err;
	int ret;

	*system = blob->size >= JAILHOUSE_SIGNATURE_LEN &&
		  !memcmp(blob->data, JAILHOUSE_SYSTEM_SIGNATURE,
			  JAILHOUSE_SIGNATURE_LEN);
	ret = *system ?
	      jailhouse_system_validate(blob->data, blob->size, &err) :
	      jailhouse_cell_validate(blob->data, blob->size, &err);
	return ret ? config_invalid(error, file, &err) : 0;
}

/* What the violation's value is, for the message: "CPU 3", "at 0x..." */
static void value_text(char *buf, size_t len,
		       const struct jailhouse_violation *v)
{
	unsigned long long x = v->value;

	switch (v->rule) {
	case JH_RULE_CPU_NOT_IN_ROOT:
	case JH_RULE_CPU_CONFLICT:
		snprintf(buf, len, " (CPU %llu)", x);
		break;
	case JH_RULE_PIO_CONFLICT:
		snprintf(buf, len, " (port 0x%llx)", x);
		break;
	case JH_RULE_PCI_CONFLICT:
	case JH_RULE_DMA_NO_IOMMU:
	case JH_RULE_IOMMU_BUS:
	case JH_RULE_IOAPIC_SID:
		snprintf(buf, len, " (device %02llx:%02llx.%llx)", x >> 8,
			 (x >> 3) & 0x1f, x & 7);
		break;
	case JH_RULE_IRQ_CONFLICT:
	case JH_RULE_ROOT_IRQ:
		snprintf(buf, len, " (pin %llu)", x);
		break;
	case JH_RULE_BAD_IOMMU:
		snprintf(buf, len, " (index %llu)", x);
		break;
	case JH_RULE_BAD_IOAPIC:
		snprintf(buf, len, " (id %llu)", x);
		break;
	case JH_RULE_ZERO_SIZE:
	case JH_RULE_ROOT_NO_CPU:
	case JH_RULE_NAME_CONFLICT:
		buf[0] = '\0';
		break;
	default:
		snprintf(buf, len, " (at 0x%llx)", x);
	}
}

/* "cell 'x' memory region 2", or "cell 'x' CPU set" for non-arrays. */
static void where_text(char *buf, size_t len,
		       const struct jailhouse_cell_desc *cell,
		       const char *item, unsigned int index)
{
	if (index == JAILHOUSE_VIOLATION_NO_INDEX)
		snprintf(buf, len, "cell '%s' %s", cell->name, item);
	else
		snprintf(buf, len, "cell '%s' %s %u", cell->name, item,
			 index);
}

static void print_violation(struct jailhouse_checker *chk,
			    const struct jailhouse_violation *v)
{
	char value[64], where[96], other[96];
	FILE *out = chk->ctx;

	value_text(value, sizeof(value), v);
	where_text(where, sizeof(where), v->cell, v->item, v->index);
	if (v->other) {
		where_text(other, sizeof(other), v->other, v->item,
			   v->other_index);
		fprintf(out, "error: %s and %s: %s%s\n", where, other,
			jailhouse_rule_text(v->rule), value);
	} else {
		fprintf(out, "error: %s: %s%s\n", where,
			jailhouse_rule_text(v->rule), value);
	}
}

/* Validate every file: the first a system config, the others cells. */
static int validate_all(const char *const *names,
			const struct config_blob *blobs, unsigned int num,
			char *error)
{
	unsigned int i;
	bool system;
	int ret;

	if (num == 0) {
		snprintf(error, CONFIG_ERROR_LEN, "no system config given");
		return -EINVAL;
	}
	for (i = 0; i < num; i++) {
		ret = config_validate(names[i], &blobs[i], &system, error);
		if (ret)
			return ret;
		if (system != (i == 0)) {
			snprintf(error, CONFIG_ERROR_LEN, "%s: expected %s",
				 names[i], i ? "a cell config" :
				 "the system config first");
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * What the system config does not say about the machine (written by
 * hand or imported from Jailhouse): the loader checks it at create. On
 * stderr, apart from the violations.
 */
static void note_unknown(FILE *out, const char *name,
			 const struct jailhouse_system *sys)
{
	static const struct {
		__u32 flag;
		const char *what;
	} facts[] = {
		{ JAILHOUSE_SYS_FIRMWARE_MAP, "no firmware memory map: RAM "
		  "regions are not checked against it" },
		{ JAILHOUSE_SYS_ROOT_BARS, "no root BARs: I/O regions are not "
		  "checked against the cells' own BARs" },
		{ JAILHOUSE_SYS_ROOT_IRQS, "no root pins: IOAPIC pins are not "
		  "checked against the root cell's drivers" },
	};
	unsigned int n;

	for (n = 0; n < 3; n++)
		if (!(sys->flags & facts[n].flag))
			fprintf(out, "note: %s: %s (jh-config create writes "
				"it; the loader checks at create)\n", name,
				facts[n].what);
}

int config_check_machine(FILE *out, const char *const *names,
			 const struct config_blob *blobs, unsigned int num,
			 bool root_irqs_allowed, char *error)
{
	const struct jailhouse_cell_desc *cells[num ?: 1];
	struct jailhouse_checker chk = {
		.report = print_violation, .ctx = out, .machine_rules = true,
		.root_irqs_allowed = root_irqs_allowed,
	};
	unsigned int i, found;
	int ret;

	ret = validate_all(names, blobs, num, error);
	if (ret)
		return ret;
	chk.sys = (const void *)blobs[0].data;
	if (num > 1)
		note_unknown(stderr, names[0], chk.sys);
	for (i = 1; i < num; i++)
		cells[i - 1] = (const void *)blobs[i].data;
	found = jailhouse_check_all(&chk, cells, num - 1);
	if (!found)
		return 0;
	snprintf(error, CONFIG_ERROR_LEN, "%u rule violation%s", found,
		 found == 1 ? "" : "s");
	return -EINVAL;
}

int config_check(FILE *out, const char *const *names,
		 const struct config_blob *blobs, unsigned int num,
		 char *error)
{
	return config_check_machine(out, names, blobs, num, false, error);
}
