// SPDX-License-Identifier: GPL-2.0
/*
 * The files jh-config create reads, under a root directory (create.h).
 * Their contents come from the kernel, or from a captured copy: lines that
 * do not parse are errors naming the file, never guessed at.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config-tool.h"
#include "create.h"

#define PATH_LEN	256
#define MEMMAP		"sys/firmware/memmap"
#define PCI_DEVICES	"sys/bus/pci/devices"

static int path_of(char *path, const char *root, const char *rel,
		   char *error)
{
	if (snprintf(path, PATH_LEN, "%s/%s", root, rel) >= PATH_LEN) {
		snprintf(error, CONFIG_ERROR_LEN, "%s/%s: path too long",
			 root, rel);
		return -ENAMETOOLONG;
	}
	return 0;
}

/* "BASE/DIR/FILE" into @rel (PATH_LEN bytes). */
static int entry_path(char *rel, const char *base, const char *dir,
		      const char *file, char *error)
{
	if (snprintf(rel, PATH_LEN, "%s/%s/%s", base, dir, file) < PATH_LEN)
		return 0;
	snprintf(error, CONFIG_ERROR_LEN, "%s/%s: path too long", base, dir);
	return -ENAMETOOLONG;
}

int create_read_blob(const char *root, const char *rel, uint8_t **data,
		     size_t *len, char *error)
{
	struct config_blob blob;
	char path[PATH_LEN];
	int ret;

	ret = path_of(path, root, rel, error);
	if (!ret)
		ret = config_read_file(path, &blob, error);
	if (ret)
		return ret;
	*data = blob.data;
	*len = blob.size;
	return 0;
}

int create_read_text(const char *root, const char *rel, char **text,
		     char *error)
{
	uint8_t *data, *grown;
	size_t len;
	int ret;

	ret = create_read_blob(root, rel, &data, &len, error);
	if (ret)
		return ret;
	grown = realloc(data, len + 1);
	if (!grown) {
		free(data);
		return -ENOMEM;
	}
	grown[len] = '\0';
	*text = (char *)grown;
	return 0;
}

static int append(struct create_entries *out, const struct create_entry *e)
{
	struct create_entry *grown;

	grown = realloc(out->e, (out->num + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	out->e = grown;
	out->e[out->num++] = *e;
	return 0;
}

/* "  0000a000-0000bfff : name": two spaces per level. */
static int parse_tree_line(const char *line, struct create_entry *e)
{
	unsigned int indent = strspn(line, " ");
	uint64_t start, last;
	int used = 0;

	memset(e, 0, sizeof(*e));
	if (sscanf(line + indent, "%" SCNx64 "-%" SCNx64 " : %n", &start,
		   &last, &used) != 2 || !used || last < start ||
	    last == UINT64_MAX)
		return -EINVAL;
	e->start = start;
	e->end = last + 1;
	e->depth = indent / 2;
	snprintf(e->name, sizeof(e->name), "%.*s",
		 (int)strcspn(line + indent + used, "\n"),
		 line + indent + used);
	return 0;
}

int create_read_tree(const char *root, const char *rel,
		     struct create_entries *out, char *error)
{
	char *text, *line, *next;
	struct create_entry e;
	unsigned int n = 1;
	bool any = false;
	int ret;

	*out = (struct create_entries){ NULL, 0 };
	ret = create_read_text(root, rel, &text, error);
	if (ret)
		return ret;
	for (line = text; !ret && line && *line; line = next, n++) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		ret = parse_tree_line(line, &e);
		if (ret)
			snprintf(error, CONFIG_ERROR_LEN, "%s/%s:%u: not "
				 "\"START-END : NAME\"", root, rel, n);
		else
			ret = append(out, &e);
		any |= e.end > 1;
	}
	free(text);
	if (!ret && !any) {
		snprintf(error, CONFIG_ERROR_LEN, "%s/%s: every address is "
			 "0 (run as root)", root, rel);
		ret = -EPERM;
	}
	if (ret) {
		free(out->e);
		*out = (struct create_entries){ NULL, 0 };
	}
	return ret;
}

static int read_number(const char *root, const char *rel, uint64_t *value,
		       char *error)
{
	char *text, *end;
	int ret;

	ret = create_read_text(root, rel, &text, error);
	if (ret)
		return ret;
	errno = 0;
	*value = strtoull(text, &end, 0);
	if (errno || end == text || (*end && *end != '\n')) {
		snprintf(error, CONFIG_ERROR_LEN, "%s/%s: not a number",
			 root, rel);
		ret = -EINVAL;
	}
	free(text);
	return ret;
}

static int read_memmap_entry(const char *root, const char *dir,
			     struct create_entry *e, char *error)
{
	char rel[PATH_LEN], *type;
	uint64_t last;
	int ret;

	memset(e, 0, sizeof(*e));
	ret = entry_path(rel, MEMMAP, dir, "start", error);
	if (!ret)
		ret = read_number(root, rel, &e->start, error);
	if (!ret)
		ret = entry_path(rel, MEMMAP, dir, "end", error);
	if (!ret)
		ret = read_number(root, rel, &last, error);
	if (!ret)
		ret = entry_path(rel, MEMMAP, dir, "type", error);
	if (!ret)
		ret = create_read_text(root, rel, &type, error);
	if (ret)
		return ret;
	e->end = last + 1;
	snprintf(e->name, sizeof(e->name), "%.*s",
		 (int)strcspn(type, "\n"), type);
	free(type);
	return 0;
}

/* The directory entries of @rel, sorted; *names is NULL if none. */
static int list_dir(const char *root, const char *rel, struct dirent ***names,
		    int *num, char *error)
{
	char path[PATH_LEN];
	int ret;

	ret = path_of(path, root, rel, error);
	if (ret)
		return ret;
	*names = NULL;
	*num = scandir(path, names, NULL, versionsort);
	if (*num >= 0)
		return 0;
	*num = 0;
	if (errno == ENOENT)
		return 0;
	ret = -errno;
	snprintf(error, CONFIG_ERROR_LEN, "%s: %s", path, strerror(errno));
	return ret;
}

static void free_list(struct dirent **names, int num)
{
	while (num--)
		free(names[num]);
	free(names);
}

int create_read_memmap(const char *root, struct create_entries *out,
		       char *error)
{
	struct dirent **names;
	struct create_entry e;
	int num, i, ret;

	*out = (struct create_entries){ NULL, 0 };
	ret = list_dir(root, MEMMAP, &names, &num, error);
	for (i = 0; !ret && i < num; i++) {
		if (names[i]->d_name[0] == '.')
			continue;
		ret = read_memmap_entry(root, names[i]->d_name, &e, error);
		if (!ret)
			ret = append(out, &e);
	}
	free_list(names, num);
	return ret;
}

static int read_resources(const char *root, const char *dir,
			  struct create_pci *d, char *error)
{
	char rel[PATH_LEN], *text, *line;
	uint64_t start, end, flags;
	unsigned int bar;
	int ret;

	ret = entry_path(rel, PCI_DEVICES, dir, "resource", error);
	if (!ret)
		ret = create_read_text(root, rel, &text, error);
	if (ret)
		return ret;
	line = text;
	for (bar = 0; bar < CREATE_BARS && line && *line; bar++) {
		if (sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNx64, &start,
			   &end, &flags) != 3 || (start && end < start)) {
			snprintf(error, CONFIG_ERROR_LEN, "%s/%s: line %u "
				 "malformed", root, rel, bar + 1);
			ret = -EINVAL;
			break;
		}
		d->bar_start[bar] = start;
		d->bar_end[bar] = start ? end + 1 : 0;
		d->bar_flags[bar] = flags;
		line = strchr(line, '\n');
		line = line ? line + 1 : NULL;
	}
	free(text);
	return ret;
}

/* Class, ids, BARs and, where readable, the configuration header. */
static int read_pci_device(const char *root, const char *dir,
			   struct create_pci *d, char *error)
{
	char rel[PATH_LEN];
	uint64_t v[3];
	uint8_t *config;
	size_t len;
	static const char *const files[] = { "class", "vendor", "device" };
	unsigned int i;
	int ret = 0;

	for (i = 0; i < 3 && !ret; i++) {
		ret = entry_path(rel, PCI_DEVICES, dir, files[i], error);
		if (!ret)
			ret = read_number(root, rel, &v[i], error);
	}
	if (ret)
		return ret;
	d->class = v[0];
	d->vendor = v[1];
	d->device = v[2];
	if (entry_path(rel, PCI_DEVICES, dir, "config", error) == 0 &&
	    create_read_blob(root, rel, &config, &len, error) == 0) {
		memcpy(d->config, config, len < sizeof(d->config) ?
		       len : sizeof(d->config));
		free(config);
	}
	return read_resources(root, dir, d, error);
}

static int add_pci(struct create_pcis *out, const struct create_pci *d)
{
	struct create_pci *grown;

	grown = realloc(out->d, (out->num + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	out->d = grown;
	out->d[out->num++] = *d;
	return 0;
}

static int read_pci_entry(const char *root, const char *dir,
			  struct create_pcis *out, char *error)
{
	unsigned int domain, bus, dev, fn;
	struct create_pci d = { 0 };
	char end;
	int ret;

	if (sscanf(dir, "%4x:%2x:%2x.%1x%c", &domain, &bus, &dev, &fn,
		   &end) != 4 || dev > 31 || fn > 7) {
		snprintf(error, CONFIG_ERROR_LEN, "%s/%s/%s: not a PCI "
			 "address", root, PCI_DEVICES, dir);
		return -EINVAL;
	}
	if (domain) {
		out->other_domains++;
		return 0;
	}
	d.bus = bus;
	d.dev = dev;
	d.fn = fn;
	ret = read_pci_device(root, dir, &d, error);
	return ret ? ret : add_pci(out, &d);
}

int create_read_pci(const char *root, struct create_pcis *out, char *error)
{
	struct dirent **names;
	int num, i, ret;

	*out = (struct create_pcis){ NULL, 0, 0 };
	ret = list_dir(root, PCI_DEVICES, &names, &num, error);
	for (i = 0; !ret && i < num; i++)
		if (names[i]->d_name[0] != '.')
			ret = read_pci_entry(root, names[i]->d_name, out,
					     error);
	free_list(names, num);
	return ret;
}

static int add_irq(struct create_irqs *out, const struct create_irq *irq)
{
	struct create_irq *grown;

	grown = realloc(out->i, (out->num + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	out->i = grown;
	out->i[out->num++] = *irq;
	return 0;
}

/*
 * "  4:   0   12   IO-APIC   4-edge      ttyS0": the IRQ, one count per
 * CPU, the chip, the hwirq and trigger, then the drivers that requested
 * it; only IOAPIC lines with a driver count. Other lines (NMI:, MSI
 * chips, IRQs without a driver) are skipped, malformed ones are errors.
 */
static int parse_irq_line(char *line, unsigned int cpus,
			  struct create_irq *irq, bool *wanted)
{
	char *tok, *save, *chip = NULL, *hw = NULL;
	unsigned int n;
	char *end;

	*wanted = false;
	tok = strtok_r(line, " \t", &save);
	if (!tok || !*tok || tok[strlen(tok) - 1] != ':')
		return tok ? -EINVAL : 0;
	irq->irq = strtoul(tok, &end, 10);
	if (end == tok || *end != ':')
		return 0;		/* NMI:, LOC:, ERR:... */
	for (n = 0; n < cpus; n++)
		if (!strtok_r(NULL, " \t", &save))
			return -EINVAL;
	chip = strtok_r(NULL, " \t", &save);
	hw = chip ? strtok_r(NULL, " \t", &save) : NULL;
	if (!chip || !hw || !strstr(chip, "IO-APIC"))
		return 0;
	irq->pin = strtoul(hw, &end, 10);
	if (end == hw || *end != '-')
		return -EINVAL;
	*wanted = strtok_r(NULL, " \t", &save) != NULL;
	return 0;
}

static unsigned int count_cpus(const char *header)
{
	unsigned int n = 0;

	while ((header = strstr(header, "CPU")) != NULL) {
		n++;
		header += 3;
	}
	return n;
}

int create_read_irqs(const char *root, struct create_irqs *out, char *error)
{
	char *text, *line, *next;
	unsigned int n = 2, cpus;
	struct create_irq irq;
	bool wanted;
	int ret;

	*out = (struct create_irqs){ NULL, 0, false };
	ret = create_read_text(root, "proc/interrupts", &text, error);
	if (ret == -ENOENT)
		return 0;
	if (ret)
		return ret;
	out->known = true;
	line = strchr(text, '\n');
	cpus = count_cpus(text);
	for (line = line ? line + 1 : NULL; !ret && line && *line;
	     line = next, n++) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		ret = parse_irq_line(line, cpus, &irq, &wanted);
		if (ret)
			snprintf(error, CONFIG_ERROR_LEN, "%s/proc/interrupts:"
				 "%u: malformed", root, n);
		else if (wanted)
			ret = add_irq(out, &irq);
	}
	free(text);
	return ret;
}
