// SPDX-License-Identifier: GPL-2.0
/*
 * String functions of the freestanding mini-libc (see
 * lib/include/jailhouse/string.h). Plain byte loops: the users are a
 * hypervisor and small inmates, which copy little; the compiler must not
 * turn these loops back into calls to themselves (-ffreestanding and
 * -fno-builtin-* in the freestanding builds).
 */
#include <jailhouse/string.h>

void *memcpy(void *dest, const void *src, size_t n)
{
	unsigned char *d = dest;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
	return dest;
}

void *memmove(void *dest, const void *src, size_t n)
{
	unsigned char *d = dest;
	const unsigned char *s = src;

	if (d <= s || d >= s + n)
		return memcpy(dest, src, n);
	while (n--)
		d[n] = s[n];
	return dest;
}

void *memset(void *s, int c, size_t n)
{
	unsigned char *p = s;

	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

int memcmp(const void *s1, const void *s2, size_t n)
{
	const unsigned char *a = s1, *b = s2;

	for (; n; n--, a++, b++)
		if (*a != *b)
			return *a - *b;
	return 0;
}

size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}

size_t strnlen(const char *s, size_t maxlen)
{
	size_t len = 0;

	while (len < maxlen && s[len])
		len++;
	return len;
}

int strncmp(const char *s1, const char *s2, size_t n)
{
	const unsigned char *a = (const unsigned char *)s1;
	const unsigned char *b = (const unsigned char *)s2;

	for (; n; n--, a++, b++) {
		if (*a != *b)
			return *a - *b;
		if (!*a)
			break;
	}
	return 0;
}

int strcmp(const char *s1, const char *s2)
{
	return strncmp(s1, s2, (size_t)-1);
}
