// SPDX-License-Identifier: GPL-2.0
/*
 * Rollback floors. Callers serialise floor and raise (verify.c holds its
 * accept mutex across both), so the list needs no lock of its own.
 */
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <jailhouse/signature.h>

#include "rollback.h"

struct floor {
	struct list_head link;
	u32 type;
	u32 version;
	char name[JAILHOUSE_SIG_NAME_LEN];
};

static LIST_HEAD(floors);

static struct floor *find(u32 type, const char *name)
{
	struct floor *f;

	list_for_each_entry(f, &floors, link)
		if (f->type == type && strncmp(f->name, name,
					       sizeof(f->name)) == 0)
			return f;
	return NULL;
}

u32 jailhouse_rollback_floor(u32 type, const char *name)
{
	struct floor *f = find(type, name);

	return f ? f->version : 0;
}

int jailhouse_rollback_raise(u32 type, const char *name, u32 version)
{
	struct floor *f = find(type, name);

	if (!f) {
		f = kzalloc(sizeof(*f), GFP_KERNEL);
		if (!f)
			return -ENOMEM;
		f->type = type;
		strscpy(f->name, name, sizeof(f->name));
		list_add(&f->link, &floors);
	}
	f->version = max(f->version, version);
	return 0;
}

void jailhouse_rollback_exit(void)
{
	struct floor *f, *next;

	list_for_each_entry_safe(f, next, &floors, link)
		kfree(f);
	INIT_LIST_HEAD(&floors);
}
