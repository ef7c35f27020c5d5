// SPDX-License-Identifier: GPL-2.0
/*
 * The boot of a Linux cell (lib/linux-boot.c): the bzImage parser on a
 * synthetic setup header, every refusal, the layout, and the boot pages
 * byte by byte at the offsets of Linux 6.1's struct boot_params and
 * struct jailhouse_setup_data (arch/x86/include/uapi/asm/bootparam.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "linux-boot.h"

#define SETUP_SECTS	4
#define PAYLOAD_OFFSET	((SETUP_SECTS + 1) * 512)
#define PAYLOAD_SIZE	0x1000
#define IMAGE_SIZE	(PAYLOAD_OFFSET + PAYLOAD_SIZE)
#define INIT_SIZE	0x1000000
#define RAM_TOP		0x4000000ULL
#define ZP(off)		(boot + (off))
#define SD(off)		(boot + 0x2000 + (off))

/*
 * Linux's struct setup_data header (16 bytes) and struct
 * jailhouse_setup_data: hdr 4, v1 2+2+8+4+4+1+255, v2 4.
 */
_Static_assert(sizeof(struct jailhouse_linux_setup_data) == 16 + 4 + 276 + 4,
	       "setup_data differs from Linux's packed struct");

static __u8 image[IMAGE_SIZE];
static __u8 boot[JAILHOUSE_LINUX_BOOT_SIZE];

/*
 * Regions out of address order (the E820 table must come out sorted):
 * the kernel's RAM, the comm region, low RAM for loader and boot pages,
 * and RAM that is not loadable (never in the E820 table).
 */
static struct {
	struct jailhouse_cell_desc desc;
	__u8 cpu_set[8];
	struct jailhouse_memory mem[4];
	struct jailhouse_pio pio[4];
	struct jailhouse_irqchip irqchip[1];
} __attribute__((packed)) cell = {
	.desc = { .cpu_set_size = 8, .num_memory_regions = 4,
		  .num_pio_ranges = 4, .num_irqchips = 1 },
	.cpu_set = { 0x6 },
	.mem = {
		{ 0x3c200000, 0x200000, RAM_TOP - 0x200000,
		  JAILHOUSE_MEM_READ | JAILHOUSE_MEM_WRITE |
		  JAILHOUSE_MEM_LOADABLE },
		{ 0, 0x100000, 0x1000, JAILHOUSE_MEM_READ |
		  JAILHOUSE_MEM_WRITE | JAILHOUSE_MEM_COMM_REGION },
		{ 0x3c000000, 0, 0x100000, JAILHOUSE_MEM_READ |
		  JAILHOUSE_MEM_WRITE | JAILHOUSE_MEM_LOADABLE },
		{ 0x40000000, 0x5000000, 0x100000, JAILHOUSE_MEM_READ },
	},
	.pio = {
		{ 0x3f8, 8 },			/* UART 0, whole */
		{ 0x2f8, 4 }, { 0x2fc, 4 },	/* UART 1, in two ranges */
		{ 0x3e8, 7 },			/* UART 2, one port short */
	},
	.irqchip = { { .ioapic_id = 2, .pin_bitmap = { 0x10 } } },
};

static struct jailhouse_platform_info platform = {
	.num_ioapics = 2,
	.ioapics = { { .address = 0xfec10000, .id = 1 },
		     { .address = 0xfec00000, .id = 2 } },
};

static const __u32 apic_ids[] = { 2, 4 };
static const char cmdline[] = "console=ttyS0 root=/dev/ram0\n";
static struct jailhouse_bzimage bz;
static struct jailhouse_linux_input in;
static struct jailhouse_linux_error err;

static void put16(__u8 *p, size_t off, __u16 v)
{
	memcpy(p + off, &v, sizeof(v));
}

static void put32(__u8 *p, size_t off, __u32 v)
{
	memcpy(p + off, &v, sizeof(v));
}

static __u16 get16(const __u8 *p)
{
	__u16 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static __u32 get32(const __u8 *p)
{
	__u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static __u64 get64(const __u8 *p)
{
	__u64 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* A 64-bit relocatable bzImage of boot protocol 2.15, as 6.1 builds. */
static void make_image(void)
{
	memset(image, 0, sizeof(image));
	image[JH_BP_SETUP_SECTS] = SETUP_SECTS;
	put16(image, JH_BP_BOOT_FLAG, 0xaa55);
	image[JH_BP_JUMP] = 0xeb;
	image[JH_BP_JUMP + 1] = 0x26c - 0x202;
	memcpy(image + JH_BP_HEADER, "HdrS", 4);
	put16(image, JH_BP_VERSION, 0x020f);
	put16(image, 0x20e, 0x1234);		/* kernel_version: a marker */
	image[JH_BP_TYPE_OF_LOADER] = 0x55;
	put32(image, JH_BP_INITRD_ADDR_MAX, 0x7fffffff);
	put32(image, JH_BP_KERNEL_ALIGNMENT, 0x200000);
	image[JH_BP_RELOCATABLE] = 1;
	put16(image, JH_BP_XLOADFLAGS, 0x1);
	put32(image, JH_BP_CMDLINE_SIZE, 2047);
	put32(image, JH_BP_INIT_SIZE, INIT_SIZE);
	memset(image + PAYLOAD_OFFSET, 0xcc, PAYLOAD_SIZE);
	image[0x26c] = 0x77;			/* past the header: not copied */
}

static int setup(void **state)
{
	(void)state;
	make_image();
	assert_int_equal(jailhouse_bzimage_parse(image, sizeof(image), &bz,
						 &err), 0);
	in = (struct jailhouse_linux_input){
		.cell = &cell.desc,
		.platform = &platform,
		.loader_size = 0x3000,
		.kernel = &bz,
		.initrd_size = 0x123456,
		.cmdline = cmdline,
		.cmdline_len = strlen(cmdline),
		.apic_ids = apic_ids,
		.num_cpus = 2,
	};
	return 0;
}

static void test_parse(void **state)
{
	(void)state;
	assert_ptr_equal(bz.payload, image + PAYLOAD_OFFSET);
	assert_int_equal(bz.payload_size, PAYLOAD_SIZE);
	assert_int_equal(bz.header_size, 0x26c - 0x1f1);
	assert_int_equal(bz.kernel_alignment, 0x200000);
	assert_int_equal(bz.init_size, INIT_SIZE);
	assert_int_equal(bz.cmdline_size, 2047);
	assert_int_equal(bz.initrd_addr_max, 0x7fffffff);
}

static void test_parse_default_setup_sects(void **state)
{
	(void)state;
	image[JH_BP_SETUP_SECTS] = 0;		/* means 4 */
	assert_int_equal(jailhouse_bzimage_parse(image, sizeof(image), &bz,
						 &err), 0);
	assert_ptr_equal(bz.payload, image + PAYLOAD_OFFSET);
}

/* One corrupted field and the name the refusal must carry. */
static const struct {
	size_t offset, width;
	__u32 value;
	const char *field;
} corrupt[] = {
	{ JH_BP_BOOT_FLAG, 2, 0x55aa, "kernel boot_flag" },
	{ JH_BP_HEADER, 4, 0x53726449, "kernel header" },
	{ JH_BP_VERSION, 2, 0x020b, "kernel version" },
	{ JH_BP_JUMP + 1, 1, 0x265 - 0x202, "kernel jump" },
	{ JH_BP_JUMP + 1, 1, 0x291 - 0x202, "kernel jump" },
	{ JH_BP_SETUP_SECTS, 1, 12, "kernel setup_sects" },
	{ JH_BP_SETUP_SECTS, 1, 0xff, "kernel setup_sects" },
	{ JH_BP_XLOADFLAGS, 2, 0x2, "kernel xloadflags" },
	{ JH_BP_RELOCATABLE, 1, 0, "kernel relocatable_kernel" },
	{ JH_BP_KERNEL_ALIGNMENT, 4, 0x300000, "kernel kernel_alignment" },
	{ JH_BP_KERNEL_ALIGNMENT, 4, 0x800, "kernel kernel_alignment" },
	{ JH_BP_KERNEL_ALIGNMENT, 4, 0, "kernel kernel_alignment" },
	{ JH_BP_PREF_ADDRESS, 4, 0x1000, "kernel pref_address" },
	{ JH_BP_INIT_SIZE, 4, PAYLOAD_SIZE - 1, "kernel init_size" },
};

static void test_parse_refusals(void **state)
{
	unsigned int n;
	__u32 value;

	(void)state;
	for (n = 0; n < sizeof(corrupt) / sizeof(corrupt[0]); n++) {
		make_image();
		value = corrupt[n].value;
		memcpy(image + corrupt[n].offset, &value, corrupt[n].width);
		err.field = NULL;
		assert_int_equal(jailhouse_bzimage_parse(image, sizeof(image),
							 &bz, &err),
				 -ENOEXEC);
		assert_string_equal(err.field, corrupt[n].field);
		assert_non_null(err.reason);
	}
}

static void test_parse_short_files(void **state)
{
	(void)state;
	assert_int_equal(jailhouse_bzimage_parse(image, 0x267, &bz, &err),
			 -ENOEXEC);
	assert_string_equal(err.field, "kernel");
	/* The header would end past the file. */
	assert_int_equal(jailhouse_bzimage_parse(image, 0x26b, &bz, &err),
			 -ENOEXEC);
	assert_string_equal(err.field, "kernel jump");
	/* No byte after the setup sectors: no payload. */
	assert_int_equal(jailhouse_bzimage_parse(image, PAYLOAD_OFFSET, &bz,
						 &err), -ENOEXEC);
	assert_string_equal(err.field, "kernel setup_sects");
	assert_int_equal(jailhouse_bzimage_parse(image, PAYLOAD_OFFSET + 1,
						 &bz, &err), 0);
}

static void test_layout(void **state)
{
	struct jailhouse_linux_layout l;

	(void)state;
	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), 0);
	assert_int_equal(l.kernel, 0x200000);
	assert_int_equal(l.initrd, (RAM_TOP - 0x123456) & ~0xfffULL);
	bz.kernel_alignment = 0x400000;
	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), 0);
	assert_int_equal(l.kernel, 0x400000);
	in.initrd_size = 0;
	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), 0);
	assert_int_equal(l.initrd, 0);
}

/*
 * Loaded below its pref_address (LOAD_PHYSICAL_ADDR), the decompressor
 * writes the kernel there anyway: the kernel goes there, and its span
 * must fit from there.
 */
static void test_layout_pref_address(void **state)
{
	struct jailhouse_linux_layout l;

	(void)state;
	bz.pref_address = 0x1000000;
	in.initrd_size = 0x1000;
	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), 0);
	assert_int_equal(l.kernel, 0x1000000);
	assert_true(l.initrd >= l.kernel + bz.init_size ||
		    l.initrd + 0x1000 <= l.kernel);
	bz.pref_address = RAM_TOP;
	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), -ERANGE);
	assert_string_equal(err.field, "kernel");
}

static void test_layout_initrd_addr_max(void **state)
{
	struct jailhouse_linux_layout l;

	(void)state;
	bz.initrd_addr_max = 0x2ffffff;
	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), 0);
	assert_int_equal(l.initrd, (0x3000000 - 0x123456) & ~0xfffULL);
	/* Below the kernel's RAM: only the top of low RAM is left. */
	bz.initrd_addr_max = 0x1fffff;
	in.initrd_size = 0x1000;
	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), 0);
	assert_int_equal(l.initrd, 0xff000);
}

/* The highest top wins; a region at the top of the space is no sum. */
static void test_layout_highest_top(void **state)
{
	struct jailhouse_memory spare = cell.mem[3];
	struct jailhouse_linux_layout l;

	(void)state;
	in.initrd_size = 0x1000;
	cell.mem[3].flags |= JAILHOUSE_MEM_LOADABLE;
	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), 0);
	assert_int_equal(l.initrd, 0x50ff000);
	cell.mem[3].virt_start = 0xfffffffffffff000ULL;
	cell.mem[3].size = 0x1000;
	bz.initrd_addr_max = 0xffffffff;
	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), 0);
	assert_int_equal(l.initrd, RAM_TOP - 0x1000);
	cell.mem[3] = spare;
}

static void expect_layout_refusal(const char *field)
{
	struct jailhouse_linux_layout l;

	err.field = NULL;
	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), -ERANGE);
	assert_string_equal(err.field, field);
	assert_non_null(err.reason);
}

static void test_layout_refusals(void **state)
{
	(void)state;
	/* Clear of the kernel's init_size span there is no room. */
	in.initrd_size = RAM_TOP - 0x200000 - INIT_SIZE + 0x1000;
	bz.initrd_addr_max = 0xffffffff;
	expect_layout_refusal("initramfs");
	/* Low RAM would take it, but not clear of the boot pages. */
	bz.initrd_addr_max = 0x1fffff;
	in.initrd_size = 0xe0000;
	expect_layout_refusal("initramfs");
	in.initrd_size = 0x1000;
	bz.init_size = RAM_TOP - 0x200000 + 1;
	expect_layout_refusal("kernel");
	bz.init_size = INIT_SIZE;
	in.loader_size = 0x20001;
	expect_layout_refusal("boot pages");
	in.loader_size = 0x100001;
	expect_layout_refusal("loader");
	in.loader_size = 0;
	expect_layout_refusal("loader");
	in.loader_size = 0x1000;
	cell.desc.cpu_reset_address = 0x1000;
	expect_layout_refusal("loader");
	cell.desc.cpu_reset_address = 0;
}

/* A layout and boot pages for @in, both accepted. */
static void build(void)
{
	struct jailhouse_linux_layout l;

	assert_int_equal(jailhouse_linux_layout(&in, &l, &err), 0);
	assert_int_equal(jailhouse_linux_build(&in, &l, boot, &err), 0);
}

static void test_zero_page(void **state)
{
	__u64 initrd = (RAM_TOP - 0x123456) & ~0xfffULL;

	(void)state;
	build();
	assert_memory_equal(ZP(0x1f1), image + 0x1f1, 0x210 - 0x1f1);
	assert_int_equal(get16(ZP(0x20e)), 0x1234);
	assert_int_equal(*ZP(0x26c), 0);
	assert_int_equal(*ZP(0x210), 0xff);		/* type_of_loader */
	assert_int_equal(get32(ZP(0x214)), 0x200000);	/* code32_start */
	assert_int_equal(get32(ZP(0x218)), (__u32)initrd);
	assert_int_equal(get32(ZP(0x21c)), 0x123456);
	assert_int_equal(get32(ZP(0x0c0)), initrd >> 32);
	assert_int_equal(get32(ZP(0x0c4)), 0);
	assert_int_equal(get32(ZP(0x228)), 0x21000);	/* cmd_line_ptr */
	assert_int_equal(get32(ZP(0x0c8)), 0);
	assert_int_equal(get64(ZP(0x250)), 0x22000);	/* setup_data */
	assert_int_equal(*ZP(0x1ef), 0);		/* sentinel */
}

static void assert_e820(unsigned int n, __u64 addr, __u64 size, __u32 type)
{
	const __u8 *e = ZP(0x2d0 + n * 20);

	assert_int_equal(get64(e), addr);
	assert_int_equal(get64(e + 8), size);
	assert_int_equal(get32(e + 16), type);
}

static void test_e820(void **state)
{
	(void)state;
	build();
	assert_int_equal(*ZP(0x1e8), 3);
	assert_e820(0, 0, 0x100000, 1);
	assert_e820(1, 0x100000, 0x1000, 2);
	assert_e820(2, 0x200000, RAM_TOP - 0x200000, 1);
	assert_e820(3, 0, 0, 0);
}

static void test_cmdline(void **state)
{
	const char *line = (const char *)boot + 0x1000;
	char longest[2048];

	(void)state;
	build();
	assert_string_equal(line, "console=ttyS0 root=/dev/ram0");
	in.cmdline_len = 0;
	build();
	assert_string_equal(line, "");
	memset(longest, 'x', sizeof(longest));
	in.cmdline = longest;
	in.cmdline_len = 2047;
	build();
	assert_int_equal(strlen(line), 2047);
	in.cmdline_len = 2048;
	assert_int_equal(jailhouse_linux_build(&in, &(struct
		jailhouse_linux_layout){ 0x200000, 0 }, boot, &err), -EINVAL);
	assert_string_equal(err.field, "command line");
}

static void expect_build_refusal(const char *field)
{
	struct jailhouse_linux_layout l = { 0x200000, 0 };

	err.field = NULL;
	assert_int_equal(jailhouse_linux_build(&in, &l, boot, &err), -EINVAL);
	assert_string_equal(err.field, field);
	assert_non_null(err.reason);
}

static void test_build_refusals(void **state)
{
	static const __u32 x2apic[] = { 2, 256 };
	static const __u32 many[256];

	(void)state;
	bz.cmdline_size = 10;
	expect_build_refusal("command line");
	bz.cmdline_size = 2047;
	in.cmdline = "console=ttyS0\nquiet";
	in.cmdline_len = strlen(in.cmdline);
	expect_build_refusal("command line");
	in.cmdline = "caf\xc3\xa9";
	in.cmdline_len = strlen(in.cmdline);
	expect_build_refusal("command line");
	in.cmdline_len = 0;
	in.num_cpus = 0;
	expect_build_refusal("CPU set");
	in.apic_ids = many;
	in.num_cpus = 256;
	expect_build_refusal("CPU set");
	in.num_cpus = 255;
	build();
	in.apic_ids = x2apic;
	in.num_cpus = 2;
	expect_build_refusal("CPU set");
}

/* Offsets of Linux's struct jailhouse_setup_data, after the 16 bytes. */
static void test_setup_data(void **state)
{
	(void)state;
	build();
	assert_int_equal(get64(SD(0)), 0);		/* next */
	assert_int_equal(get32(SD(8)), 6);		/* SETUP_JAILHOUSE */
	assert_int_equal(get32(SD(12)), 284);		/* len */
	assert_int_equal(get16(SD(16 + 0)), 2);	/* hdr.version */
	assert_int_equal(get16(SD(16 + 2)), 1);	/* compatible */
	assert_int_equal(get16(SD(16 + 4)), 0);	/* pm_timer_address */
	assert_int_equal(get16(SD(16 + 6)), 2);	/* num_cpus */
	assert_int_equal(get64(SD(16 + 8)), 0);	/* pci_mmconfig_base */
	assert_int_equal(get32(SD(16 + 16)), 0);	/* tsc_khz */
	assert_int_equal(get32(SD(16 + 20)), 0);	/* apic_khz */
	assert_int_equal(*SD(16 + 24), 1);		/* standard_ioapic */
	assert_int_equal(*SD(16 + 25), 2);		/* cpu_ids[0] */
	assert_int_equal(*SD(16 + 26), 4);		/* cpu_ids[1] */
	assert_int_equal(*SD(16 + 27), 0);
	/* v2 flags: UART 0 and 1 whole, UART 2 one port short. */
	assert_int_equal(get32(SD(16 + 280)), 0x3);
	assert_int_equal(*SD(300), 0);
}

static void test_setup_data_no_standard_ioapic(void **state)
{
	(void)state;
	in.platform = NULL;
	build();
	assert_int_equal(*SD(16 + 24), 0);
	in.platform = &platform;
	cell.irqchip[0].pin_bitmap[0] = 0;
	build();
	assert_int_equal(*SD(16 + 24), 0);
	cell.irqchip[0].pin_bitmap[3] = 0x80000000;
	build();
	assert_int_equal(*SD(16 + 24), 1);
	cell.irqchip[0].ioapic_id = 1;
	build();
	assert_int_equal(*SD(16 + 24), 0);
	cell.irqchip[0] = (struct jailhouse_irqchip){ .ioapic_id = 2,
						      .pin_bitmap = { 0x10 } };
}

#define T(f) cmocka_unit_test_setup(f, setup)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_parse),
		T(test_parse_default_setup_sects),
		T(test_parse_refusals),
		T(test_parse_short_files),
		T(test_layout),
		T(test_layout_pref_address),
		T(test_layout_initrd_addr_max),
		T(test_layout_highest_top),
		T(test_layout_refusals),
		T(test_zero_page),
		T(test_e820),
		T(test_cmdline),
		T(test_build_refusals),
		T(test_setup_data),
		T(test_setup_data_no_standard_ioapic),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
