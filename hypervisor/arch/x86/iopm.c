// SPDX-License-Identifier: GPL-2.0
/*
 * I/O permission bitmaps from a cell's port ranges; layouts in
 * asm/iopm.h. Built for the hypervisor and, for the unit tests, the host.
 */
#include <stdbool.h>
#include <jailhouse/errno.h>
#include <jailhouse/string.h>
#include <asm/iopm.h>
#include <asm/pci.h>

#include "config.h"

void io_bitmap_deny_all(__u8 *bitmap, size_t size)
{
	memset(bitmap, 0xff, size);
}

static int check_range(__u32 base, __u32 length)
{
	if (length == 0)
		return -EINVAL;
	if (base >= IO_BITMAP_PORTS || length > IO_BITMAP_PORTS - base)
		return -ERANGE;
	return 0;
}

static void set_ports(__u8 *bitmap, __u32 base, __u32 length, bool intercept)
{
	__u32 port;

	for (port = base; port < base + length; port++) {
		if (intercept)
			bitmap[port / 8] |= 1U << (port % 8);
		else
			bitmap[port / 8] &= ~(1U << (port % 8));
	}
}

int io_bitmap_allow(__u8 *bitmap, __u32 base, __u32 length)
{
	int err = check_range(base, length);

	if (!err)
		set_ports(bitmap, base, length, false);
	return err;
}

int io_bitmap_deny(__u8 *bitmap, __u32 base, __u32 length)
{
	int err = check_range(base, length);

	if (!err)
		set_ports(bitmap, base, length, true);
	return err;
}

int io_bitmap_from_cell(__u8 *bitmap, size_t size,
			const struct jailhouse_cell_desc *cell)
{
	const struct jailhouse_pio *pio = jailhouse_cell_pio(cell);
	unsigned int i;
	int err;

	io_bitmap_deny_all(bitmap, size);
	for (i = 0; i < cell->num_pio_ranges; i++) {
		err = io_bitmap_allow(bitmap, pio[i].base, pio[i].length);
		if (err) {
			io_bitmap_deny_all(bitmap, size);
			return err;
		}
	}
	/* PCI configuration ports: mediated whatever the config says. */
	return io_bitmap_deny(bitmap, PCI_CONF1_ADDR_PORT, PCI_CONF1_PORTS);
}
