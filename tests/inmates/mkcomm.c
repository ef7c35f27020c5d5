// SPDX-License-Identifier: GPL-2.0
/*
 * Write a comm region page as the hypervisor fills it when a cell starts,
 * for booting an inmate on bare QEMU (tests/inmates/bare.sh):
 *   mkcomm OUT.bin UART_PORT TSC_KHZ APIC_KHZ [REVISION]
 * REVISION (default: the current one) lets tests offer a wrong one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jailhouse/comm-region.h>
#include <jailhouse/hypercall.h>

#define PAGE_SIZE	4096

static int parse_u32(const char *text, const char *what, unsigned long max,
		     unsigned long *value)
{
	char *end;

	errno = 0;
	*value = strtoul(text, &end, 0);
	if (errno || end == text || *end || *value > max) {
		fprintf(stderr, "mkcomm: %s: invalid value '%s'\n", what, text);
		return -EINVAL;
	}
	return 0;
}

static int fill_comm(struct jailhouse_comm_region *comm, int argc,
		     char **argv)
{
	unsigned long port, tsc_khz, apic_khz;
	unsigned long revision = JAILHOUSE_COMM_REGION_REVISION;

	if (parse_u32(argv[2], "UART_PORT", 0xfff8, &port) ||
	    parse_u32(argv[3], "TSC_KHZ", 0xffffffff, &tsc_khz) ||
	    parse_u32(argv[4], "APIC_KHZ", 0xffffffff, &apic_khz) ||
	    (argc > 5 && parse_u32(argv[5], "REVISION", 0xffff, &revision)))
		return -EINVAL;
	memcpy(comm->signature, JAILHOUSE_COMM_REGION_MAGIC,
	       JAILHOUSE_COMM_REGION_MAGIC_LEN);
	comm->revision = revision;
	comm->cell_state = JAILHOUSE_CELL_RUNNING;
	comm->console.address = port;
	comm->console.size = 8;
	comm->console.type = JAILHOUSE_COMM_CON_TYPE_8250;
	comm->num_cpus = 1;
	comm->tsc_khz = tsc_khz;
	comm->apic_khz = apic_khz;
	return 0;
}

static int write_page(const char *path, const void *page)
{
	FILE *file = fopen(path, "wb");

	if (!file) {
		fprintf(stderr, "mkcomm: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	if (fwrite(page, PAGE_SIZE, 1, file) != 1 || fclose(file)) {
		fprintf(stderr, "mkcomm: %s: write failed\n", path);
		return -EIO;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static union {
		struct jailhouse_comm_region comm;
		unsigned char bytes[PAGE_SIZE];
	} page;

	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: mkcomm OUT.bin UART_PORT TSC_KHZ "
			"APIC_KHZ [REVISION]\n");
		return 2;
	}
	if (fill_comm(&page.comm, argc, argv) || write_page(argv[1], &page))
		return 1;
	return 0;
}
