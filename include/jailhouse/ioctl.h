/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interface of /dev/jailhouse, shared by the loader and the tools.
 *
 * Every structure is fixed-width and packed, so 32- and 64-bit callers see
 * the same layout. Reserved fields must be zero; the loader rejects
 * anything else so that they can gain a meaning later.
 */
#ifndef _JAILHOUSE_IOCTL_H
#define _JAILHOUSE_IOCTL_H

#include <jailhouse/types.h>

#ifdef __KERNEL__
#include <linux/ioctl.h>
#else
#include <sys/ioctl.h>
#endif

#define JAILHOUSE_DEVICE		"/dev/jailhouse"
#define JAILHOUSE_IOCTL_MAGIC		'J'

/* Answer of JAILHOUSE_GET_VERSION. */
struct jailhouse_version_info {
	/** JAILHOUSE_IOCTL_ABI of the loader. */
	__u32 ioctl_abi;
	__u32 reserved;
	/** NUL-terminated release string (JAILHOUSE_VERSION). */
	char version[32];
} JAILHOUSE_PACKED;

JAILHOUSE_ABI_SIZE(struct jailhouse_version_info, 40);

#define JAILHOUSE_GET_VERSION \
	_IOR(JAILHOUSE_IOCTL_MAGIC, 0x00, struct jailhouse_version_info)

#endif /* !_JAILHOUSE_IOCTL_H */
