// SPDX-License-Identifier: GPL-2.0
/*
 * jh-config create: gather the machine (create-sysfs.c, acpi.c), decide
 * what the root cell gets, and write the system config as text with a
 * comment on every choice a person should review. The choices are
 * explained in docs/config-format.md, "jh-config create".
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "config-tool.h"
#include "create.h"

/* A suggested memmap= address: large-page aligned, as the test machine's. */
#define SUGGEST_ALIGN		(2ULL << 20)

/* A table of /sys/firmware/acpi/tables: 0, 1 if absent, or -errno. */
static int load_table(struct create_machine *m, const char *sig, uint8_t **data,
		      size_t *len)
{
	char rel[64];
	int ret;

	snprintf(rel, sizeof(rel), "sys/firmware/acpi/tables/%s", sig);
	ret = create_read_blob(m->root, rel, data, len, m->error);
	return ret == -ENOENT ? 1 : ret;
}

/* Parse table @i of read_acpi()'s list. */
static int parse_table(struct create_machine *m, unsigned int i,
		       const uint8_t *d, size_t len)
{
	switch (i) {
	case 0:
		m->has_madt = true;
		return acpi_parse_madt(d, len, &m->madt, m->error);
	case 1:
		return acpi_parse_mcfg(d, len, &m->mcfg, m->error);
	case 2:
		m->has_dmar = true;
		return acpi_parse_dmar(d, len, &m->dmar, m->error);
	case 3:
		m->has_fadt = true;
		return acpi_parse_fadt(d, len, &m->fadt, m->error);
	default:
		return acpi_parse_ivrs(d, len, &m->ivrs, m->error);
	}
}

/* Each table that exists must parse; a missing one is left empty. */
static int read_acpi(struct create_machine *m)
{
	static const char *const sigs[] = {
		"APIC", "MCFG", "DMAR", "FACP", "IVRS"
	};
	unsigned int i;
	uint8_t *d;
	size_t len;
	int ret;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		ret = load_table(m, sigs[i], &d, &len);
		if (ret == 1)
			continue;
		if (!ret) {
			ret = parse_table(m, i, d, len);
			free(d);
		}
		if (ret)
			return ret;
	}
	return 0;
}

static bool named(const struct create_entry *e, const char *prefix)
{
	return strncmp(e->name, prefix, strlen(prefix)) == 0;
}

/* Whether the firmware's own map (before memmap=) calls it RAM. */
static bool firmware_ram(const struct create_machine *m, uint64_t start,
			 uint64_t end)
{
	unsigned int n;

	for (n = 0; n < m->memmap.num; n++)
		if (named(&m->memmap.e[n], "System RAM") &&
		    m->memmap.e[n].start <= start && end <= m->memmap.e[n].end)
			return true;
	return false;
}

/* "memmap=SIZE$ADDR" on the kernel command line: ADDR, or 0. */
static uint64_t cmdline_reservation(const struct create_machine *m)
{
	const char *p = m->cmdline;
	char *end;

	while ((p = strstr(p, "memmap=")) != NULL) {
		p += strlen("memmap=");
		strtoull(p, &end, 0);
		end += strspn(end, "KMGTkmgt");
		if (*end == '\\')
			end++;
		if (*end == '$')
			return strtoull(end + 1, NULL, 0);
	}
	return 0;
}

/*
 * Where a reservation of @size could go: the top of the highest RAM
 * range below 4 GiB that holds it, 2 MiB aligned; 0 if none does.
 */
static uint64_t suggest_reservation(const struct create_machine *m,
				    uint64_t size)
{
	const struct create_entry *e;
	uint64_t best = 0, top;
	unsigned int n;

	for (n = 0; n < m->iomem.num; n++) {
		e = &m->iomem.e[n];
		top = e->end < (4ULL << 30) ? e->end : 4ULL << 30;
		if (e->depth || !named(e, "System RAM") || top < size)
			continue;
		top = (top - size) & ~(SUGGEST_ALIGN - 1);
		if (top >= e->start && top >= CREATE_LEGACY_END && top > best)
			best = top;
	}
	return best;
}

/* Say what to reserve: the sizes asked for, the memmap= line to add. */
static int no_reservation(struct create_machine *m, unsigned int count)
{
	uint64_t size = m->req->mem_hv + m->req->mem_inmates;
	uint64_t at = suggest_reservation(m, size);
	char hv[32], inmates[32];

	config_size_text(hv, sizeof(hv), m->req->mem_hv);
	config_size_text(inmates, sizeof(inmates), m->req->mem_inmates);
	if (!at) {
		snprintf(m->error, CONFIG_ERROR_LEN, "%s/proc/iomem: no RAM "
			 "range reserved by memmap=, and none below 4 GiB "
			 "holds %lluM (--mem-hv %s, --mem-inmates %s): ask "
			 "for less", m->root, (unsigned long long)(size >> 20),
			 hv, inmates);
		return -ENOENT;
	}
	snprintf(m->error, CONFIG_ERROR_LEN, "%s/proc/iomem: %s; reserve "
		 "%lluM (--mem-hv %s, --mem-inmates %s) by adding "
		 "memmap=%lluM$0x%llx to the kernel command line (in GRUB: "
		 "memmap=%lluM\\\\\\$0x%llx), then reboot", m->root,
		 count ? "several reserved RAM ranges, none named by memmap="
		       : "no RAM range reserved by memmap=",
		 (unsigned long long)(size >> 20), hv, inmates,
		 (unsigned long long)(size >> 20), (unsigned long long)at,
		 (unsigned long long)(size >> 20), (unsigned long long)at);
	return -ENOENT;
}

/*
 * A reservation smaller than --mem-hv: refused, not shrunk to fit behind
 * the operator's back.
 */
static int small_reservation(struct create_machine *m,
			     const struct create_entry *found)
{
	char hv[32], has[32];

	config_size_text(hv, sizeof(hv), m->req->mem_hv);
	config_size_text(has, sizeof(has), found->end - found->start);
	snprintf(m->error, CONFIG_ERROR_LEN, "%s/proc/iomem: the memmap= "
		 "reservation at 0x%llx holds %s, less than --mem-hv %s: ask "
		 "for less, or reserve more (memmap=SIZE$0x%llx)", m->root,
		 (unsigned long long)found->start, has, hv,
		 (unsigned long long)found->start);
	return -ENOSPC;
}

/*
 * The hypervisor's memory: a range above 1 MiB (Linux reserves low pages
 * of its own) that Linux reserved at boot although the firmware reports
 * RAM there, i.e. memmap=SIZE$ADDR. With memmap= on the command line, its
 * range; else the only such range. Without the firmware's map (no
 * /sys/firmware/memmap), only memmap= tells.
 */
static int find_reservation(struct create_machine *m)
{
	uint64_t want = cmdline_reservation(m);
	const struct create_entry *e, *found = NULL;
	unsigned int n, count = 0;

	for (n = 0; n < m->iomem.num; n++) {
		e = &m->iomem.e[n];
		if (e->depth || !named(e, "Reserved") ||
		    e->start < CREATE_LEGACY_END ||
		    (want && e->start != want) ||
		    (m->memmap.num && !firmware_ram(m, e->start, e->end)) ||
		    (!m->memmap.num && !want))
			continue;
		found = e;
		count++;
	}
	if (count != 1)
		return no_reservation(m, count);
	if (found->end - found->start < m->req->mem_hv)
		return small_reservation(m, found);
	m->resv_start = found->start;
	m->resv_end = found->end;
	m->hv_size = m->req->mem_hv;
	return 0;
}

static void find_pci_hole(struct create_machine *m)
{
	unsigned int n;

	m->pci_hole = UINT64_MAX;
	for (n = 0; n < m->iomem.num; n++)
		if (!m->iomem.e[n].depth && named(&m->iomem.e[n], "PCI Bus") &&
		    m->iomem.e[n].start >= CREATE_LEGACY_END &&
		    m->iomem.e[n].start < m->pci_hole)
			m->pci_hole = m->iomem.e[n].start;
}

static const struct create_pci *pci_find(const struct create_machine *m,
					 unsigned int bus, unsigned int dev,
					 unsigned int fn)
{
	unsigned int n;

	for (n = 0; n < m->pci.num; n++)
		if (m->pci.d[n].bus == bus && m->pci.d[n].dev == dev &&
		    m->pci.d[n].fn == fn)
			return &m->pci.d[n];
	return NULL;
}

/*
 * The buses a DMAR device scope covers: the end device's bus, and for a
 * bridge scope its secondary to subordinate buses, following bridges
 * along the path (their configuration headers). False if not PCI or not
 * resolvable.
 */
static bool scope_buses(const struct create_machine *m,
			const struct acpi_scope *s, unsigned int *first,
			unsigned int *last)
{
	const struct create_pci *d = NULL;
	unsigned int bus = s->start_bus, hop;

	if ((s->type != ACPI_SCOPE_ENDPOINT && s->type != ACPI_SCOPE_BRIDGE) ||
	    !s->path_len)
		return false;
	for (hop = 0; hop < s->path_len; hop++) {
		if (hop)
			bus = d->config[0x19];
		d = pci_find(m, bus, s->path[hop][0], s->path[hop][1]);
		if (!d && hop + 1 < s->path_len)
			return false;
	}
	*first = *last = bus;
	if (s->type == ACPI_SCOPE_BRIDGE && d && d->config[0x1a])
		*last = d->config[0x1a];
	return true;
}

/* Whether unit @u's scopes name device @d (or a bridge above it). */
static bool unit_scopes(const struct create_machine *m, unsigned int u,
			const struct create_pci *d)
{
	const struct acpi_drhd *unit = &m->dmar.units[u];
	const struct acpi_scope *s;
	unsigned int n, first, last;

	for (n = 0; n < unit->num_scopes; n++) {
		s = &unit->scopes[n];
		if (!scope_buses(m, s, &first, &last))
			continue;
		if (s->type == ACPI_SCOPE_BRIDGE && d->bus > first &&
		    d->bus <= last)
			return true;
		if (d->bus == first && d->dev == s->path[s->path_len - 1][0] &&
		    d->fn == s->path[s->path_len - 1][1])
			return true;
	}
	return false;
}

bool create_amd(const struct create_machine *m)
{
	return !m->dmar.num_units && m->ivrs.num_units;
}

/* The IVRS unit of segment 0 whose device entries name @d's bus. */
static int ivrs_unit_of(const struct create_machine *m,
			const struct create_pci *d)
{
	const struct acpi_ivhd *u;
	unsigned int n;

	for (n = 0; n < m->ivrs.num_units; n++) {
		u = &m->ivrs.units[n];
		if (!u->segment && u->names_devices &&
		    d->bus >= u->first_bus && d->bus <= u->last_bus)
			return n;
	}
	return -1;
}

int create_unit_of(const struct create_machine *m, const struct create_pci *d)
{
	int u, all = -1;

	if (create_amd(m))
		return ivrs_unit_of(m, d);

	for (u = 0; u < (int)m->dmar.num_units; u++) {
		if (m->dmar.units[u].segment)
			continue;
		if (m->dmar.units[u].include_all)
			all = u;
		else if (unit_scopes(m, u, d))
			return u;
	}
	return all;
}

/*
 * The buses of each unit: all for INCLUDE_PCI_ALL, else its scopes'; an
 * AMD-Vi unit's, those its IVRS device entries name.
 */
static void unit_buses(struct create_machine *m)
{
	unsigned int u, n, first, last;
	const struct acpi_drhd *unit;

	for (u = 0; create_amd(m) && u < m->ivrs.num_units; u++) {
		m->unit_first[u] = m->ivrs.units[u].first_bus;
		m->unit_last[u] = m->ivrs.units[u].last_bus;
	}

	for (u = 0; u < m->dmar.num_units; u++) {
		unit = &m->dmar.units[u];
		m->unit_first[u] = unit->include_all ? 0 : 0xff;
		m->unit_last[u] = unit->include_all ? 0xff : 0;
		for (n = 0; n < unit->num_scopes; n++) {
			if (!scope_buses(m, &unit->scopes[n], &first, &last))
				continue;
			if (first < m->unit_first[u])
				m->unit_first[u] = first;
			if (last > m->unit_last[u])
				m->unit_last[u] = last;
		}
		if (m->unit_first[u] > m->unit_last[u])
			m->unit_first[u] = m->unit_last[u] = 0;
	}
}

static int gather(struct create_machine *m)
{
	int ret;

	ret = create_read_tree(m->root, "proc/iomem", &m->iomem, m->error);
	if (!ret)
		ret = create_read_tree(m->root, "proc/ioports", &m->ioports,
				       m->error);
	if (!ret)
		ret = create_read_text(m->root, "proc/cmdline", &m->cmdline,
				       m->error);
	if (!ret)
		ret = create_read_text(m->root,
				       "sys/devices/system/cpu/present",
				       &m->cpus, m->error);
	if (!ret)
		ret = create_read_memmap(m->root, &m->memmap, m->error);
	if (!ret)
		ret = create_read_pci(m->root, &m->pci, m->error);
	if (!ret)
		ret = create_read_irqs(m->root, &m->irqs, m->error);
	if (!ret)
		ret = read_acpi(m);
	if (!ret)
		ret = find_reservation(m);
	if (ret)
		return ret;
	m->cpus[strcspn(m->cpus, "\n")] = '\0';
	if (!m->cpus[0] || m->cpus[strspn(m->cpus, "0123456789-,")]) {
		snprintf(m->error, CONFIG_ERROR_LEN, "%s/sys/devices/system/"
			 "cpu/present: not a CPU list", m->root);
		return -EINVAL;
	}
	find_pci_hole(m);
	unit_buses(m);
	return 0;
}

static void release(struct create_machine *m)
{
	free(m->iomem.e);
	free(m->ioports.e);
	free(m->memmap.e);
	free(m->pci.d);
	free(m->irqs.i);
	free(m->cpus);
	free(m->cmdline);
}

int config_create(FILE *out, const struct create_request *req, char *error)
{
	struct create_machine m = { .root = req->root, .req = req,
				    .error = error };
	int ret;

	ret = gather(&m);
	if (!ret)
		ret = create_write(out, &m);
	release(&m);
	return ret;
}
