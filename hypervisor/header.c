// SPDX-License-Identifier: GPL-2.0
#include <stddef.h>
#include <jailhouse/control.h>
#include <jailhouse/header.h>
#include <jailhouse/percpu.h>

extern char __image_end[], __text_end[], arch_entry[];

/* arch/x86/entry.S reads percpu_size at this offset. */
_Static_assert(offsetof(struct jailhouse_header, percpu_size) == 24,
	       "entry.S: HEADER_PERCPU_SIZE");

/*
 * Placed first in the image by the linker script. Not const: the loader
 * fills the second half in the copy it enters.
 */
struct jailhouse_header hypervisor_header
	__attribute__((section(".header"), used)) = {
	.signature = JAILHOUSE_HEADER_SIGNATURE,
	.revision = JAILHOUSE_HEADER_REVISION,
	.arch = JAILHOUSE_ARCH_X86,
	.core_size = (unsigned long)__image_end - JAILHOUSE_BASE,
	.percpu_size = sizeof(struct per_cpu),
	.entry = (unsigned long)arch_entry,
	.text_size = (unsigned long)__text_end - JAILHOUSE_BASE,
};
