/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading hand-written YAML (configs, policies) with libyaml, with errors
 * that carry file:line:column and say what was expected. Used by
 * jh-config and jh-policy. Every function returns 0 or a negative errno;
 * on error, the message is in td->error (one line, no newline).
 */
#ifndef _JAILHOUSE_TOOLS_CONFIG_TEXT_H
#define _JAILHOUSE_TOOLS_CONFIG_TEXT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <yaml.h>

struct text_doc {
	yaml_document_t doc;
	bool loaded;
	const char *file;	/* for messages */
	char error[512];
};

/* A name and the value it stands for, in flag and choice tables. */
struct text_name {
	const char *name;
	unsigned long long value;
};

/* Parse @len bytes of YAML; @file names them in messages. */
int text_load(struct text_doc *td, const char *file, const void *buf,
	      size_t len);
void text_free(struct text_doc *td);
yaml_node_t *text_root(struct text_doc *td);

/* Record "file:line:col: message" about @node; return -EINVAL. */
int text_error(struct text_doc *td, const yaml_node_t *node,
	       const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * Check that @node is a mapping whose keys are all in the NULL-terminated
 * @keys; @what names the mapping in messages.
 */
int text_map_check(struct text_doc *td, yaml_node_t *node, const char *what,
		   const char *const *keys);
/* Value of @key in mapping @map, or NULL. */
yaml_node_t *text_map_get(struct text_doc *td, yaml_node_t *map,
			  const char *key);
/* Like text_map_get(), but the key must be present. */
int text_map_need(struct text_doc *td, yaml_node_t *map, const char *key,
		  yaml_node_t **value);

/* Number of items of sequence @node (which must be one), or -EINVAL. */
int text_seq_len(struct text_doc *td, yaml_node_t *node, const char *what);
yaml_node_t *text_seq_item(struct text_doc *td, yaml_node_t *seq,
			   unsigned int i);

/*
 * A number: decimal or 0x-hex, optionally followed by K, M, G or T
 * (binary units); at most @max.
 */
int text_u64(struct text_doc *td, yaml_node_t *node, unsigned long long max,
	     unsigned long long *out);
/* Number under @key of @map, or 0 when absent. */
int text_opt_u64(struct text_doc *td, yaml_node_t *map, const char *key,
		 unsigned long long max, unsigned long long *out);
/* Number under @key of @map, which must be present. */
int text_need_u64(struct text_doc *td, yaml_node_t *map, const char *key,
		  unsigned long long max, unsigned long long *out);
/* A scalar's text (NUL-terminated, owned by the document). */
int text_string(struct text_doc *td, yaml_node_t *node, const char **out);
/* One of the names of @table (NULL-name terminated). */
int text_choice(struct text_doc *td, yaml_node_t *node,
		const struct text_name *table, unsigned long long *out);
/* A sequence of names of @table, OR-ed together. */
int text_flags(struct text_doc *td, yaml_node_t *node,
	       const struct text_name *table, unsigned long long *out);
/*
 * A sequence of numbers and ranges "a-b" below @nbits; sets their bits
 * in @bitmap (bytes, LSB first).
 */
int text_bitmap(struct text_doc *td, yaml_node_t *node, unsigned int nbits,
		uint8_t *bitmap);

#endif /* !_JAILHOUSE_TOOLS_CONFIG_TEXT_H */
