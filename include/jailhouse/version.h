/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _JAILHOUSE_VERSION_H
#define _JAILHOUSE_VERSION_H

/* Release of all parts; they are built and shipped together. */
#define JAILHOUSE_VERSION	"0.1.0"

/*
 * Revision of the interface between the loader (kernel module) and the
 * tools. Bumped on any incompatible change of include/jailhouse/ioctl.h.
 */
#define JAILHOUSE_IOCTL_ABI	1

#endif /* !_JAILHOUSE_VERSION_H */
