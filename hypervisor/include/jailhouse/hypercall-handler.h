/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypercall dispatcher (hypervisor/hypercall.c). The core services it
 * uses are declared beside their definitions: jailhouse/cell.h,
 * cell-lifecycle.h and hypercall-services.h; the unit tests fake them.
 *
 * The backend's exit handler reads code, arg1 and arg2 from the guest's
 * RAX, RDI and RSI, calls hypercall() and writes the result to RAX.
 * Everything in arg1 and arg2 is the calling cell's and is checked before
 * use; see docs/isolation.md for each code's checks. hypercall() is
 * declared here only.
 */
#ifndef _JAILHOUSE_HYPERCALL_HANDLER_H
#define _JAILHOUSE_HYPERCALL_HANDLER_H

#include <stdbool.h>

struct cell;
struct per_cpu;

/**
 * Whether @cell may issue hypercall @code: the root cell any code, any
 * other cell only JAILHOUSE_HC_DEBUG_CONSOLE_PUTC (which its config must
 * still permit). The backend fails a cell that issues a code it may not.
 */
bool hypercall_permitted(const struct cell *cell, unsigned long code);

/**
 * Handle hypercall @code from the guest running on @cpu.
 * Return: the value for the guest's RAX, negative errno on failure:
 * -ENOSYS for an unknown code, -EPERM for a code @cpu's cell may not
 * issue (hypercall_permitted(); the backend fails such a cell before it
 * gets here).
 */
long hypercall(struct per_cpu *cpu, unsigned long code, unsigned long arg1,
	       unsigned long arg2);

#endif /* !_JAILHOUSE_HYPERCALL_HANDLER_H */
