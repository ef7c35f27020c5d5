// SPDX-License-Identifier: GPL-2.0
/*
 * printk: one line at a time to the debug UART (an 8250 at an I/O port;
 * Linux may use the same UART, lines then interleave) and into the
 * console ring in Linux memory.
 */
#include <stdarg.h>
#include <jailhouse/atomic.h>
#include <jailhouse/control.h>
#include <jailhouse/header.h>
#include <jailhouse/printk.h>
#include <jailhouse/string.h>
#include <asm/processor.h>
#include <asm/spinlock.h>

#define UART_THR		0
#define UART_DLL		0
#define UART_DLM		1
#define UART_LCR		3
#define UART_LSR		5
#define UART_LCR_DLAB		0x80
#define UART_LCR_8N1		0x03
#define UART_LSR_THRE		0x20
/* Give up on a UART that never drains rather than hang the CPU. */
#define UART_TX_SPINS		100000

static spinlock_t console_lock;
static __u16 uart_port;
static struct jailhouse_console_ring *ring;
/* Private copies: the ring is Linux memory, never read back. */
static __u64 ring_pos;
static __u32 ring_size;

static void uart_init(const struct jailhouse_console *con)
{
	if (con->type != JAILHOUSE_CON_TYPE_UART_PIO || con->address > 0xfff8)
		return;
	uart_port = con->address;
	if (!con->divider)
		return;
	outb(UART_LCR_DLAB, uart_port + UART_LCR);
	outb(con->divider, uart_port + UART_DLL);
	outb(con->divider >> 8, uart_port + UART_DLM);
	outb(UART_LCR_8N1, uart_port + UART_LCR);
}

static void uart_putc(char c)
{
	unsigned int spins = UART_TX_SPINS;

	while (!(inb(uart_port + UART_LSR) & UART_LSR_THRE) && --spins)
		cpu_relax();
	outb(c, uart_port + UART_THR);
}

static void ring_init(void)
{
	__u32 max = JAILHOUSE_CONSOLE_PAGES * PAGE_SIZE - sizeof(*ring);

	ring = (struct jailhouse_console_ring *)JAILHOUSE_CONSOLE_BASE;
	ring_size = ring->size;
	ring_pos = ring->write_pos;
	if (ring->magic != JAILHOUSE_CONSOLE_MAGIC || !ring_size ||
	    ring_size > max) {
		ring_size = max;
		ring_pos = 0;
	}
}

void console_init(void)
{
	uart_init(&system_config->debug_console);
	ring_init();
}

static void console_write(const char *text)
{
	char c;

	for (; *text; text++) {
		c = jailhouse_console_char(*text);
		if (uart_port && c == '\n')
			uart_putc('\r');
		if (uart_port)
			uart_putc(c);
		if (ring) {
			ring->data[ring_pos % ring_size] = c;
			/* The byte first, for readers on other CPUs. */
			atomic_store_release(&ring->write_pos, ++ring_pos);
		}
	}
}

static void vprintk(const char *fmt, va_list ap)
{
	char line[256];

	vsnprintf(line, sizeof(line), fmt, ap);
	spin_lock(&console_lock);
	console_write(line);
	spin_unlock(&console_lock);
}

void printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
}

void panic_stop(const char *fmt, ...)
{
	va_list ap;

	printk("PANIC: ");
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	cpu_halt_forever();
}
