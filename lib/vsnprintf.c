// SPDX-License-Identifier: GPL-2.0
/*
 * Formatted output of the freestanding mini-libc (see
 * lib/include/jailhouse/string.h for what it supports). One core for the
 * hypervisor's and the inmates' printk; it never writes past size and
 * always terminates a non-empty buffer.
 */
#include <stdbool.h>

#include <jailhouse/string.h>

struct fmt_out {
	char *buf;
	size_t size;
	size_t len;		/* what the full output would take */
};

struct fmt_spec {
	bool left;		/* '-': pad on the right */
	bool zero;		/* '0': pad numbers with zeros */
	int width;
	int precision;		/* -1: none */
	char length;		/* 0, 'H' (hh), 'h', 'l', 'L' (ll), 'z' */
	char conv;
};

static void out_char(struct fmt_out *out, char c)
{
	if (out->len + 1 < out->size)
		out->buf[out->len] = c;
	out->len++;
}

static void out_pad(struct fmt_out *out, char c, int count)
{
	while (count-- > 0)
		out_char(out, c);
}

static void out_field(struct fmt_out *out, const struct fmt_spec *spec,
		      const char *prefix, const char *body, int body_len)
{
	int prefix_len = strlen(prefix);
	int pad = spec->width - prefix_len - body_len;

	if (!spec->left && !spec->zero)
		out_pad(out, ' ', pad);
	while (*prefix)
		out_char(out, *prefix++);
	if (!spec->left && spec->zero)
		out_pad(out, '0', pad);
	while (body_len-- > 0)
		out_char(out, *body++);
	if (spec->left)
		out_pad(out, ' ', pad);
}

static int parse_number(const char **fmt, va_list *ap)
{
	int value = 0;

	if (**fmt == '*') {
		(*fmt)++;
		return va_arg(*ap, int);
	}
	while (**fmt >= '0' && **fmt <= '9')
		value = value * 10 + *(*fmt)++ - '0';
	return value;
}

static void parse_flags(const char **fmt, struct fmt_spec *spec)
{
	for (;; (*fmt)++) {
		if (**fmt == '-')
			spec->left = true;
		else if (**fmt == '0')
			spec->zero = true;
		else
			return;
	}
}

static void parse_length(const char **fmt, struct fmt_spec *spec)
{
	char c = **fmt;

	if (c != 'h' && c != 'l' && c != 'z')
		return;
	(*fmt)++;
	spec->length = c;
	if ((c == 'h' || c == 'l') && **fmt == c) {
		(*fmt)++;
		spec->length = c == 'h' ? 'H' : 'L';
	}
}

static void parse_spec(const char **fmt, va_list *ap, struct fmt_spec *spec)
{
	*spec = (struct fmt_spec){ .precision = -1 };
	parse_flags(fmt, spec);
	spec->width = parse_number(fmt, ap);
	if (spec->width < 0) {
		spec->left = true;
		spec->width = -spec->width;
	}
	if (**fmt == '.') {
		(*fmt)++;
		spec->precision = parse_number(fmt, ap);
	}
	parse_length(fmt, spec);
	spec->conv = **fmt;
	if (spec->conv)
		(*fmt)++;
	if (spec->left)
		spec->zero = false;
}

static unsigned long long fetch_unsigned(const struct fmt_spec *spec,
					 va_list *ap)
{
	switch (spec->length) {
	case 'H':
		return (unsigned char)va_arg(*ap, unsigned int);
	case 'h':
		return (unsigned short)va_arg(*ap, unsigned int);
	case 'l':
		return va_arg(*ap, unsigned long);
	case 'L':
		return va_arg(*ap, unsigned long long);
	case 'z':
		return va_arg(*ap, size_t);
	default:
		return va_arg(*ap, unsigned int);
	}
}

static long long fetch_signed(const struct fmt_spec *spec, va_list *ap)
{
	switch (spec->length) {
	case 'H':
		return (signed char)va_arg(*ap, int);
	case 'h':
		return (short)va_arg(*ap, int);
	case 'l':
		return va_arg(*ap, long);
	case 'L':
		return va_arg(*ap, long long);
	case 'z':
		return (long long)va_arg(*ap, size_t);
	default:
		return va_arg(*ap, int);
	}
}

/* Digits of value, most significant first, into buf (>= 22 bytes). */
static int format_digits(char *buf, unsigned long long value,
			 unsigned int base, bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int len = 0, i;

	do {
		tmp[len++] = digits[value % base];
		value /= base;
	} while (value);
	for (i = 0; i < len; i++)
		buf[i] = tmp[len - 1 - i];
	return len;
}

static void format_integer(struct fmt_out *out, const struct fmt_spec *spec,
			   va_list *ap)
{
	unsigned long long value;
	const char *prefix = "";
	unsigned int base = 10;
	char digits[24];

	if (spec->conv == 'd' || spec->conv == 'i') {
		long long svalue = fetch_signed(spec, ap);

		value = (unsigned long long)svalue;
		if (svalue < 0)
			value = 0ULL - value;
		prefix = svalue < 0 ? "-" : "";
	} else if (spec->conv == 'p') {
		value = (unsigned long)va_arg(*ap, void *);
		prefix = "0x";
		base = 16;
	} else {
		value = fetch_unsigned(spec, ap);
		base = spec->conv == 'u' ? 10 : 16;
	}
	out_field(out, spec, prefix, digits,
		  format_digits(digits, value, base, spec->conv == 'X'));
}

static void format_string(struct fmt_out *out, const struct fmt_spec *spec,
			  const char *s)
{
	size_t max = spec->precision < 0 ? (size_t)-1 : (size_t)spec->precision;
	struct fmt_spec text = *spec;

	if (!s)
		s = "(null)";
	text.zero = false;
	out_field(out, &text, "", s, strnlen(s, max));
}

/*
 * Format one conversion; false if it is unknown (then only a `*` width or
 * precision has taken an argument).
 */
static bool format_one(struct fmt_out *out, const struct fmt_spec *spec,
		       va_list *ap)
{
	char c;

	switch (spec->conv) {
	case 'd':
	case 'i':
	case 'u':
	case 'x':
	case 'X':
	case 'p':
		format_integer(out, spec, ap);
		return true;
	case 's':
		format_string(out, spec, va_arg(*ap, const char *));
		return true;
	case 'c':
		c = (char)va_arg(*ap, int);
		out_field(out, spec, "", &c, 1);
		return true;
	case '%':
		out_char(out, '%');
		return true;
	default:
		return false;
	}
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct fmt_out out = { .buf = buf, .size = size };
	struct fmt_spec spec;
	const char *start;
	va_list args;

	va_copy(args, ap);
	while (*fmt) {
		if (*fmt != '%') {
			out_char(&out, *fmt++);
			continue;
		}
		start = fmt++;
		parse_spec(&fmt, &args, &spec);
		/* An unknown conversion is shown as written. */
		if (!format_one(&out, &spec, &args))
			while (start < fmt)
				out_char(&out, *start++);
	}
	va_end(args);
	if (size)
		buf[out.len < size ? out.len : size - 1] = '\0';
	return out.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return len;
}
