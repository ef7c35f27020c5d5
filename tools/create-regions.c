// SPDX-License-Identifier: GPL-2.0
/*
 * Ranges of the root cell as jh-config create gathers them (create.h):
 * added in any order, holes carved out, then rounded to pages (memory),
 * sorted and merged, so that no two regions of the cell overlap.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "create.h"

int create_add(struct create_regions *set, uint64_t start, uint64_t end,
	       uint64_t flags, const char *what)
{
	struct create_region *grown, *r;

	if (end <= start)
		return 0;
	grown = realloc(set->r, (set->num + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	set->r = grown;
	r = &set->r[set->num++];
	r->start = start;
	r->end = end;
	r->flags = flags;
	snprintf(r->what, sizeof(r->what), "%s", what);
	return 0;
}

int create_carve(struct create_regions *set, uint64_t start, uint64_t end)
{
	struct create_region *r, piece;
	unsigned int n, num = set->num;
	int err;

	for (n = 0; n < num; n++) {
		r = &set->r[n];
		if (r->end <= start || r->start >= end)
			continue;
		/* A copy: adding the tail may move the array. */
		piece = *r;
		r->end = r->start < start ? start : r->start;
		if (piece.end > end) {
			err = create_add(set, end, piece.end, piece.flags,
					 piece.what);
			if (err)
				return err;
		}
	}
	return 0;
}

static int by_start(const void *a, const void *b)
{
	const struct create_region *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

/* "a, b" unless @b is in @a already; cut at the buffer's end. */
static void join_what(char *a, const char *b)
{
	size_t len = strlen(a);

	if (strstr(a, b))
		return;
	snprintf(a + len, CREATE_WHAT_LEN - len, "%s%s", len ? ", " : "", b);
}

void create_merge(struct create_regions *set, uint64_t align)
{
	struct create_region *r = set->r, *last = NULL;
	unsigned int n, out = 0;

	for (n = 0; n < set->num; n++) {
		r[n].start &= ~(align - 1);
		r[n].end = (r[n].end + align - 1) & ~(align - 1);
	}
	qsort(r, set->num, sizeof(*r), by_start);
	for (n = 0; n < set->num; n++) {
		if (r[n].end <= r[n].start)
			continue;
		if (last && (r[n].start < last->end ||
			     (r[n].start == last->end &&
			      r[n].flags == last->flags &&
			      strcmp(r[n].what, last->what) == 0))) {
			if (r[n].end > last->end)
				last->end = r[n].end;
			last->flags |= r[n].flags;
			join_what(last->what, r[n].what);
			continue;
		}
		r[out] = r[n];
		last = &r[out++];
	}
	set->num = out;
}

void create_regions_free(struct create_regions *set)
{
	free(set->r);
	*set = (struct create_regions){ NULL, 0 };
}
