// SPDX-License-Identifier: GPL-2.0
/*
 * libyaml document loading and typed accessors with positioned errors.
 * libyaml only tokenises; every value's meaning is checked here.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "config-text.h"

static int node_line(const yaml_node_t *node)
{
	return node ? (int)node->start_mark.line + 1 : 1;
}

static int node_col(const yaml_node_t *node)
{
	return node ? (int)node->start_mark.column + 1 : 1;
}

int text_error(struct text_doc *td, const yaml_node_t *node,
	       const char *fmt, ...)
{
	size_t len;
	va_list ap;

	len = (size_t)snprintf(td->error, sizeof(td->error), "%s:%d:%d: ",
			       td->file, node_line(node), node_col(node));
	if (len >= sizeof(td->error))
		return -EINVAL;
	va_start(ap, fmt);
	vsnprintf(td->error + len, sizeof(td->error) - len, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static int parser_error(struct text_doc *td, const yaml_parser_t *parser)
{
	snprintf(td->error, sizeof(td->error), "%s:%zu:%zu: %s%s%s",
		 td->file, parser->problem_mark.line + 1,
		 parser->problem_mark.column + 1,
		 parser->problem ? parser->problem : "not valid YAML",
		 parser->context ? " " : "",
		 parser->context ? parser->context : "");
	return -EINVAL;
}

/* Load the one document of the stream; a second one is an error. */
static int load_single(struct text_doc *td, yaml_parser_t *parser)
{
	yaml_document_t extra;
	bool more;

	if (!yaml_parser_load(parser, &td->doc))
		return parser_error(td, parser);
	td->loaded = true;
	if (!yaml_document_get_root_node(&td->doc))
		return text_error(td, NULL, "empty document");
	if (!yaml_parser_load(parser, &extra))
		return parser_error(td, parser);
	more = yaml_document_get_root_node(&extra) != NULL;
	yaml_document_delete(&extra);
	if (more)
		return text_error(td, NULL, "expected one YAML document only");
	return 0;
}

int text_load(struct text_doc *td, const char *file, const void *buf,
	      size_t len)
{
	yaml_parser_t parser;
	int ret;

	td->file = file;
	td->loaded = false;
	td->error[0] = '\0';
	if (!yaml_parser_initialize(&parser))
		return -ENOMEM;
	yaml_parser_set_input_string(&parser, buf, len);
	ret = load_single(td, &parser);
	yaml_parser_delete(&parser);
	return ret;
}

void text_free(struct text_doc *td)
{
	if (td->loaded)
		yaml_document_delete(&td->doc);
	td->loaded = false;
}

yaml_node_t *text_root(struct text_doc *td)
{
	return yaml_document_get_root_node(&td->doc);
}

static const char *node_kind(const yaml_node_t *node)
{
	switch (node->type) {
	case YAML_SCALAR_NODE:
		return "a scalar";
	case YAML_SEQUENCE_NODE:
		return "a list";
	case YAML_MAPPING_NODE:
		return "a mapping";
	default:
		return "nothing";
	}
}

static const char *scalar(const yaml_node_t *node)
{
	return (const char *)node->data.scalar.value;
}

static yaml_node_t *node_at(struct text_doc *td, int index)
{
	return yaml_document_get_node(&td->doc, index);
}

static bool key_known(const char *key, const char *const *keys)
{
	for (; *keys; keys++)
		if (strcmp(key, *keys) == 0)
			return true;
	return false;
}

static int key_list_error(struct text_doc *td, yaml_node_t *key,
			  const char *what, const char *const *keys)
{
	char list[256] = "";
	size_t len = 0;

	for (; *keys && len < sizeof(list); keys++)
		len += (size_t)snprintf(list + len, sizeof(list) - len,
					"%s%s", len ? ", " : "", *keys);
	return text_error(td, key, "unknown key '%s' in %s, expected one "
			  "of: %s", scalar(key), what, list);
}

/* Keys of @map before @pair that equal the key of @pair. */
static bool key_repeated(struct text_doc *td, yaml_node_t *map,
			 yaml_node_pair_t *pair)
{
	const char *key = scalar(node_at(td, pair->key));
	yaml_node_pair_t *p;

	for (p = map->data.mapping.pairs.start; p < pair; p++)
		if (strcmp(scalar(node_at(td, p->key)), key) == 0)
			return true;
	return false;
}

int text_map_check(struct text_doc *td, yaml_node_t *node, const char *what,
		   const char *const *keys)
{
	yaml_node_pair_t *pair;
	yaml_node_t *key;

	if (node->type != YAML_MAPPING_NODE)
		return text_error(td, node, "expected %s as a mapping "
				  "(key: value), got %s", what,
				  node_kind(node));
	for (pair = node->data.mapping.pairs.start;
	     pair < node->data.mapping.pairs.top; pair++) {
		key = node_at(td, pair->key);
		if (key->type != YAML_SCALAR_NODE)
			return text_error(td, key, "expected a plain key in %s",
					  what);
		if (!key_known(scalar(key), keys))
			return key_list_error(td, key, what, keys);
		if (key_repeated(td, node, pair))
			return text_error(td, key, "key '%s' given twice in "
					  "%s", scalar(key), what);
	}
	return 0;
}

yaml_node_t *text_map_get(struct text_doc *td, yaml_node_t *map,
			  const char *key)
{
	yaml_node_pair_t *pair;
	yaml_node_t *k;

	if (map->type != YAML_MAPPING_NODE)
		return NULL;
	for (pair = map->data.mapping.pairs.start;
	     pair < map->data.mapping.pairs.top; pair++) {
		k = node_at(td, pair->key);
		if (k->type == YAML_SCALAR_NODE && strcmp(scalar(k), key) == 0)
			return node_at(td, pair->value);
	}
	return NULL;
}

int text_map_need(struct text_doc *td, yaml_node_t *map, const char *key,
		  yaml_node_t **value)
{
	*value = text_map_get(td, map, key);
	if (!*value)
		return text_error(td, map, "missing key '%s'", key);
	return 0;
}

int text_seq_len(struct text_doc *td, yaml_node_t *node, const char *what)
{
	if (node->type != YAML_SEQUENCE_NODE)
		return text_error(td, node, "expected %s as a list, got %s",
				  what, node_kind(node));
	return (int)(node->data.sequence.items.top -
		     node->data.sequence.items.start);
}

yaml_node_t *text_seq_item(struct text_doc *td, yaml_node_t *seq,
			   unsigned int i)
{
	return node_at(td, seq->data.sequence.items.start[i]);
}

int text_string(struct text_doc *td, yaml_node_t *node, const char **out)
{
	if (node->type != YAML_SCALAR_NODE)
		return text_error(td, node, "expected a single value, got %s",
				  node_kind(node));
	*out = scalar(node);
	return 0;
}

static int unit_shift(char unit)
{
	switch (unit) {
	case '\0':
		return 0;
	case 'K':
		return 10;
	case 'M':
		return 20;
	case 'G':
		return 30;
	case 'T':
		return 40;
	default:
		return -1;
	}
}

static int digit_value(char c, unsigned int base)
{
	int v = -1;

	if (c >= '0' && c <= '9')
		v = c - '0';
	else if (c >= 'a' && c <= 'f')
		v = c - 'a' + 10;
	else if (c >= 'A' && c <= 'F')
		v = c - 'A' + 10;
	return v >= 0 && (unsigned int)v < base ? v : -1;
}

/* Parse "123", "0x1f", "64M": 0 or -1 if malformed or beyond 64 bits. */
static int parse_number(const char *s, unsigned long long *out)
{
	unsigned int base = 10;
	unsigned long long v = 0;
	int d, shift;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (digit_value(*s, base) < 0)
		return -1;
	for (; (d = digit_value(*s, base)) >= 0; s++) {
		if (v > (ULLONG_MAX - (unsigned long long)d) / base)
			return -1;
		v = v * base + (unsigned long long)d;
	}
	shift = s[0] && s[1] ? -1 : unit_shift(*s);
	if (shift < 0 || (shift && v > ULLONG_MAX >> shift))
		return -1;
	*out = v << shift;
	return 0;
}

int text_u64(struct text_doc *td, yaml_node_t *node, unsigned long long max,
	     unsigned long long *out)
{
	const char *s = NULL;
	int ret;

	ret = text_string(td, node, &s);
	if (ret)
		return ret;
	if (parse_number(s, out))
		return text_error(td, node, "expected a number (decimal or "
				  "0x hex, optional K/M/G/T), got '%s'", s);
	if (*out > max)
		return text_error(td, node, "value %s is above the maximum "
				  "0x%llx", s, (unsigned long long)max);
	return 0;
}

int text_opt_u64(struct text_doc *td, yaml_node_t *map, const char *key,
		 unsigned long long max, unsigned long long *out)
{
	yaml_node_t *node = text_map_get(td, map, key);

	*out = 0;
	return node ? text_u64(td, node, max, out) : 0;
}

int text_need_u64(struct text_doc *td, yaml_node_t *map, const char *key,
		  unsigned long long max, unsigned long long *out)
{
	yaml_node_t *node;

	return text_map_need(td, map, key, &node) ?:
	       text_u64(td, node, max, out);
}

static int names_error(struct text_doc *td, yaml_node_t *node,
		       const char *got, const struct text_name *table)
{
	char list[256] = "";
	size_t len = 0;

	for (; table->name && len < sizeof(list); table++)
		len += (size_t)snprintf(list + len, sizeof(list) - len,
					"%s%s", len ? ", " : "", table->name);
	return text_error(td, node, "unknown name '%s', expected one of: %s",
			  got, list);
}

int text_choice(struct text_doc *td, yaml_node_t *node,
		const struct text_name *table, unsigned long long *out)
{
	const struct text_name *t;
	const char *s = NULL;
	int ret;

	ret = text_string(td, node, &s);
	if (ret)
		return ret;
	for (t = table; t->name; t++)
		if (strcmp(s, t->name) == 0) {
			*out = t->value;
			return 0;
		}
	return names_error(td, node, s, table);
}

int text_flags(struct text_doc *td, yaml_node_t *node,
	       const struct text_name *table, unsigned long long *out)
{
	int i, len = text_seq_len(td, node, "flags");
	unsigned long long flag;
	int ret;

	if (len < 0)
		return len;
	*out = 0;
	for (i = 0; i < len; i++) {
		ret = text_choice(td, text_seq_item(td, node, i), table,
				  &flag);
		if (ret)
			return ret;
		*out |= flag;
	}
	return 0;
}

/* "a" or "a-b" with a <= b < nbits. */
static int parse_bit_range(const char *s, unsigned int nbits,
			   unsigned long long *first, unsigned long long *last)
{
	char buf[64];
	char *dash;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	dash = strchr(buf, '-');
	if (dash)
		*dash = '\0';
	if (parse_number(buf, first) ||
	    (dash && parse_number(dash + 1, last)))
		return -1;
	if (!dash)
		*last = *first;
	return *first <= *last && *last < nbits ? 0 : -1;
}

int text_bitmap(struct text_doc *td, yaml_node_t *node, unsigned int nbits,
		uint8_t *bitmap)
{
	int i, len = text_seq_len(td, node, "a set of numbers");
	unsigned long long first, last;
	yaml_node_t *item;
	const char *s = NULL;

	if (len < 0)
		return len;
	for (i = 0; i < len; i++) {
		item = text_seq_item(td, node, i);
		if (text_string(td, item, &s))
			return -EINVAL;
		if (parse_bit_range(s, nbits, &first, &last))
			return text_error(td, item, "expected a number or "
					  "range 'a-b' below %u, got '%s'",
					  nbits, s);
		for (; first <= last; first++)
			bitmap[first / 8] |= 1U << (first % 8);
	}
	return 0;
}
