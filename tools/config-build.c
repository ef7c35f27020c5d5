// SPDX-License-Identifier: GPL-2.0
/*
 * Text config to binary: a system config (keys `system` and `root-cell`)
 * or a cell descriptor (key `cell`). docs/config-format.md describes the
 * format. Every value is checked here for its own range; the result then
 * goes through lib/config.c like any binary, and the semantic rules are
 * `jh-config check`'s job.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/config.h"
#include "config-names.h"
#include "config-tool.h"

#define U32_MAX		0xffffffffULL
#define U16_MAX		0xffffULL
#define U8_MAX		0xffULL
#define MAX_CPUS	(JAILHOUSE_MAX_CPU_SET_SIZE * 8)

typedef int (*item_parser)(struct text_doc *td, yaml_node_t *node,
			   void *elem);
typedef unsigned int (*item_width)(yaml_node_t *node);

/* One array of a cell descriptor, in the order they follow the header. */
struct array_spec {
	const char *key;	/* key in the cell mapping */
	const char *item;	/* element name, as lib/config.c reports it */
	size_t size;		/* bytes per element */
	unsigned int max;
	size_t count_off;	/* offset of the count in the header */
	item_parser parse;
	/* Elements a list item stands for; NULL: always one. */
	item_width width;
};

/*
 * Number under @key of @map into @field (0 when absent, an error when
 * absent and @need). @field may be a member of a packed structure, so no
 * pointer to it is taken.
 */
#define GET_NUM(td, map, key, max, need, field)				\
	({								\
		unsigned long long __v = 0;				\
		int __r = (need) ?					\
			text_need_u64(td, map, key, max, &__v) :	\
			text_opt_u64(td, map, key, max, &__v);		\
		(field) = (__typeof__(field))__v;			\
		__r;							\
	})

/* Flags named in the list under @key of @map (absent: none). */
#define GET_FLAGS(td, map, key, table, field)				\
	({								\
		yaml_node_t *__n = text_map_get(td, map, key);		\
		unsigned long long __v = 0;				\
		int __r = __n ? text_flags(td, __n, table, &__v) : 0;	\
		(field) = (__typeof__(field))__v;			\
		__r;							\
	})

static const char *const memory_keys[] = {
	"phys", "virt", "size", "flags", NULL
};

static int parse_memory(struct text_doc *td, yaml_node_t *node, void *elem)
{
	struct jailhouse_memory *mem = elem;

	if (text_map_check(td, node, "memory region", memory_keys) ||
	    GET_NUM(td, node, "phys", ULLONG_MAX, false, mem->phys_start) ||
	    GET_NUM(td, node, "size", ULLONG_MAX, true, mem->size) ||
	    GET_FLAGS(td, node, "flags", config_mem_flags, mem->flags))
		return -EINVAL;
	/* Identity mapping unless told otherwise. */
	mem->virt_start = mem->phys_start;
	return text_map_get(td, node, "virt") ?
	       GET_NUM(td, node, "virt", ULLONG_MAX, true, mem->virt_start) : 0;
}

static const char *const pio_keys[] = { "base", "length", NULL };

static int parse_pio(struct text_doc *td, yaml_node_t *node, void *elem)
{
	struct jailhouse_pio *pio = elem;

	return text_map_check(td, node, "port I/O range", pio_keys) ?:
	       GET_NUM(td, node, "base", U16_MAX, true, pio->base) ?:
	       GET_NUM(td, node, "length", JAILHOUSE_PIO_PORTS, true,
		       pio->length);
}

static const char *const msr_keys[] = { "base", "count", "access", NULL };

/* The item "linux-root" stands for the MSR ranges a Linux root needs. */
static bool is_linux_root(yaml_node_t *node)
{
	return node->type == YAML_SCALAR_NODE &&
	       !strcmp((const char *)node->data.scalar.value, "linux-root");
}

static unsigned int msr_width(yaml_node_t *node)
{
	return is_linux_root(node) ? config_num_linux_root_msrs : 1;
}

static int parse_msr(struct text_doc *td, yaml_node_t *node, void *elem)
{
	struct jailhouse_msr_range *msr = elem;
	unsigned long long access = 0;
	yaml_node_t *acc;
	int ret;

	if (is_linux_root(node)) {
		memcpy(msr, config_linux_root_msrs,
		       config_num_linux_root_msrs * sizeof(*msr));
		return 0;
	}
	ret = text_map_check(td, node, "MSR range", msr_keys) ?:
	      GET_NUM(td, node, "base", U32_MAX, true, msr->base) ?:
	      GET_NUM(td, node, "count", U32_MAX, false, msr->count) ?:
	      text_map_need(td, node, "access", &acc) ?:
	      text_flags(td, acc, config_msr_access, &access);
	if (!text_map_get(td, node, "count"))
		msr->count = 1;
	msr->flags = (__u32)access;
	return ret;
}

/* "BB:DD.F" in hex, into *@bdf. */
static int parse_bdf(struct text_doc *td, yaml_node_t *node, __u16 *bdf)
{
	unsigned int bus, devfn_dev, fn;
	const char *s = NULL;
	int len = 0;

	if (text_string(td, node, &s))
		return -EINVAL;
	/* sscanf alone would take signs and blanks. */
	if (strspn(s, "0123456789abcdefABCDEF:.") != strlen(s) ||
	    sscanf(s, "%2x:%2x.%1x%n", &bus, &devfn_dev, &fn, &len) != 3 ||
	    s[len] || devfn_dev > 0x1f || fn > 7)
		return text_error(td, node, "expected a PCI address "
				  "'bus:device.function' like 00:1f.2, got "
				  "'%s'", s);
	*bdf = JAILHOUSE_PCI_BDF(bus, devfn_dev, fn);
	return 0;
}

static int parse_pci_iommu(struct text_doc *td, yaml_node_t *map,
			   struct jailhouse_pci_device *dev)
{
	yaml_node_t *node = text_map_get(td, map, "iommu");
	unsigned long long v;
	const char *s = NULL;

	dev->iommu = JAILHOUSE_PCI_NO_IOMMU;
	if (!node)
		return 0;
	if (node->type == YAML_SCALAR_NODE && !text_string(td, node, &s) &&
	    strcmp(s, "none") == 0)
		return 0;
	if (text_u64(td, node, JAILHOUSE_MAX_IOMMU_UNITS - 1, &v))
		return text_error(td, node, "expected an IOMMU unit index "
				  "below %d or 'none'",
				  JAILHOUSE_MAX_IOMMU_UNITS);
	dev->iommu = (__u8)v;
	return 0;
}

static const char *const pci_keys[] = {
	"bdf", "domain", "type", "class", "iommu", "flags", "shmem-regions",
	"shmem-id", "shmem-peers", "shmem-vectors", NULL
};

/* The ivshmem keys; lib/config.c checks them against the type. */
static int parse_shmem(struct text_doc *td, yaml_node_t *node,
		       struct jailhouse_pci_device *dev)
{
	return GET_NUM(td, node, "shmem-regions", U8_MAX, false,
		       dev->shmem_regions_start) ?:
	       GET_NUM(td, node, "shmem-id", U8_MAX, false,
		       dev->shmem_dev_id) ?:
	       GET_NUM(td, node, "shmem-peers", U8_MAX, false,
		       dev->shmem_peers) ?:
	       GET_NUM(td, node, "shmem-vectors", U8_MAX, false,
		       dev->shmem_vectors);
}

static int parse_pci(struct text_doc *td, yaml_node_t *node, void *elem)
{
	struct jailhouse_pci_device *dev = elem;
	unsigned long long type = JAILHOUSE_PCI_TYPE_DEVICE;
	yaml_node_t *bdf, *tnode;
	__u16 bdf_value = 0;
	int ret;

	ret = text_map_check(td, node, "PCI device", pci_keys) ?:
	      text_map_need(td, node, "bdf", &bdf) ?:
	      parse_bdf(td, bdf, &bdf_value) ?:
	      GET_NUM(td, node, "domain", U16_MAX, false, dev->domain) ?:
	      GET_NUM(td, node, "class", 0xffffff, false, dev->class_code) ?:
	      parse_pci_iommu(td, node, dev) ?:
	      GET_FLAGS(td, node, "flags", config_pci_flags, dev->flags) ?:
	      parse_shmem(td, node, dev);
	if (ret)
		return ret;
	dev->bdf = bdf_value;
	tnode = text_map_get(td, node, "type");
	if (tnode && text_choice(td, tnode, config_pci_types, &type))
		return -EINVAL;
	dev->type = (__u8)type;
	return 0;
}

static const char *const irqchip_keys[] = { "ioapic", "pins", NULL };

static int parse_irqchip(struct text_doc *td, yaml_node_t *node, void *elem)
{
	struct jailhouse_irqchip *chip = elem;
	uint8_t pins[JAILHOUSE_IOAPIC_PINS / 8] = { 0 };
	yaml_node_t *pnode;
	int ret;

	ret = text_map_check(td, node, "IOAPIC pin set", irqchip_keys) ?:
	      GET_NUM(td, node, "ioapic", U8_MAX, true, chip->ioapic_id) ?:
	      text_map_need(td, node, "pins", &pnode) ?:
	      text_bitmap(td, pnode, JAILHOUSE_IOAPIC_PINS, pins);
	/* x86 is little endian: the byte bitmap is the word bitmap. */
	memcpy(chip->pin_bitmap, pins, sizeof(pins));
	return ret;
}

#define ARRAY(k, name, type, limit, count, fn, wfn)			\
	{ .key = k, .item = name, .size = sizeof(type), .max = limit,	\
	  .count_off = offsetof(struct jailhouse_cell_desc, count),	\
	  .parse = fn, .width = wfn }

static const struct array_spec arrays[] = {
	ARRAY("memory", "memory region", struct jailhouse_memory,
	      JAILHOUSE_MAX_MEM_REGIONS, num_memory_regions, parse_memory,
	      NULL),
	ARRAY("pio", "port I/O range", struct jailhouse_pio,
	      JAILHOUSE_MAX_PIO_RANGES, num_pio_ranges, parse_pio, NULL),
	ARRAY("msr", "MSR range", struct jailhouse_msr_range,
	      JAILHOUSE_MAX_MSR_RANGES, num_msr_ranges, parse_msr, msr_width),
	ARRAY("pci", "PCI device", struct jailhouse_pci_device,
	      JAILHOUSE_MAX_PCI_DEVICES, num_pci_devices, parse_pci, NULL),
	ARRAY("ioapic-pins", "IOAPIC pin set", struct jailhouse_irqchip,
	      JAILHOUSE_MAX_IRQCHIPS, num_irqchips, parse_irqchip, NULL),
};

#define NUM_ARRAYS	(sizeof(arrays) / sizeof(arrays[0]))

/* A cell being built: header, and the arrays after it. */
struct cell_build {
	struct jailhouse_cell_desc hdr;
	uint8_t cpus[JAILHOUSE_MAX_CPU_SET_SIZE];
	uint8_t *elems;		/* the element arrays, malloc'ed */
	size_t elems_size;
};

static __u32 *count_of(struct jailhouse_cell_desc *hdr,
		       const struct array_spec *spec)
{
	return (__u32 *)((uint8_t *)hdr + spec->count_off);
}

static unsigned int item_elems(const struct array_spec *spec,
			       yaml_node_t *item)
{
	return spec->width ? spec->width(item) : 1;
}

/* Elements of the list @node of @spec (the list holds @len items). */
static unsigned int list_elems(struct text_doc *td,
			       const struct array_spec *spec,
			       yaml_node_t *node, int len)
{
	unsigned int n = 0;
	int i;

	for (i = 0; i < len && n <= spec->max; i++)
		n += item_elems(spec, text_seq_item(td, node, i));
	return n;
}

/* Count the elements of every array, then allocate them. */
static int count_arrays(struct text_doc *td, yaml_node_t *cell,
			struct cell_build *cb)
{
	yaml_node_t *node;
	unsigned int i, n;
	int len;

	for (i = 0; i < NUM_ARRAYS; i++) {
		node = text_map_get(td, cell, arrays[i].key);
		len = node ? text_seq_len(td, node, arrays[i].key) : 0;
		if (len < 0)
			return len;
		n = list_elems(td, &arrays[i], node, len);
		if (n > arrays[i].max)
			return text_error(td, node, "more than %u entries in "
					  "'%s'", arrays[i].max,
					  arrays[i].key);
		*count_of(&cb->hdr, &arrays[i]) = n;
		cb->elems_size += n * arrays[i].size;
	}
	cb->elems = calloc(1, cb->elems_size ?: 1);
	return cb->elems ? 0 : -ENOMEM;
}

static int fill_arrays(struct text_doc *td, yaml_node_t *cell,
		       struct cell_build *cb)
{
	uint8_t *elem = cb->elems;
	yaml_node_t *node, *item;
	unsigned int i;
	int n, len, ret;

	for (i = 0; i < NUM_ARRAYS; i++) {
		node = text_map_get(td, cell, arrays[i].key);
		len = node ? text_seq_len(td, node, arrays[i].key) : 0;
		for (n = 0; n < len; n++) {
			item = text_seq_item(td, node, n);
			ret = arrays[i].parse(td, item, elem);
			if (ret)
				return ret;
			elem += item_elems(&arrays[i], item) * arrays[i].size;
		}
	}
	return 0;
}

static unsigned int highest_bit(const uint8_t *bitmap, unsigned int nbits)
{
	unsigned int bit, highest = 0;

	for (bit = 0; bit < nbits; bit++)
		if (bitmap[bit / 8] & (1U << (bit % 8)))
			highest = bit;
	return highest;
}

static int parse_cpus(struct text_doc *td, yaml_node_t *cell,
		      struct cell_build *cb)
{
	yaml_node_t *cpus, *size_node;
	unsigned int min_size;
	int ret;

	ret = text_map_need(td, cell, "cpus", &cpus) ?:
	      text_bitmap(td, cpus, MAX_CPUS, cb->cpus);
	if (ret)
		return ret;
	min_size = (highest_bit(cb->cpus, MAX_CPUS) / 64 + 1) * 8;
	cb->hdr.cpu_set_size = min_size;
	size_node = text_map_get(td, cell, "cpu-set-size");
	if (!size_node)
		return 0;
	ret = GET_NUM(td, cell, "cpu-set-size", JAILHOUSE_MAX_CPU_SET_SIZE,
		      true, cb->hdr.cpu_set_size);
	if (!ret && (cb->hdr.cpu_set_size < min_size ||
		     cb->hdr.cpu_set_size % 8))
		return text_error(td, size_node, "expected a multiple of 8 "
				  "of at least %u bytes", min_size);
	return ret;
}

static int parse_name(struct text_doc *td, yaml_node_t *cell, char *name)
{
	yaml_node_t *node;
	const char *s = NULL;

	if (text_map_need(td, cell, "name", &node) ||
	    text_string(td, node, &s))
		return -EINVAL;
	if (strlen(s) == 0 || strlen(s) >= JAILHOUSE_CELL_NAME_LEN)
		return text_error(td, node, "expected a name of 1 to %d "
				  "characters", JAILHOUSE_CELL_NAME_LEN - 1);
	strcpy(name, s);
	return 0;
}

static const char *const console_keys[] = {
	"type", "address", "size", "divider", NULL
};

static int parse_console(struct text_doc *td, yaml_node_t *node,
			 struct jailhouse_console *con)
{
	unsigned long long type = 0;
	yaml_node_t *tnode;
	int ret;

	ret = text_map_check(td, node, "console", console_keys) ?:
	      text_map_need(td, node, "type", &tnode) ?:
	      text_choice(td, tnode, config_console_types, &type) ?:
	      GET_NUM(td, node, "address", ULLONG_MAX, false, con->address) ?:
	      GET_NUM(td, node, "size", U32_MAX, false, con->size) ?:
	      GET_NUM(td, node, "divider", U32_MAX, false, con->divider);
	con->type = (__u32)type;
	/* An 8250 has 8 registers, byte-wide (PIO) or 4-byte apart (MMIO). */
	if (!ret && !text_map_get(td, node, "size") &&
	    type != JAILHOUSE_CON_TYPE_NONE)
		con->size = type == JAILHOUSE_CON_TYPE_UART_PIO ? 8 : 0x1000;
	return ret;
}

static const char *const cell_keys[] = {
	"name", "flags", "security-version", "cpu-reset-address",
	"msg-reply-timeout", "console", "cpus", "cpu-set-size", "memory",
	"pio", "msr", "pci", "ioapic-pins", NULL
};

static int parse_cell_header(struct text_doc *td, yaml_node_t *cell,
			     struct jailhouse_cell_desc *hdr)
{
	yaml_node_t *con;

	memcpy(hdr->signature, JAILHOUSE_CELL_DESC_SIGNATURE,
	       JAILHOUSE_SIGNATURE_LEN);
	hdr->architecture = JAILHOUSE_ARCH_X86;
	hdr->revision = JAILHOUSE_CONFIG_REVISION;
	if (text_map_check(td, cell, "cell", cell_keys) ||
	    parse_name(td, cell, hdr->name) ||
	    GET_FLAGS(td, cell, "flags", config_cell_flags, hdr->flags) ||
	    GET_NUM(td, cell, "security-version", U32_MAX, false,
		    hdr->security_version) ||
	    GET_NUM(td, cell, "cpu-reset-address", ULLONG_MAX, false,
		    hdr->cpu_reset_address) ||
	    GET_NUM(td, cell, "msg-reply-timeout", U32_MAX, false,
		    hdr->msg_reply_timeout))
		return -EINVAL;
	con = text_map_get(td, cell, "console");
	return con ? parse_console(td, con, &hdr->console) : 0;
}

static int parse_cell(struct text_doc *td, yaml_node_t *cell,
		      struct cell_build *cb)
{
	return parse_cell_header(td, cell, &cb->hdr) ?:
	       parse_cpus(td, cell, cb) ?:
	       count_arrays(td, cell, cb) ?:
	       fill_arrays(td, cell, cb);
}

/* Header (of @hdr_size bytes at @hdr), CPU set and arrays, in one blob. */
static int assemble(const void *hdr, size_t hdr_size,
		    const struct cell_build *cb, struct config_blob *out)
{
	size_t cpus = cb->hdr.cpu_set_size;

	out->size = hdr_size + cpus + cb->elems_size;
	out->data = malloc(out->size);
	if (!out->data)
		return -ENOMEM;
	memcpy(out->data, hdr, hdr_size);
	memcpy(out->data + hdr_size, cb->cpus, cpus);
	memcpy(out->data + hdr_size + cpus, cb->elems, cb->elems_size);
	return 0;
}

static const char *const iommu_keys[] = {
	"type", "base", "size", "start-bus", "end-bus", NULL
};

/* The bus range; without "end-bus" a unit covers every bus from start. */
static int parse_iommu_buses(struct text_doc *td, yaml_node_t *node,
			     struct jailhouse_iommu *unit)
{
	int ret;

	ret = GET_NUM(td, node, "start-bus", U8_MAX, false, unit->start_bus);
	if (ret)
		return ret;
	if (!text_map_get(td, node, "end-bus")) {
		unit->end_bus = U8_MAX;
		return 0;
	}
	return GET_NUM(td, node, "end-bus", U8_MAX, true, unit->end_bus);
}

static int parse_iommu(struct text_doc *td, yaml_node_t *node, void *elem)
{
	struct jailhouse_iommu *unit = elem;
	unsigned long long type = 0;
	yaml_node_t *tnode;
	int ret;

	ret = text_map_check(td, node, "IOMMU unit", iommu_keys) ?:
	      text_map_need(td, node, "type", &tnode) ?:
	      text_choice(td, tnode, config_iommu_types, &type) ?:
	      GET_NUM(td, node, "base", ULLONG_MAX, true, unit->base) ?:
	      GET_NUM(td, node, "size", U32_MAX, true, unit->size) ?:
	      parse_iommu_buses(td, node, unit);
	unit->type = (__u8)type;
	return ret;
}

static const char *const ioapic_keys[] = {
	"id", "address", "gsi-base", "source-id", NULL
};

static int parse_ioapic(struct text_doc *td, yaml_node_t *node, void *elem)
{
	struct jailhouse_ioapic *ioapic = elem;
	yaml_node_t *sid = text_map_get(td, node, "source-id");
	__u16 sid_value = 0;

	if (text_map_check(td, node, "IOAPIC", ioapic_keys) ||
	    GET_NUM(td, node, "id", U8_MAX, true, ioapic->id) ||
	    GET_NUM(td, node, "address", ULLONG_MAX, true, ioapic->address) ||
	    GET_NUM(td, node, "gsi-base", U32_MAX, false, ioapic->gsi_base) ||
	    (sid && parse_bdf(td, sid, &sid_value)))
		return -EINVAL;
	ioapic->source_id = sid_value;
	return 0;
}

/* The list @node under @key, at most @max elements, into @array. */
static int parse_list(struct text_doc *td, yaml_node_t *node, const char *key,
		      unsigned int max, void *array, size_t size,
		      item_parser parse, unsigned int *count)
{
	int i, len = text_seq_len(td, node, key);
	int ret;

	if (len < 0)
		return len;
	if ((unsigned int)len > max)
		return text_error(td, node, "more than %u entries in '%s'",
				  max, key);
	*count = len;
	for (i = 0; i < len; i++) {
		ret = parse(td, text_seq_item(td, node, i),
			    (uint8_t *)array + i * size);
		if (ret)
			return ret;
	}
	return 0;
}

/* An optional list of at most 8 elements into a fixed array. */
static int parse_fixed_list(struct text_doc *td, yaml_node_t *map,
			    const char *key, void *array, size_t size,
			    item_parser parse, __u8 *count)
{
	yaml_node_t *node = text_map_get(td, map, key);
	unsigned int n = 0;
	int ret;

	ret = node ? parse_list(td, node, key, 8, array, size, parse, &n) : 0;
	*count = (__u8)n;
	return ret;
}

static const char *const platform_keys[] = {
	"pci-mmconfig-base", "pci-mmconfig-end-bus", "pm-timer", "tsc-khz",
	"apic-khz", "iommu-units", "ioapics", NULL
};

static int parse_platform(struct text_doc *td, yaml_node_t *node,
			  struct jailhouse_platform_info *pf)
{
	if (text_map_check(td, node, "platform", platform_keys) ||
	    GET_NUM(td, node, "pci-mmconfig-base", ULLONG_MAX, false,
		    pf->pci_mmconfig_base) ||
	    GET_NUM(td, node, "pci-mmconfig-end-bus", U8_MAX, false,
		    pf->pci_mmconfig_end_bus) ||
	    GET_NUM(td, node, "pm-timer", U16_MAX, false,
		    pf->pm_timer_address) ||
	    GET_NUM(td, node, "tsc-khz", U32_MAX, false, pf->tsc_khz) ||
	    GET_NUM(td, node, "apic-khz", U32_MAX, false, pf->apic_khz))
		return -EINVAL;
	return parse_fixed_list(td, node, "iommu-units", pf->iommu_units,
				sizeof(pf->iommu_units[0]), parse_iommu,
				&pf->num_iommu_units) ?:
	       parse_fixed_list(td, node, "ioapics", pf->ioapics,
				sizeof(pf->ioapics[0]), parse_ioapic,
				&pf->num_ioapics);
}

static const char *const firmware_keys[] = { "start", "size", "type", NULL };

static int parse_firmware_range(struct text_doc *td, yaml_node_t *node,
				void *elem)
{
	struct jailhouse_firmware_range *r = elem;
	unsigned long long type = 0;
	yaml_node_t *tnode;
	int ret;

	ret = text_map_check(td, node, "firmware range", firmware_keys) ?:
	      GET_NUM(td, node, "start", ULLONG_MAX, true, r->start) ?:
	      GET_NUM(td, node, "size", ULLONG_MAX, true, r->size) ?:
	      text_map_need(td, node, "type", &tnode) ?:
	      text_choice(td, tnode, config_firmware_types, &type);
	r->type = (__u32)type;
	return ret;
}

static const char *const bar_keys[] = { "bdf", "bar", "start", "size", NULL };

static int parse_root_bar(struct text_doc *td, yaml_node_t *node, void *elem)
{
	struct jailhouse_pci_bar *bar = elem;
	yaml_node_t *bdf;
	__u16 bdf_value = 0;
	int ret;

	ret = text_map_check(td, node, "root BAR", bar_keys) ?:
	      text_map_need(td, node, "bdf", &bdf) ?:
	      parse_bdf(td, bdf, &bdf_value) ?:
	      GET_NUM(td, node, "bar", 5, true, bar->bar) ?:
	      GET_NUM(td, node, "start", ULLONG_MAX, true, bar->start) ?:
	      GET_NUM(td, node, "size", ULLONG_MAX, true, bar->size);
	bar->bdf = bdf_value;
	return ret;
}

/* What jh-config create read of the machine, each list with its flag. */
struct machine_build {
	__u32 flags;
	unsigned int num[3];
	struct jailhouse_firmware_range ranges[JAILHOUSE_MAX_FIRMWARE_RANGES];
	struct jailhouse_pci_bar bars[JAILHOUSE_MAX_ROOT_BARS];
	struct jailhouse_irqchip pins[JAILHOUSE_MAX_IOAPICS];
};

static const struct {
	const char *key;
	__u32 flag;
	unsigned int max;
	size_t off, size;
	item_parser parse;
} machine_lists[] = {
	{ "firmware-map", JAILHOUSE_SYS_FIRMWARE_MAP,
	  JAILHOUSE_MAX_FIRMWARE_RANGES, offsetof(struct machine_build, ranges),
	  sizeof(struct jailhouse_firmware_range), parse_firmware_range },
	{ "root-bars", JAILHOUSE_SYS_ROOT_BARS, JAILHOUSE_MAX_ROOT_BARS,
	  offsetof(struct machine_build, bars),
	  sizeof(struct jailhouse_pci_bar), parse_root_bar },
	{ "root-irqs", JAILHOUSE_SYS_ROOT_IRQS, JAILHOUSE_MAX_IOAPICS,
	  offsetof(struct machine_build, pins),
	  sizeof(struct jailhouse_irqchip), parse_irqchip },
};

static int parse_machine(struct text_doc *td, yaml_node_t *node,
			 struct machine_build *mb)
{
	yaml_node_t *list;
	unsigned int i;
	int ret;

	for (i = 0; i < 3; i++) {
		list = text_map_get(td, node, machine_lists[i].key);
		if (!list)
			continue;
		mb->flags |= machine_lists[i].flag;
		ret = parse_list(td, list, machine_lists[i].key,
				 machine_lists[i].max,
				 (uint8_t *)mb + machine_lists[i].off,
				 machine_lists[i].size, machine_lists[i].parse,
				 &mb->num[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/* The lists' bytes, in their order, at @out. */
static void machine_copy(const struct machine_build *mb, uint8_t *out)
{
	unsigned int i;
	size_t len;

	for (i = 0; i < 3; i++) {
		len = mb->num[i] * machine_lists[i].size;
		memcpy(out, (const uint8_t *)mb + machine_lists[i].off, len);
		out += len;
	}
}

static size_t machine_bytes(const struct machine_build *mb)
{
	size_t len = 0;
	unsigned int i;

	for (i = 0; i < 3; i++)
		len += mb->num[i] * machine_lists[i].size;
	return len;
}

static const char *const hv_keys[] = { "phys", "size", NULL };
static const char *const system_keys[] = {
	"hypervisor-memory", "debug-console", "platform", "firmware-map",
	"root-bars", "root-irqs", NULL
};

static int parse_system(struct text_doc *td, yaml_node_t *node,
			struct jailhouse_system *sys, struct machine_build *mb)
{
	struct jailhouse_memory *hv = &sys->hypervisor_memory;
	yaml_node_t *hv_node, *con, *pf;

	memcpy(sys->signature, JAILHOUSE_SYSTEM_SIGNATURE,
	       JAILHOUSE_SIGNATURE_LEN);
	sys->architecture = JAILHOUSE_ARCH_X86;
	sys->revision = JAILHOUSE_SYSTEM_REVISION;
	if (text_map_check(td, node, "system", system_keys) ||
	    text_map_need(td, node, "hypervisor-memory", &hv_node) ||
	    text_map_check(td, hv_node, "hypervisor-memory", hv_keys) ||
	    GET_NUM(td, hv_node, "phys", ULLONG_MAX, true, hv->phys_start) ||
	    GET_NUM(td, hv_node, "size", ULLONG_MAX, true, hv->size))
		return -EINVAL;
	con = text_map_get(td, node, "debug-console");
	if (con && parse_console(td, con, &sys->debug_console))
		return -EINVAL;
	pf = text_map_get(td, node, "platform");
	if (pf && parse_platform(td, pf, &sys->platform))
		return -EINVAL;
	if (parse_machine(td, node, mb))
		return -EINVAL;
	sys->flags = mb->flags;
	sys->num_firmware_ranges = mb->num[0];
	sys->num_root_bars = mb->num[1];
	sys->num_root_irqchips = mb->num[2];
	return 0;
}

/* The list item holding element @index of @spec's list @node. */
static yaml_node_t *item_of_elem(struct text_doc *td,
				 const struct array_spec *spec,
				 yaml_node_t *node, unsigned int index)
{
	int i, len = text_seq_len(td, node, spec->key);
	unsigned int first = 0;
	yaml_node_t *item;

	for (i = 0; i < len; i++) {
		item = text_seq_item(td, node, i);
		first += item_elems(spec, item);
		if (index < first)
			return item;
	}
	return node;
}

/* The node of element @index of the array lib/config.c names @item. */
static yaml_node_t *error_node(struct text_doc *td, yaml_node_t *cell,
			       const struct jailhouse_config_error *err)
{
	yaml_node_t *node;
	unsigned int i;

	for (i = 0; i < NUM_ARRAYS && err->indexed; i++) {
		if (strcmp(err->item, arrays[i].item))
			continue;
		node = text_map_get(td, cell, arrays[i].key);
		if (node)
			return item_of_elem(td, &arrays[i], node, err->index);
	}
	return cell;
}

static int validate(struct text_doc *td, yaml_node_t *cell,
		    const struct config_blob *out, bool system)
{
	struct jailhouse_config_error err;
	int ret;

	ret = system ? jailhouse_system_validate(out->data, out->size, &err) :
		       jailhouse_cell_validate(out->data, out->size, &err);
	if (!ret)
		return 0;
	if (err.indexed)
		return text_error(td, error_node(td, cell, &err), "%s %u: %s",
				  err.item, err.index, err.reason);
	return text_error(td, cell, "%s: %s", err.item, err.reason);
}

static const char *const top_keys[] = {
	"system", "root-cell", "cell", NULL
};

/* The system config: header, root cell, then the machine's lists. */
static int assemble_system(struct jailhouse_system *sys,
			   const struct cell_build *cb,
			   const struct machine_build *mb,
			   struct config_blob *out)
{
	size_t extra = machine_bytes(mb);
	uint8_t *grown;
	int ret;

	sys->root_cell = cb->hdr;
	ret = assemble(sys, sizeof(*sys), cb, out);
	if (ret || !extra)
		return ret;
	grown = realloc(out->data, out->size + extra);
	if (!grown)
		return -ENOMEM;
	machine_copy(mb, grown + out->size);
	out->data = grown;
	out->size += extra;
	return 0;
}

static int build_system(struct text_doc *td, yaml_node_t *root,
			yaml_node_t *sys_node, yaml_node_t **cell,
			struct cell_build *cb, struct config_blob *out)
{
	struct jailhouse_system sys = { 0 };
	struct machine_build *mb = calloc(1, sizeof(*mb));
	int ret;

	if (!mb)
		return -ENOMEM;
	ret = parse_system(td, sys_node, &sys, mb) ?:
	      text_map_need(td, root, "root-cell", cell) ?:
	      parse_cell(td, *cell, cb) ?:
	      assemble_system(&sys, cb, mb, out);
	free(mb);
	return ret;
}

static int build_doc(struct text_doc *td, struct config_blob *out)
{
	yaml_node_t *root = text_root(td), *sys_node, *cell = NULL;
	struct cell_build cb = { 0 };
	bool system;
	int ret;

	ret = text_map_check(td, root, "the config", top_keys);
	if (ret)
		return ret;
	sys_node = text_map_get(td, root, "system");
	system = sys_node != NULL;
	if (system && text_map_get(td, root, "cell"))
		return text_error(td, root, "expected either 'system' with "
				  "'root-cell', or 'cell', not both");
	if (system)
		ret = build_system(td, root, sys_node, &cell, &cb, out);
	else
		ret = text_map_need(td, root, "cell", &cell) ?:
		      parse_cell(td, cell, &cb) ?:
		      assemble(&cb.hdr, sizeof(cb.hdr), &cb, out);
	free(cb.elems);
	return ret ?: validate(td, cell, out, system);
}

int config_build(const char *file, const void *text, size_t len,
		 struct config_blob *out, char *error)
{
	struct text_doc td;
	int ret;

	out->data = NULL;
	out->size = 0;
	ret = text_load(&td, file, text, len) ?: build_doc(&td, out);
	if (ret) {
		snprintf(error, CONFIG_ERROR_LEN, "%s",
			 td.error[0] ? td.error : strerror(-ret));
		config_blob_free(out);
	}
	text_free(&td);
	return ret;
}
