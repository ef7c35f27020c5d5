// SPDX-License-Identifier: GPL-2.0
/*
 * jh-config show --map SYSTEM [CELL...]: the physical memory map of a
 * partitioning as a table, one row per range, in address order: where
 * the hypervisor, the root cell's RAM and devices and each cell's
 * memory sit, with sizes and owners, and which ranges two owners share.
 */
#include <stdlib.h>
#include <string.h>

#include "config-tool.h"

struct map_row {
	__u64 start, size;
	const char *owner, *what;
};

struct map {
	struct map_row *rows;
	unsigned int num;
};

static int add_row(struct map *m, const struct jailhouse_memory *mem,
		   const char *owner, const char *what)
{
	struct map_row *grown;

	grown = realloc(m->rows, (m->num + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	m->rows = grown;
	m->rows[m->num++] = (struct map_row){ mem->phys_start, mem->size,
					      owner, what };
	return 0;
}

static const char *kind(__u64 flags)
{
	if (flags & JAILHOUSE_MEM_IO)
		return "device";
	return flags & JAILHOUSE_MEM_LOADABLE ? "ram, loadable" : "ram";
}

static int add_cell(struct map *m, const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(cell);
	unsigned int n;
	int ret = 0;

	/* The comm region is the hypervisor's page, at no fixed address. */
	for (n = 0; n < cell->num_memory_regions && !ret; n++)
		if (!(mem[n].flags & JAILHOUSE_MEM_COMM_REGION))
			ret = add_row(m, &mem[n], cell->name,
				      kind(mem[n].flags));
	return ret;
}

static int by_start(const void *a, const void *b)
{
	const struct map_row *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* Whether another owner's row overlaps row @i. */
static bool shared(const struct map *m, unsigned int i)
{
	const struct map_row *r = &m->rows[i], *o;
	unsigned int n;

	for (n = 0; n < m->num; n++) {
		o = &m->rows[n];
		if (n != i && strcmp(o->owner, r->owner) &&
		    o->start < r->start + r->size && r->start < o->start + o->size)
			return true;
	}
	return false;
}

static void print_map(FILE *out, const struct map *m)
{
	const struct map_row *r;
	unsigned int n;
	char size[32];

	fprintf(out, "%-18s %-18s %8s  %-24s %s\n", "start", "end", "size",
		"owner", "what");
	for (n = 0; n < m->num; n++) {
		r = &m->rows[n];
		fprintf(out, "0x%016llx 0x%016llx %8s  %-24s %s%s\n",
			(unsigned long long)r->start,
			(unsigned long long)(r->start + r->size - 1),
			config_size_text(size, sizeof(size), r->size),
			r->owner, r->what, shared(m, n) ? ", shared" : "");
	}
}

static int wrong_kind(const char *name, bool system, char *error)
{
	snprintf(error, CONFIG_ERROR_LEN, "%s: a %s config; the map takes "
		 "the system config first, then cells", name,
		 system ? "system" : "cell");
	return -EINVAL;
}

int config_show_map(FILE *out, const char *const *names,
		    const struct config_blob *blobs, unsigned int num,
		    char *error)
{
	const struct jailhouse_system *sys = (const void *)blobs[0].data;
	struct map m = { 0 };
	unsigned int i;
	bool system;
	int ret = 0;

	for (i = 0; i < num && !ret; i++) {
		ret = config_validate(names[i], &blobs[i], &system, error);
		if (!ret && system != !i)
			ret = wrong_kind(names[i], system, error);
	}
	ret = ret ?: add_row(&m, &sys->hypervisor_memory, "hypervisor",
			     "hypervisor") ?:
	      add_cell(&m, &sys->root_cell);
	for (i = 1; i < num && !ret; i++)
		ret = add_cell(&m, (const void *)blobs[i].data);
	if (!ret) {
		qsort(m.rows, m.num, sizeof(*m.rows), by_start);
		print_map(out, &m);
	}
	free(m.rows);
	return ret;
}
