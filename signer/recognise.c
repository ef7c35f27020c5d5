// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jailhouse/cell-config.h>
#include <jailhouse/header.h>

#include "config.h"
#include "policy.h"
#include "error.h"
#include "image.h"
#include "recognise.h"

static int check_hypervisor(const struct jh_sigfile *f, const void *head,
			    size_t head_len, struct jh_image_id *id)
{
	const char *reason;

	if (head_len < sizeof(struct jailhouse_header) ||
	    jailhouse_image_check(head, jh_sigfile_payload_size(f),
				  &reason) != 0)
		return jh_fail(f->path, -ENOEXEC, "hypervisor image: %s",
			       head_len < sizeof(struct jailhouse_header) ?
			       "file too small for a hypervisor header" :
			       reason);
	id->type = JAILHOUSE_IMAGE_HYPERVISOR;
	return 0;
}

static void take_cell_id(const struct jailhouse_cell_desc *cell,
			 struct jh_image_id *id)
{
	memcpy(id->name, cell->name, sizeof(id->name));
	id->name[sizeof(id->name) - 1] = '\0';
	id->version = cell->security_version;
	id->has_version = true;
}

static int validate_config(const struct jh_sigfile *f, const void *blob,
			   size_t size, struct jh_image_id *id)
{
	struct jailhouse_config_error cerr = { 0 };
	const struct jailhouse_system *sys = blob;
	bool system = id->type == JAILHOUSE_IMAGE_SYSTEM_CONFIG;
	int err;

	if (system)
		err = jailhouse_system_validate(blob, size, &cerr);
	else
		err = jailhouse_cell_validate(blob, size, &cerr);
	if (err) {
		if (cerr.indexed)
			return jh_fail(f->path, err, "%s %u: %s", cerr.item,
				       cerr.index, cerr.reason);
		return jh_fail(f->path, err, "%s: %s", cerr.item,
			       cerr.reason);
	}
	take_cell_id(system ? &sys->root_cell : blob, id);
	return 0;
}

static int validate_blob(const struct jh_sigfile *f, const void *blob,
			 size_t size, struct jh_image_id *id)
{
	struct jailhouse_config_error cerr = { 0 };
	int err;

	if (id->type != JAILHOUSE_IMAGE_POLICY)
		return validate_config(f, blob, size, id);
	err = jailhouse_policy_validate(blob, size, &cerr);
	if (err && cerr.indexed)
		return jh_fail(f->path, err, "%s %u: %s", cerr.item,
			       cerr.index, cerr.reason);
	if (err)
		return jh_fail(f->path, err, "%s: %s", cerr.item, cerr.reason);
	return 0;
}

static int check_config(const struct jh_sigfile *f, struct jh_image_id *id)
{
	__u64 size = jh_sigfile_payload_size(f);
	void *blob;
	int err;

	if (size > JH_MAX_CONFIG_SIZE)
		return jh_fail(f->path, -EFBIG, "config larger than %d bytes",
			       JH_MAX_CONFIG_SIZE);
	blob = malloc(size);
	if (!blob)
		return jh_fail(f->path, -ENOMEM, "out of memory");
	err = jh_sigfile_read(f, blob, size, 0);
	if (!err)
		err = validate_blob(f, blob, size, id);
	free(blob);
	return err;
}

int jh_recognise(const struct jh_sigfile *f, struct jh_image_id *id)
{
	char head[sizeof(struct jailhouse_header)];
	__u64 size = jh_sigfile_payload_size(f);
	size_t len = size < sizeof(head) ? size : sizeof(head);
	int err;

	memset(id, 0, sizeof(*id));
	err = jh_sigfile_read(f, head, len, 0);
	if (err)
		return err;
	if (len >= 8 && memcmp(head, JAILHOUSE_HEADER_SIGNATURE, 8) == 0)
		return check_hypervisor(f, head, len, id);
	if (len < JAILHOUSE_SIGNATURE_LEN)
		return 0;
	if (memcmp(head, JAILHOUSE_SYSTEM_SIGNATURE,
		   JAILHOUSE_SIGNATURE_LEN) == 0)
		id->type = JAILHOUSE_IMAGE_SYSTEM_CONFIG;
	else if (memcmp(head, JAILHOUSE_CELL_DESC_SIGNATURE,
			JAILHOUSE_SIGNATURE_LEN) == 0)
		id->type = JAILHOUSE_IMAGE_CELL_CONFIG;
	else if (memcmp(head, JAILHOUSE_POLICY_SIGNATURE,
			JAILHOUSE_SIGNATURE_LEN) == 0)
		id->type = JAILHOUSE_IMAGE_POLICY;
	else
		return 0;
	return check_config(f, id);
}
