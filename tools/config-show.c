// SPDX-License-Identifier: GPL-2.0
/*
 * Binary config to text. The output names every field that differs from
 * what config-build.c assumes when a key is absent, so that show -> build
 * reproduces the input byte for byte (reserved fields and name padding are
 * zero in any binary that passes validation).
 */
#include <errno.h>
#include <string.h>

#include "../lib/config.h"
#include "config-names.h"
#include "config-tool.h"

const char *config_size_text(char *buf, size_t len, unsigned long long v)
{
	static const char units[] = "TGMK";
	unsigned int i;
	int shift;

	for (i = 0; i < sizeof(units) - 1; i++) {
		shift = 40 - 10 * (int)i;
		if (v && !(v & ((1ULL << shift) - 1))) {
			snprintf(buf, len, "%llu%c", v >> shift, units[i]);
			return buf;
		}
	}
	snprintf(buf, len, v < 1024 ? "%llu" : "0x%llx", v);
	return buf;
}

/* "<lead>: [a, b]": the names of the bits set in @v. */
void config_show_flags(FILE *out, const char *lead,
		       const struct text_name *table, unsigned long long v)
{
	const char *sep = "";

	fprintf(out, "%s: [", lead);
	for (; table->name; table++)
		if (v & table->value) {
			fprintf(out, "%s%s", sep, table->name);
			sep = ", ";
		}
	fprintf(out, "]");
}

/* Bits of @bitmap as a list of numbers and ranges: [0-3, 7]. */
static void show_bitmap(FILE *out, const uint8_t *bitmap, unsigned int nbits)
{
	unsigned int bit, end;
	const char *sep = "";

#define BIT_SET(b)	(bitmap[(b) / 8] & (1U << ((b) % 8)))
	fprintf(out, "[");
	for (bit = 0; bit < nbits; bit = end + 1) {
		if (!BIT_SET(bit)) {
			end = bit;
			continue;
		}
		for (end = bit; end + 1 < nbits && BIT_SET(end + 1); end++)
			;
		if (end == bit)
			fprintf(out, "%s%u", sep, bit);
		else
			fprintf(out, "%s%u-%u", sep, bit, end);
		sep = ", ";
	}
	fprintf(out, "]");
#undef BIT_SET
}

static void show_console(FILE *out, const char *key,
			 const struct jailhouse_console *con)
{
	char buf[32];

	if (con->type == JAILHOUSE_CON_TYPE_NONE)
		return;
	fprintf(out, "  %s: {type: %s, address: 0x%llx, size: %s", key,
		config_name_of(config_console_types, con->type),
		con->address, config_size_text(buf, sizeof(buf), con->size));
	if (con->divider)
		fprintf(out, ", divider: %u", con->divider);
	fprintf(out, "}\n");
}

static void show_memory(FILE *out, const struct jailhouse_memory *mem)
{
	char buf[32];

	fprintf(out, "    - {");
	if (mem->phys_start)
		fprintf(out, "phys: 0x%llx, ", mem->phys_start);
	if (mem->virt_start != mem->phys_start)
		fprintf(out, "virt: 0x%llx, ", mem->virt_start);
	fprintf(out, "size: %s", config_size_text(buf, sizeof(buf), mem->size));
	config_show_flags(out, ", flags", config_mem_flags, mem->flags);
	fprintf(out, "}\n");
}

static void show_pio(FILE *out, const struct jailhouse_pio *pio)
{
	fprintf(out, "    - {base: 0x%x, length: %u}\n", pio->base,
		pio->length);
}

static void show_msr(FILE *out, const struct jailhouse_msr_range *msr)
{
	fprintf(out, "    - {base: 0x%x", msr->base);
	if (msr->count != 1)
		fprintf(out, ", count: %u", msr->count);
	config_show_flags(out, ", access", config_msr_access, msr->flags);
	fprintf(out, "}\n");
}

void config_show_bdf(FILE *out, const char *key, unsigned int bdf)
{
	fprintf(out, "%s: \"%02x:%02x.%x\"", key, bdf >> 8, (bdf >> 3) & 0x1f,
		bdf & 7);
}

static void show_pci(FILE *out, const struct jailhouse_pci_device *dev)
{
	config_show_bdf(out, "    - {bdf", dev->bdf);
	fprintf(out, ", type: %s", config_name_of(config_pci_types, dev->type));
	if (dev->domain)
		fprintf(out, ", domain: %u", dev->domain);
	if (dev->class_code)
		fprintf(out, ", class: 0x%06x", dev->class_code);
	if (dev->iommu != JAILHOUSE_PCI_NO_IOMMU)
		fprintf(out, ", iommu: %u", dev->iommu);
	if (dev->flags)
		config_show_flags(out, ", flags", config_pci_flags, dev->flags);
	if (dev->type == JAILHOUSE_PCI_TYPE_IVSHMEM)
		fprintf(out, ",\n       shmem-regions: %u, shmem-id: %u, "
			"shmem-peers: %u, shmem-vectors: %u",
			dev->shmem_regions_start, dev->shmem_dev_id,
			dev->shmem_peers, dev->shmem_vectors);
	fprintf(out, "}\n");
}

static void show_irqchip(FILE *out, const struct jailhouse_irqchip *chip)
{
	fprintf(out, "    - {ioapic: %u, pins: ", chip->ioapic_id);
	show_bitmap(out, (const uint8_t *)chip->pin_bitmap,
		    JAILHOUSE_IOAPIC_PINS);
	fprintf(out, "}\n");
}

/* "  key:" and the elements, if there are any. */
#define SHOW_ARRAY(out, key, base, count, show)			\
	do {								\
		unsigned int __i;					\
		if (count)						\
			fprintf(out, "  %s:\n", key);			\
		for (__i = 0; __i < (count); __i++)			\
			show(out, &(base)[__i]);			\
	} while (0)

static void show_cell_header(FILE *out, const struct jailhouse_cell_desc *c)
{
	fprintf(out, "  name: \"%s\"\n", c->name);
	if (c->flags) {
		config_show_flags(out, "  flags", config_cell_flags, c->flags);
		fprintf(out, "\n");
	}
	if (c->security_version)
		fprintf(out, "  security-version: %u\n", c->security_version);
	if (c->cpu_reset_address)
		fprintf(out, "  cpu-reset-address: 0x%llx\n",
			c->cpu_reset_address);
	if (c->msg_reply_timeout)
		fprintf(out, "  msg-reply-timeout: %u\n",
			c->msg_reply_timeout);
	show_console(out, "console", &c->console);
}

static void show_cell(FILE *out, const char *key,
		      const struct jailhouse_cell_desc *c)
{
	fprintf(out, "%s:\n", key);
	show_cell_header(out, c);
	fprintf(out, "  cpus: ");
	show_bitmap(out, jailhouse_cell_cpu_set(c), c->cpu_set_size * 8);
	fprintf(out, "\n  cpu-set-size: %u\n", c->cpu_set_size);
	SHOW_ARRAY(out, "memory", jailhouse_cell_mem_regions(c),
		   c->num_memory_regions, show_memory);
	SHOW_ARRAY(out, "pio", jailhouse_cell_pio(c), c->num_pio_ranges,
		   show_pio);
	SHOW_ARRAY(out, "msr", jailhouse_cell_msrs(c), c->num_msr_ranges,
		   show_msr);
	SHOW_ARRAY(out, "pci", jailhouse_cell_pci_devices(c),
		   c->num_pci_devices, show_pci);
	SHOW_ARRAY(out, "ioapic-pins", jailhouse_cell_irqchips(c),
		   c->num_irqchips, show_irqchip);
}

static void show_iommu(FILE *out, const struct jailhouse_iommu *unit)
{
	char buf[32];

	fprintf(out, "      - {type: %s, base: 0x%llx, size: %s, "
		"start-bus: 0x%02x, end-bus: 0x%02x}\n",
		config_name_of(config_iommu_types, unit->type), unit->base,
		config_size_text(buf, sizeof(buf), unit->size),
		unit->start_bus, unit->end_bus);
}

static void show_ioapic(FILE *out, const struct jailhouse_ioapic *ioapic)
{
	fprintf(out, "      - {id: %u, address: 0x%llx, gsi-base: %u",
		ioapic->id, ioapic->address, ioapic->gsi_base);
	if (ioapic->source_id)
		config_show_bdf(out, ", source-id", ioapic->source_id);
	fprintf(out, "}\n");
}

static void show_platform(FILE *out, const struct jailhouse_platform_info *p)
{
	unsigned int i;

	fprintf(out, "  platform:\n"
		"    pci-mmconfig-base: 0x%llx\n"
		"    pci-mmconfig-end-bus: 0x%x\n"
		"    pm-timer: 0x%x\n"
		"    tsc-khz: %u\n"
		"    apic-khz: %u\n", p->pci_mmconfig_base,
		p->pci_mmconfig_end_bus, p->pm_timer_address, p->tsc_khz,
		p->apic_khz);
	if (p->num_iommu_units)
		fprintf(out, "    iommu-units:\n");
	for (i = 0; i < p->num_iommu_units; i++)
		show_iommu(out, &p->iommu_units[i]);
	if (p->num_ioapics)
		fprintf(out, "    ioapics:\n");
	for (i = 0; i < p->num_ioapics; i++)
		show_ioapic(out, &p->ioapics[i]);
}

static void show_firmware_range(FILE *out,
				const struct jailhouse_firmware_range *r)
{
	char buf[32];

	fprintf(out, "    - {start: 0x%llx, size: %s, type: %s}\n", r->start,
		config_size_text(buf, sizeof(buf), r->size),
		config_name_of(config_firmware_types, r->type));
}

static void show_root_bar(FILE *out, const struct jailhouse_pci_bar *bar)
{
	char buf[32];

	config_show_bdf(out, "    - {bdf", bar->bdf);
	fprintf(out, ", bar: %u, start: 0x%llx, size: %s}\n", bar->bar,
		bar->start, config_size_text(buf, sizeof(buf), bar->size));
}

/* A list the system flags say is known, even if empty: "key: []". */
#define SHOW_KNOWN(out, sys, flag, key, base, count, show)		\
	do {								\
		if (!((sys)->flags & (flag)))				\
			break;						\
		if (!(count))						\
			fprintf(out, "  %s: []\n", key);		\
		SHOW_ARRAY(out, key, base, count, show);		\
	} while (0)

static void show_machine(FILE *out, const struct jailhouse_system *sys)
{
	SHOW_KNOWN(out, sys, JAILHOUSE_SYS_FIRMWARE_MAP, "firmware-map",
		   jailhouse_system_firmware_map(sys),
		   sys->num_firmware_ranges, show_firmware_range);
	SHOW_KNOWN(out, sys, JAILHOUSE_SYS_ROOT_BARS, "root-bars",
		   jailhouse_system_root_bars(sys), sys->num_root_bars,
		   show_root_bar);
	SHOW_KNOWN(out, sys, JAILHOUSE_SYS_ROOT_IRQS, "root-irqs",
		   jailhouse_system_root_irqchips(sys),
		   sys->num_root_irqchips, show_irqchip);
}

static void show_system(FILE *out, const struct jailhouse_system *sys)
{
	const struct jailhouse_memory *hv = &sys->hypervisor_memory;
	char buf[32];

	fprintf(out, "system:\n  hypervisor-memory: {phys: 0x%llx, "
		"size: %s}\n", hv->phys_start,
		config_size_text(buf, sizeof(buf), hv->size));
	show_console(out, "debug-console", &sys->debug_console);
	show_platform(out, &sys->platform);
	show_machine(out, sys);
	show_cell(out, "root-cell", &sys->root_cell);
}

bool config_is_binary(const struct config_blob *blob)
{
	return blob->size >= JAILHOUSE_SIGNATURE_LEN &&
	       (!memcmp(blob->data, JAILHOUSE_SYSTEM_SIGNATURE,
			JAILHOUSE_SIGNATURE_LEN) ||
		!memcmp(blob->data, JAILHOUSE_CELL_DESC_SIGNATURE,
			JAILHOUSE_SIGNATURE_LEN));
}

int config_show(FILE *out, const char *file, const struct config_blob *blob,
		char *error)
{
	bool system;
	int ret;

	ret = config_validate(file, blob, &system, error);
	if (ret)
		return ret;
	fprintf(out, "# %s config, written by jh-config show from %s\n",
		system ? "System" : "Cell", file);
	if (system)
		show_system(out, (const void *)blob->data);
	else
		show_cell(out, "cell", (const void *)blob->data);
	return ferror(out) ? -EIO : 0;
}
