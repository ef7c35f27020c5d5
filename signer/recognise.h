/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What is being signed: hypervisor images (JAILHOUS header), system
 * configs (JHSYS), cell descriptors (JHCLL) and policies (JHPOL) are
 * recognised and checked with the loader's own validators (lib/);
 * anything else is an inmate image only if --type or --cell says so.
 */
#ifndef _JH_SIGN_RECOGNISE_H
#define _JH_SIGN_RECOGNISE_H

#include "sigfile.h"

/* Largest config jh-sign reads whole to validate it. */
#define JH_MAX_CONFIG_SIZE	(1 << 20)

struct jh_image_id {
	__u32 type;		/* JAILHOUSE_IMAGE_*, 0: not recognised */
	char name[JAILHOUSE_SIG_NAME_LEN];
	__u32 version;		/* from the image, if it carries one */
	bool has_version;
};

/**
 * Recognise and validate the payload of @f.
 * Return: 0 (id->type 0 when not recognised) or -errno when the file
 * claims a known type but fails its validation (message printed).
 */
int jh_recognise(const struct jh_sigfile *f, struct jh_image_id *id);

#endif /* !_JH_SIGN_RECOGNISE_H */
