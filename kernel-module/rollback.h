/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rollback protection: the highest security version accepted so far per
 * (image type, name), remembered until the module is unloaded.
 */
#ifndef _JAILHOUSE_MODULE_ROLLBACK_H
#define _JAILHOUSE_MODULE_ROLLBACK_H

#include <linux/types.h>

/** Lowest security version still acceptable for (@type, @name). */
u32 jailhouse_rollback_floor(u32 type, const char *name);

/** Remember that @version of (@type, @name) was accepted.
 *  Return: 0 or -ENOMEM. */
int jailhouse_rollback_raise(u32 type, const char *name, u32 version);

void jailhouse_rollback_exit(void);

#endif /* !_JAILHOUSE_MODULE_ROLLBACK_H */
