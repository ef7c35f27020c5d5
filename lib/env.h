/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The environment of the code under lib/, which is compiled into three
 * worlds: the kernel module (kbuild), the freestanding hypervisor, and
 * hosted user space (tools, signer, unit tests, fuzzers). Each world has
 * errno values, size_t, bool and the string functions under other header
 * names; this is the one place that knows which.
 */
#ifndef _JAILHOUSE_LIB_ENV_H
#define _JAILHOUSE_LIB_ENV_H

#if defined(__KERNEL__)
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/types.h>
#elif __STDC_HOSTED__
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#else
#include <stdbool.h>
#include <stddef.h>
#include <jailhouse/errno.h>
#include <jailhouse/string.h>
#endif

#endif /* !_JAILHOUSE_LIB_ENV_H */
