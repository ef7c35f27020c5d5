/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The image's entry point, reached by the loader on every CPU with the
 * System V calling convention: %edi = logical CPU id. Returns 0 on
 * success or a negative errno in %eax.
 */
	.text
	.globl	arch_entry
arch_entry:
	jmp	entry
