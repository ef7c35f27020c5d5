/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _JAILHOUSE_LIB_IMAGE_H
#define _JAILHOUSE_LIB_IMAGE_H

#include "env.h"

/**
 * Check a hypervisor image (jailhouse.bin) before anything trusts its
 * header: size, signature, revision, architecture, and that the sizes and
 * entry point the header claims fit the image.
 *
 * @image:	the image as read from the file
 * @size:	its length in bytes
 * @reason:	set to a human-readable reason on failure
 *
 * Return: 0, or -ENOEXEC with *reason set.
 */
int jailhouse_image_check(const void *image, size_t size,
			  const char **reason);

#endif /* !_JAILHOUSE_LIB_IMAGE_H */
