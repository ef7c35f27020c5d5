/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The errno values of the ABI: what the hypervisor returns from
 * hypercalls, negated (include/jailhouse/hypercall.h). They match
 * Linux's.
 */
#ifndef _JAILHOUSE_ERRNO_H
#define _JAILHOUSE_ERRNO_H

#define EPERM		1
#define ENOENT		2
#define EIO		5
#define E2BIG		7
#define ENOEXEC		8
#define EAGAIN		11
#define ENOMEM		12
#define EFAULT		14
#define EBUSY		16
#define EEXIST		17
#define ENODEV		19
#define EINVAL		22
#define ENOSPC		28
#define ERANGE		34
#define ENOSYS		38
#define ETIMEDOUT	110
/* A failed cell: only destroy is left (docs/cells.md, "Failures"). */
#define ENOTRECOVERABLE	131

#endif /* !_JAILHOUSE_ERRNO_H */
