// SPDX-License-Identifier: GPL-2.0
#include <jailhouse/header.h>
#include <jailhouse/percpu.h>

extern char __image_end[], arch_entry[];

/* Placed first in the image by the linker script. */
const struct jailhouse_header hypervisor_header
	__attribute__((section(".header"), used)) = {
	.signature = JAILHOUSE_HEADER_SIGNATURE,
	.revision = JAILHOUSE_HEADER_REVISION,
	.arch = JAILHOUSE_ARCH_X86,
	.core_size = (unsigned long)__image_end - JAILHOUSE_BASE,
	.percpu_size = sizeof(struct per_cpu),
	.entry = (unsigned long)arch_entry,
};
