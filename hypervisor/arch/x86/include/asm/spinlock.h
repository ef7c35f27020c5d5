/* SPDX-License-Identifier: GPL-2.0 */
/* Test-and-set spinlock; the hypervisor never sleeps or takes interrupts. */
#ifndef _ASM_SPINLOCK_H
#define _ASM_SPINLOCK_H

#include <asm/processor.h>

typedef struct {
	volatile int locked;
} spinlock_t;

static inline void spin_lock(spinlock_t *lock)
{
	while (__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE))
		while (lock->locked)
			cpu_relax();
}

static inline void spin_unlock(spinlock_t *lock)
{
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
}

#endif /* !_ASM_SPINLOCK_H */
