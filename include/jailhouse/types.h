/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixed-width types for the shared ABI.
 *
 * Every header under include/jailhouse/ is compiled in four worlds: the
 * Linux kernel module, hosted user space (tools, signer, unit tests), the
 * freestanding hypervisor and the freestanding inmates. The kernel and
 * hosted user space get the types from <linux/types.h>; the freestanding
 * worlds have no such header, so they get them here.
 */
#ifndef _JAILHOUSE_TYPES_H
#define _JAILHOUSE_TYPES_H

#if defined(__KERNEL__) || __STDC_HOSTED__
#include <linux/types.h>
#else
typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;
typedef signed char __s8;
typedef short __s16;
typedef int __s32;
typedef long long __s64;
#endif

#define JAILHOUSE_PACKED	__attribute__((packed))

/*
 * Compile-time layout check, usable at file scope in every world (the
 * kernel's static_assert and C11's _Static_assert are spelled alike).
 */
#define JAILHOUSE_ABI_SIZE(type, size) \
	_Static_assert(sizeof(type) == (size), #type " ABI size changed")

#endif /* !_JAILHOUSE_TYPES_H */
