/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypervisor core: global state, stopping CPUs. Hypercalls:
 * jailhouse/hypercall-handler.h.
 */
#ifndef _JAILHOUSE_CONTROL_H
#define _JAILHOUSE_CONTROL_H

#include <jailhouse/cell-config.h>
#include <jailhouse/header.h>
#include <jailhouse/percpu.h>

/* Filled partly by the loader (include/jailhouse/header.h). */
extern struct jailhouse_header hypervisor_header;

/** The system config the loader copied, validated by the first CPU. */
extern const struct jailhouse_system *system_config;

/**
 * Stop @cpu for good because its cell did something the hypervisor
 * refuses (@reason, logged with the CPU id). The hypervisor itself goes
 * on; the CPU reports JAILHOUSE_CPU_FAILED.
 */
void __attribute__((noreturn)) cpu_fail(struct per_cpu *cpu,
					const char *reason);

#endif /* !_JAILHOUSE_CONTROL_H */
