/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The freestanding mini-libc: string functions and formatted output for
 * the worlds without a C library (the hypervisor and the inmates). Built
 * from lib/string.c and lib/vsnprintf.c into each of them; lib/env.h finds
 * this header as <jailhouse/string.h> in a freestanding build. The loader
 * and user space use their own libraries and never link these.
 */
#ifndef _JAILHOUSE_LIB_STRING_H
#define _JAILHOUSE_LIB_STRING_H

#include <stdarg.h>
#include <stddef.h>

void *memcpy(void *dest, const void *src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *s1, const void *s2, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t maxlen);
int strcmp(const char *s1, const char *s2);
int strncmp(const char *s1, const char *s2, size_t n);

/*
 * C99 semantics: at most size bytes including the NUL are written (none if
 * size is 0), and the return value is the length the full output would
 * have. Conversions: %c %s %d %i %u %x %X %p %%, the flags '-' and '0', a
 * width and a precision (both may be '*'; the precision applies to %s),
 * and the length modifiers hh h l ll z.
 */
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* !_JAILHOUSE_LIB_STRING_H */
