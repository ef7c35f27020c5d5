// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: lib/linux-boot.c on the bytes of a would-be bzImage,
 * as the loader runs it on a signed kernel file: parse, then lay out and
 * build the boot pages for a fixed cell. The first bytes of the file,
 * which no parser reads (the boot sector), choose the initramfs size, the
 * command line (taken from the payload) and the CPUs. Whatever is
 * accepted must lie inside the input and inside the cell.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "linux-boot.h"
#include "loadable.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Low RAM, the comm region, and 64 MiB for kernel and initramfs. */
static const struct {
	struct jailhouse_cell_desc desc;
	__u8 cpu_set[8];
	struct jailhouse_memory mem[3];
	struct jailhouse_pio pio[1];
} __attribute__((packed)) cell = {
	.desc = { .cpu_set_size = 8, .num_memory_regions = 3,
		  .num_pio_ranges = 1 },
	.cpu_set = { 0x6 },
	.mem = {
		{ 0x3c000000, 0, 0x100000, JAILHOUSE_MEM_READ |
		  JAILHOUSE_MEM_WRITE | JAILHOUSE_MEM_LOADABLE },
		{ 0, 0x100000, 0x1000, JAILHOUSE_MEM_READ |
		  JAILHOUSE_MEM_WRITE | JAILHOUSE_MEM_COMM_REGION },
		{ 0x3c200000, 0x200000, 0x4000000, JAILHOUSE_MEM_READ |
		  JAILHOUSE_MEM_WRITE | JAILHOUSE_MEM_LOADABLE },
	},
	.pio = { { 0x3f8, 8 } },
};

static __u32 apic_ids[JAILHOUSE_SETUP_MAX_CPUS + 1];

static void check_layout(const struct jailhouse_linux_input *in,
			 const struct jailhouse_linux_layout *l)
{
	const struct jailhouse_bzimage *bz = in->kernel;

	if (l->kernel < JAILHOUSE_LINUX_KERNEL_MIN ||
	    l->kernel % bz->kernel_alignment ||
	    jailhouse_loadable_region(in->cell, l->kernel, bz->init_size) < 0)
		abort();
	if (in->initrd_size &&
	    (l->initrd % 4096 ||
	     l->initrd + in->initrd_size - 1 > bz->initrd_addr_max ||
	     jailhouse_loadable_region(in->cell, l->initrd,
				       in->initrd_size) < 0 ||
	     jailhouse_ranges_overlap(l->initrd, in->initrd_size, l->kernel,
				      bz->init_size)))
		abort();
}

static void check_boot(const __u8 *boot)
{
	const __u8 *line = boot + JAILHOUSE_LINUX_CMDLINE_ADDR -
			   JAILHOUSE_LINUX_PARAMS_ADDR;
	size_t n;

	for (n = 0; line[n]; n++)
		if (n >= JAILHOUSE_LINUX_CMDLINE_MAX ||
		    line[n] < 0x20 || line[n] > 0x7e)
			abort();
	if (boot[JH_BP_TYPE_OF_LOADER] != 0xff ||
	    boot[JH_BP_E820_ENTRIES] != 3)
		abort();
}

static void boot(const uint8_t *data, const struct jailhouse_bzimage *bz)
{
	static __u8 pages[JAILHOUSE_LINUX_BOOT_SIZE];
	struct jailhouse_linux_input in = {
		.cell = &cell.desc,
		.loader_size = 0x2000,
		.kernel = bz,
		.initrd_size = data[0] | data[1] << 8 | data[2] << 16,
		.cmdline = (const char *)bz->payload,
		.cmdline_len = (data[3] | data[4] << 8) % 2100,
		.apic_ids = apic_ids,
		.num_cpus = data[5] % (JAILHOUSE_SETUP_MAX_CPUS + 2),
	};
	struct jailhouse_linux_layout l;
	struct jailhouse_linux_error err;

	if (in.cmdline_len > bz->payload_size)
		in.cmdline_len = bz->payload_size;
	if (jailhouse_linux_layout(&in, &l, &err) != 0) {
		if (!err.field || !err.reason)
			abort();
		return;
	}
	check_layout(&in, &l);
	if (jailhouse_linux_build(&in, &l, pages, &err) == 0)
		check_boot(pages);
	else if (!err.field || !err.reason)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jailhouse_linux_error err;
	struct jailhouse_bzimage bz;

	if (jailhouse_bzimage_parse(data, size, &bz, &err) != 0) {
		if (!err.field || !err.reason)
			abort();
		return 0;
	}
	if (bz.payload < data || bz.payload_size == 0 ||
	    bz.payload + bz.payload_size != data + size ||
	    bz.header_size > JH_BP_HDR_END_MAX - JH_BP_HDR ||
	    JH_BP_HDR + bz.header_size > size)
		abort();
	boot(data, &bz);
	return 0;
}
