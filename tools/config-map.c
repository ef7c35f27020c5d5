// SPDX-License-Identifier: GPL-2.0
/*
 * jh-config show --map SYSTEM [CELL...]: the physical memory map of a
 * partitioning as a table, one row per range, in address order: where
 * the hypervisor, the root cell's RAM and devices and each cell's
 * memory sit, with sizes and owners, and which ranges two owners share;
 * with the system config's firmware map, the firmware's reserved, ACPI
 * and NVS ranges too (owner "firmware": what a range is, shared by no
 * one). jh-config show --svg FILE SYSTEM [CELL...]: the same rows drawn as an
 * SVG picture, one band per row in address order, coloured by owner.
 * Bands are of equal height, not to scale: a machine's map spans RAM at
 * 0 and devices near 4G, a linear picture would show neither.
 */
#include <stdlib.h>
#include <string.h>

#include "config-names.h"
#include "config-tool.h"

/* The owner number of the firmware's ranges (struct map_row). */
#define FIRMWARE	0xffffffffU

struct map_row {
	__u64 start, size;
	const char *owner, *what;
	unsigned int owner_no;	/* 0: hypervisor, 1: root, 2...: cells,
				 * FIRMWARE */
};

struct map {
	struct map_row *rows;
	unsigned int num;
};

static int add_row(struct map *m, const struct jailhouse_memory *mem,
		   const char *owner, unsigned int owner_no, const char *what)
{
	struct map_row *grown;

	grown = realloc(m->rows, (m->num + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	m->rows = grown;
	m->rows[m->num++] = (struct map_row){ mem->phys_start, mem->size,
					      owner, what, owner_no };
	return 0;
}

static const char *kind(__u64 flags)
{
	if (flags & JAILHOUSE_MEM_IO)
		return "device";
	return flags & JAILHOUSE_MEM_LOADABLE ? "ram, loadable" : "ram";
}

static int add_cell(struct map *m, const struct jailhouse_cell_desc *cell,
		    unsigned int owner_no)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(cell);
	unsigned int n;
	int ret = 0;

	/* The comm region is the hypervisor's page, at no fixed address. */
	for (n = 0; n < cell->num_memory_regions && !ret; n++)
		if (!(mem[n].flags & JAILHOUSE_MEM_COMM_REGION))
			ret = add_row(m, &mem[n], cell->name, owner_no,
				      kind(mem[n].flags));
	return ret;
}

/* The firmware map's ranges but RAM, when the system config has one. */
static int add_firmware(struct map *m, const struct jailhouse_system *sys)
{
	const struct jailhouse_firmware_range *r;
	struct jailhouse_memory mem = { 0 };
	unsigned int n;
	int ret = 0;

	if (!(sys->flags & JAILHOUSE_SYS_FIRMWARE_MAP))
		return 0;
	r = jailhouse_system_firmware_map(sys);
	for (n = 0; n < sys->num_firmware_ranges && !ret; n++) {
		if (r[n].type == JAILHOUSE_FIRMWARE_RAM)
			continue;
		mem.phys_start = r[n].start;
		mem.size = r[n].size;
		ret = add_row(m, &mem, "firmware", FIRMWARE,
			      config_name_of(config_firmware_types,
					     r[n].type));
	}
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

	if (r->owner_no == FIRMWARE)
		return false;
	for (n = 0; n < m->num; n++) {
		o = &m->rows[n];
		if (n != i && o->owner_no != FIRMWARE &&
		    strcmp(o->owner, r->owner) &&
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

/* SVG layout: a title, then one band and its label per row. */
#define SVG_WIDTH	960
#define SVG_TOP		48
#define SVG_BAND	26
#define SVG_GAP		4
#define SVG_BAR_X	16
#define SVG_BAR_W	180

/* Fill colours: the firmware's, the hypervisor's, the root cell's, then
 * the cells'. */
static const char *const owner_colours[] = {
	"#f2e6b8",
	"#d9534f", "#a0a0a0", "#5b8def", "#48b07a", "#e0a030", "#a06cd5",
	"#2bb0b8", "#d66aa0",
};

/* @s as XML character data: the five markup characters escaped. */
static void svg_text(FILE *out, const char *s, size_t max)
{
	size_t i;

	for (i = 0; i < max && s[i]; i++) {
		switch (s[i]) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&apos;", out); break;
		default: fputc(s[i], out);
		}
	}
}

static const char *owner_colour(unsigned int owner_no)
{
	const unsigned int num = sizeof(owner_colours) /
				 sizeof(owner_colours[0]);

	if (owner_no == FIRMWARE)
		return owner_colours[0];
	return owner_colours[owner_no < 2 ? 1 + owner_no :
			     3 + (owner_no - 2) % (num - 3)];
}

/* One band: devices paler and dashed, shared ranges outlined thick. */
static void svg_row(FILE *out, const struct map *m, unsigned int n)
{
	const struct map_row *r = &m->rows[n];
	unsigned int y = SVG_TOP + n * (SVG_BAND + SVG_GAP);
	bool device = !strcmp(r->what, "device"), both = shared(m, n);
	char size[32];

	fputs("<g><title>", out);
	svg_text(out, r->owner, JAILHOUSE_CELL_NAME_LEN);
	fprintf(out, "</title>\n<rect x=\"%d\" y=\"%u\" width=\"%d\" "
		"height=\"%d\" fill=\"%s\" fill-opacity=\"%s\" stroke=\"#000\" "
		"stroke-width=\"%d\"%s/>\n", SVG_BAR_X, y, SVG_BAR_W, SVG_BAND,
		owner_colour(r->owner_no), device ? "0.45" : "1", both ? 3 : 1,
		device ? " stroke-dasharray=\"4 2\"" : "");
	fprintf(out, "<text x=\"%d\" y=\"%u\" font-weight=\"bold\">",
		SVG_BAR_X + 8, y + SVG_BAND - 8);
	svg_text(out, r->owner, JAILHOUSE_CELL_NAME_LEN);
	fprintf(out, "</text>\n<text x=\"%d\" y=\"%u\">0x%016llx - "
		"0x%016llx  %s  ", SVG_BAR_X + SVG_BAR_W + 12,
		y + SVG_BAND - 8, (unsigned long long)r->start,
		(unsigned long long)(r->start + r->size - 1),
		config_size_text(size, sizeof(size), r->size));
	svg_text(out, r->owner, JAILHOUSE_CELL_NAME_LEN);
	fprintf(out, ": %s%s</text></g>\n", r->what, both ? ", shared" : "");
}

/* The picture into @buf (malloc'ed, @len bytes); NULL if out of memory. */
static char *svg_map(const struct map *m, const char *system, size_t *len)
{
	unsigned int n, height = SVG_TOP + m->num * (SVG_BAND + SVG_GAP) + 8;
	char *buf = NULL;
	FILE *out = open_memstream(&buf, len);

	if (!out)
		return NULL;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%u\" viewBox=\"0 0 %d %u\" font-family=\"monospace\" "
		"font-size=\"13\">\n<rect width=\"100%%\" height=\"100%%\" "
		"fill=\"#fff\"/>\n<text x=\"%d\" y=\"28\" font-size=\"16\" "
		"font-weight=\"bold\">Physical memory map of ", SVG_WIDTH,
		height, SVG_WIDTH, height, SVG_BAR_X);
	svg_text(out, system, strlen(system));
	fprintf(out, " (address order, not to scale)</text>\n");
	for (n = 0; n < m->num; n++)
		svg_row(out, m, n);
	fprintf(out, "</svg>\n");
	if (fclose(out)) {
		free(buf);
		return NULL;
	}
	return buf;
}

static int write_svg(const char *path, const struct map *m,
		     const char *system, char *error)
{
	size_t len;
	char *svg = svg_map(m, system, &len);
	int ret;

	if (!svg)
		return -ENOMEM;
	ret = config_write_file(path, svg, len, error);
	free(svg);
	return ret;
}

static int wrong_kind(const char *name, bool system, char *error)
{
	snprintf(error, CONFIG_ERROR_LEN, "%s: a %s config; the map takes "
		 "the system config first, then cells", name,
		 system ? "system" : "cell");
	return -EINVAL;
}

int config_show_map(FILE *out, const char *svg, const char *const *names,
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
	ret = ret ?: add_row(&m, &sys->hypervisor_memory, "hypervisor", 0,
			     "hypervisor") ?:
	      add_cell(&m, &sys->root_cell, 1) ?: add_firmware(&m, sys);
	for (i = 1; i < num && !ret; i++)
		ret = add_cell(&m, (const void *)blobs[i].data, i + 1);
	if (!ret)
		qsort(m.rows, m.num, sizeof(*m.rows), by_start);
	if (!ret && svg)
		ret = write_svg(svg, &m, names[0], error);
	else if (!ret)
		print_map(out, &m);
	free(m.rows);
	return ret;
}
