/* SPDX-License-Identifier: GPL-2.0 */
/* Test-and-set spinlock; the hypervisor never sleeps or takes interrupts. */
#ifndef _ASM_SPINLOCK_H
#define _ASM_SPINLOCK_H

#include <jailhouse/atomic.h>
#include <asm/processor.h>

typedef struct {
	volatile int locked;
} spinlock_t;

static inline void spin_lock(spinlock_t *lock)
{
	while (atomic_xchg_acquire(&lock->locked, 1))
		while (lock->locked)
			cpu_relax();
}

static inline void spin_unlock(spinlock_t *lock)
{
	atomic_store_release(&lock->locked, 0);
}

#endif /* !_ASM_SPINLOCK_H */
