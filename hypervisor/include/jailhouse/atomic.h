/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Atomic accesses to data other CPUs read or write at the same time: the
 * compiler's __atomic builtins, each named after its memory order so that
 * a reader sees the pairing without looking it up.
 *
 * - _relaxed: the access is whole (never torn, merged or dropped) but
 *   orders nothing else.
 * - _acquire: nothing after it moves before it; pairs with a _release.
 * - _release: nothing before it moves after it.
 * - _seq_cst: fully ordered; all CPUs see these in one order.
 *
 * The read-modify-write forms return the new value, the exchange forms
 * as their builtins do. Type-generic, hence macros.
 */
#ifndef _JAILHOUSE_ATOMIC_H
#define _JAILHOUSE_ATOMIC_H

#define atomic_load_relaxed(p)	__atomic_load_n((p), __ATOMIC_RELAXED)
#define atomic_load_acquire(p)	__atomic_load_n((p), __ATOMIC_ACQUIRE)
#define atomic_load_seq_cst(p)	__atomic_load_n((p), __ATOMIC_SEQ_CST)

#define atomic_store_relaxed(p, v)	\
	__atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define atomic_store_release(p, v)	\
	__atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define atomic_store_seq_cst(p, v)	\
	__atomic_store_n((p), (v), __ATOMIC_SEQ_CST)

/* A full barrier between the accesses before and after it. */
#define atomic_fence_seq_cst()	__atomic_thread_fence(__ATOMIC_SEQ_CST)

#define atomic_add_relaxed(p, n)	\
	__atomic_add_fetch((p), (n), __ATOMIC_RELAXED)
#define atomic_add_seq_cst(p, n)	\
	__atomic_add_fetch((p), (n), __ATOMIC_SEQ_CST)
#define atomic_or_seq_cst(p, v)		\
	__atomic_or_fetch((p), (v), __ATOMIC_SEQ_CST)
#define atomic_and_release(p, v)	\
	__atomic_and_fetch((p), (v), __ATOMIC_RELEASE)

/* Store @v in *@p; return the old value. */
#define atomic_xchg_acquire(p, v)	\
	__atomic_exchange_n((p), (v), __ATOMIC_ACQUIRE)
/*
 * Store @v in *@p if it holds *@old: true; else copy *@p into *@old:
 * false.
 */
#define atomic_cmpxchg_seq_cst(p, old, v)				\
	__atomic_compare_exchange_n((p), (old), (v), 0,			\
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)

#endif /* !_JAILHOUSE_ATOMIC_H */
