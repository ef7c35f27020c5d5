// SPDX-License-Identifier: GPL-2.0
/*
 * printk() and where it goes: the hypervisor's debug console (one
 * hypercall per character) or an 8250 UART by port I/O. The choice is
 * made once, from the comm region, in console_init().
 */
#include <inmate.h>

#define UART_THR		0	/* transmit holding register */
#define UART_DLL		0	/* divisor latch, DLAB = 1 */
#define UART_IER		1
#define UART_DLM		1	/* divisor latch, DLAB = 1 */
#define UART_LCR		3
#define UART_LSR		5
#define UART_LCR_8N1		0x03
#define UART_LCR_DLAB		0x80
#define UART_LSR_THRE		0x20

enum console_sink {
	CONSOLE_NONE,
	CONSOLE_UART,
	CONSOLE_HYPERCALL,
};

static enum console_sink sink;
static u16 uart_port;

static void uart_init(u16 port, u32 divider)
{
	uart_port = port;
	if (!divider)
		return;
	outb(UART_LCR_DLAB, port + UART_LCR);
	outb(divider & 0xff, port + UART_DLL);
	outb((divider >> 8) & 0xff, port + UART_DLM);
	outb(UART_LCR_8N1, port + UART_LCR);
	outb(0, port + UART_IER);
}

static void uart_putc(char c)
{
	while (!(inb(uart_port + UART_LSR) & UART_LSR_THRE))
		cpu_relax();
	outb(c, uart_port + UART_THR);
}

static bool uart_usable(const struct jailhouse_comm_console *con)
{
	return con->type == JAILHOUSE_COMM_CON_TYPE_8250 &&
		!(con->flags & JAILHOUSE_COMM_CON_MMIO) &&
		con->address && con->address <= 0xfff8;
}

void console_init(void)
{
	const struct jailhouse_comm_console *con = &comm_region->console;
	u32 flags = comm_region->flags;
	bool hv = hypervisor_present();

	if (hv && (flags & JAILHOUSE_COMM_FLAG_DBG_PUTC_ACTIVE)) {
		sink = CONSOLE_HYPERCALL;
	} else if (uart_usable(con)) {
		sink = CONSOLE_UART;
		uart_init(con->address, con->divider);
	} else if (hv && (flags & JAILHOUSE_COMM_FLAG_DBG_PUTC_PERMITTED)) {
		sink = CONSOLE_HYPERCALL;
	} else {
		sink = CONSOLE_NONE;
	}
}

static void console_putc(char c)
{
	switch (sink) {
	case CONSOLE_UART:
		if (c == '\n')
			uart_putc('\r');
		uart_putc(c);
		break;
	case CONSOLE_HYPERCALL:
		jailhouse_call(JAILHOUSE_HC_DEBUG_CONSOLE_PUTC,
			       (unsigned char)c, 0);
		break;
	case CONSOLE_NONE:
		break;
	}
}

void printk(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int len, i;

	va_start(ap, fmt);
	len = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (len >= (int)sizeof(buf))
		len = sizeof(buf) - 1;
	for (i = 0; i < len; i++)
		console_putc(buf[i]);
}
