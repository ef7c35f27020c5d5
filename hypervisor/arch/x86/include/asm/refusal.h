/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a refused port access leaves in the guest's registers, so that the
 * root cell goes on as if no device answered: a write is dropped, a read
 * returns all ones, like a port nothing decodes on a PC.
 */
#ifndef _ASM_REFUSAL_H
#define _ASM_REFUSAL_H

#include <jailhouse/types.h>

/**
 * RAX after an IN of @size (1, 2 or 4) bytes read @value: those bytes
 * replaced, the others kept; a 4-byte IN clears the upper half as every
 * 32-bit register write does.
 */
__u64 io_in_result(__u64 rax, unsigned int size, __u32 value);

/**
 * RAX after a refused IN of @size (1, 2 or 4) bytes: those bytes all
 * ones, the others kept; a 4-byte IN clears the upper half as every
 * 32-bit register write does.
 */
__u64 io_refused_in(__u64 rax, unsigned int size);

/** The value an OUT of @size bytes writes: the low bytes of RAX. */
__u32 io_out_value(__u64 rax, unsigned int size);

#endif /* !_ASM_REFUSAL_H */
