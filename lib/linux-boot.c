// SPDX-License-Identifier: GPL-2.0
/*
 * Boot layout of a Linux cell; see linux-boot.h and docs/linux-cells.md.
 * Field offsets are those of Linux's struct boot_params and struct
 * setup_header (arch/x86/include/uapi/asm/bootparam.h); the target and
 * every world this is built for are little-endian x86.
 */
#include "linux-boot.h"
#include "loadable.h"

#define SECTOR_SIZE		512
#define PAGE_BYTES		4096ULL
#define DEFAULT_SETUP_SECTS	4
#define BOOT_FLAG		0xaa55
#define HDRS_MAGIC		0x53726448	/* "HdrS" */
#define MIN_PROTOCOL		0x020c		/* 2.12: xloadflags */
#define XLF_KERNEL_64		0x1
#define STANDARD_IOAPIC		0xfec00000ULL
#define UART_PORTS		8

#define CMDLINE_OFFSET	(JAILHOUSE_LINUX_CMDLINE_ADDR - \
			 JAILHOUSE_LINUX_PARAMS_ADDR)
#define SETUP_OFFSET	(JAILHOUSE_LINUX_SETUP_ADDR - \
			 JAILHOUSE_LINUX_PARAMS_ADDR)

static const __u16 legacy_uarts[] = { 0x3f8, 0x2f8, 0x3e8, 0x2e8 };

static __u16 get16(const __u8 *p, size_t off)
{
	__u16 v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

static __u32 get32(const __u8 *p, size_t off)
{
	__u32 v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

static __u64 get64(const __u8 *p, size_t off)
{
	__u64 v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

static void put32(__u8 *p, size_t off, __u32 v)
{
	memcpy(p + off, &v, sizeof(v));
}

static void put64(__u8 *p, size_t off, __u64 v)
{
	memcpy(p + off, &v, sizeof(v));
}

static int refuse(struct jailhouse_linux_error *err, const char *field,
		  const char *reason, int code)
{
	err->field = field;
	err->reason = reason;
	return code;
}

/* The magic numbers and the header's own extent; NULL if sane. */
static const char *header_problem(const __u8 *f, size_t size,
				  const char **field)
{
	size_t end;

	*field = "kernel boot_flag";
	if (get16(f, JH_BP_BOOT_FLAG) != BOOT_FLAG)
		return "not 0xaa55: not a bzImage";
	*field = "kernel header";
	if (get32(f, JH_BP_HEADER) != HDRS_MAGIC)
		return "no \"HdrS\" magic: not a bzImage";
	*field = "kernel version";
	if (get16(f, JH_BP_VERSION) < MIN_PROTOCOL)
		return "boot protocol older than 2.12";
	/* boot.rst: the header ends at 0x202 + the byte at 0x201. */
	*field = "kernel jump";
	end = JH_BP_HEADER + f[JH_BP_JUMP + 1];
	if (end < JH_BP_HDR_END_MIN || end > JH_BP_HDR_END_MAX || end > size)
		return "setup header end outside 0x268..0x290 or the file";
	return NULL;
}

/* The kernel's own fields, once the header is known to be one. */
static const char *kernel_problem(const __u8 *f, size_t size,
				  struct jailhouse_bzimage *bz,
				  const char **field)
{
	size_t sects = f[JH_BP_SETUP_SECTS] ?: DEFAULT_SETUP_SECTS;
	size_t offset = (sects + 1) * SECTOR_SIZE;
	__u32 align = get32(f, JH_BP_KERNEL_ALIGNMENT);

	*field = "kernel setup_sects";
	if (offset >= size)
		return "no protected-mode payload inside the file";
	bz->payload = f + offset;
	bz->payload_size = size - offset;
	*field = "kernel xloadflags";
	if (!(get16(f, JH_BP_XLOADFLAGS) & XLF_KERNEL_64))
		return "no XLF_KERNEL_64: no 64-bit entry point";
	*field = "kernel relocatable_kernel";
	if (!f[JH_BP_RELOCATABLE])
		return "0: the kernel cannot be loaded where the cell has RAM";
	*field = "kernel kernel_alignment";
	if (align < PAGE_BYTES || (align & (align - 1)))
		return "not a power of two of at least 4 KiB";
	bz->kernel_alignment = align;
	*field = "kernel pref_address";
	bz->pref_address = get64(f, JH_BP_PREF_ADDRESS);
	if (bz->pref_address & (align - 1))
		return "not aligned to kernel_alignment";
	*field = "kernel init_size";
	bz->init_size = get32(f, JH_BP_INIT_SIZE);
	if (bz->init_size < bz->payload_size)
		return "smaller than the protected-mode payload";
	return NULL;
}

int jailhouse_bzimage_parse(const void *file, size_t size,
			    struct jailhouse_bzimage *bz,
			    struct jailhouse_linux_error *err)
{
	const __u8 *f = file;
	const char *why;

	if (size < JH_BP_HDR_END_MIN)
		return refuse(err, "kernel", "file too small for a setup "
			      "header", -ENOEXEC);
	memset(bz, 0, sizeof(*bz));
	why = header_problem(f, size, &err->field) ?:
	      kernel_problem(f, size, bz, &err->field);
	if (why)
		return refuse(err, err->field, why, -ENOEXEC);
	bz->file = f;
	bz->header_size = JH_BP_HEADER + f[JH_BP_JUMP + 1] - JH_BP_HDR;
	bz->cmdline_size = get32(f, JH_BP_CMDLINE_SIZE);
	bz->initrd_addr_max = get32(f, JH_BP_INITRD_ADDR_MAX);
	return 0;
}

/* ---- layout ---- */

/* A piece of the layout, in the order it is placed and checked. */
struct piece {
	const char *name;
	const char *overlap;	/* reason for a later piece overlapping it */
	__u64 address;
	__u64 size;
};

enum { LOADER, BOOT, KERNEL, INITRD, NUM_PIECES };

static void fixed_pieces(const struct jailhouse_linux_input *in,
			 __u64 kernel, struct piece *p)
{
	p[LOADER] = (struct piece){ "loader", "overlaps the loader",
				    0, in->loader_size };
	p[BOOT] = (struct piece){ "boot pages", "overlaps the boot pages",
				  JAILHOUSE_LINUX_PARAMS_ADDR,
				  JAILHOUSE_LINUX_BOOT_SIZE };
	p[KERNEL] = (struct piece){ "kernel",
				    "overlaps the kernel's init_size span",
				    kernel, in->kernel->init_size };
}

/* Piece @n lies in one loadable region and overlaps no earlier piece. */
static int check_piece(const struct jailhouse_linux_input *in,
		       const struct piece *p, unsigned int n,
		       struct jailhouse_linux_error *err)
{
	unsigned int k;

	if (jailhouse_loadable_region(in->cell, p[n].address,
				      p[n].size) < 0)
		return refuse(err, p[n].name, "not inside one loadable region",
			      -ERANGE);
	for (k = 0; k < n; k++)
		if (jailhouse_ranges_overlap(p[k].address, p[k].size,
					     p[n].address, p[n].size))
			return refuse(err, p[n].name, p[k].overlap, -ERANGE);
	return 0;
}

/*
 * The page-aligned top of @mem below @limit (<= 4 GiB) that holds @size
 * bytes. A region may end at the top of the address space: no sum here.
 */
static bool region_top(const struct jailhouse_memory *mem, __u64 size,
		       __u64 limit, __u64 *address)
{
	__u64 room;

	if (mem->virt_start >= limit)
		return false;
	room = limit - mem->virt_start;
	if (mem->size < room)
		room = mem->size;
	if (room < size)
		return false;
	*address = (mem->virt_start + room - size) & ~(PAGE_BYTES - 1);
	return *address >= mem->virt_start;
}

static bool clear_of(const struct piece *p, unsigned int num, __u64 address,
		     __u64 size)
{
	unsigned int k;

	for (k = 0; k < num; k++)
		if (jailhouse_ranges_overlap(p[k].address, p[k].size,
					     address, size))
			return false;
	return true;
}

/* The highest region top that takes the initramfs clear of the rest. */
static int place_initrd(const struct jailhouse_linux_input *in,
			const struct piece *p, __u64 *out,
			struct jailhouse_linux_error *err)
{
	const struct jailhouse_memory *mem =
		jailhouse_cell_mem_regions(in->cell);
	__u64 limit = (__u64)in->kernel->initrd_addr_max + 1, address;
	unsigned int n;
	bool found = false;

	for (n = 0; n < in->cell->num_memory_regions; n++) {
		if (!jailhouse_region_loadable(&mem[n]) ||
		    !region_top(&mem[n], in->initrd_size, limit, &address) ||
		    !clear_of(p, INITRD, address, in->initrd_size) ||
		    (found && address <= *out))
			continue;
		*out = address;
		found = true;
	}
	if (found)
		return 0;
	return refuse(err, "initramfs", "fits at the top of no loadable "
		      "region below initrd_addr_max, clear of the kernel's "
		      "init_size span and the boot pages", -ERANGE);
}

int jailhouse_linux_layout(const struct jailhouse_linux_input *in,
			   struct jailhouse_linux_layout *out,
			   struct jailhouse_linux_error *err)
{
	__u64 align = in->kernel->kernel_alignment;
	struct piece p[NUM_PIECES];
	unsigned int n;
	int ret;

	if (!in->loader_size)
		return refuse(err, "loader", "empty", -ERANGE);
	if (in->cell->cpu_reset_address >= in->loader_size)
		return refuse(err, "loader", "does not hold the cell's "
			      "cpu_reset_address", -ERANGE);
	/*
	 * Loaded below pref_address, the decompressor still writes the
	 * kernel there (LOAD_PHYSICAL_ADDR, arch/x86/boot/compressed/
	 * head_64.S): load it there, so that its span is where it runs.
	 */
	out->kernel = (JAILHOUSE_LINUX_KERNEL_MIN + align - 1) & ~(align - 1);
	if (in->kernel->pref_address > out->kernel)
		out->kernel = in->kernel->pref_address;
	out->initrd = 0;
	fixed_pieces(in, out->kernel, p);
	for (n = LOADER; n < INITRD; n++) {
		ret = check_piece(in, p, n, err);
		if (ret)
			return ret;
	}
	if (!in->initrd_size)
		return 0;
	return place_initrd(in, p, &out->initrd, err);
}

/* ---- the boot pages ---- */

/* Insert an E820 entry, keeping the table sorted by address. */
static int e820_add(__u8 *zp, __u64 address, __u64 size, __u32 type)
{
	__u8 count = zp[JH_BP_E820_ENTRIES];
	__u8 *table = zp + JH_BP_E820_TABLE, *at;
	unsigned int n;

	if (count >= JH_BP_E820_MAX)
		return -EINVAL;
	for (n = count; n > 0; n--) {
		at = table + (n - 1) * JH_E820_ENTRY_SIZE;
		if (get64(at, 0) < address)
			break;
	}
	at = table + n * JH_E820_ENTRY_SIZE;
	memmove(at + JH_E820_ENTRY_SIZE, at,
		(count - n) * JH_E820_ENTRY_SIZE);
	put64(at, 0, address);
	put64(at, 8, size);
	put32(at, 16, type);
	zp[JH_BP_E820_ENTRIES] = count + 1;
	return 0;
}

/* RAM for each loadable region, reserved for the comm region. */
static int build_e820(const struct jailhouse_cell_desc *cell, __u8 *zp,
		      struct jailhouse_linux_error *err)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(cell);
	unsigned int n;
	__u32 type;

	for (n = 0; n < cell->num_memory_regions; n++) {
		if (!mem[n].size)
			continue;
		if (jailhouse_region_loadable(&mem[n]))
			type = JH_E820_RAM;
		else if (mem[n].flags & JAILHOUSE_MEM_COMM_REGION)
			type = JH_E820_RESERVED;
		else
			continue;
		if (e820_add(zp, mem[n].virt_start, mem[n].size, type))
			return refuse(err, "E820 table", "more than 128 "
				      "entries", -EINVAL);
	}
	return 0;
}

static void build_zero_page(const struct jailhouse_linux_input *in,
			    const struct jailhouse_linux_layout *layout,
			    __u8 *zp)
{
	const struct jailhouse_bzimage *bz = in->kernel;

	memcpy(zp + JH_BP_HDR, bz->file + JH_BP_HDR, bz->header_size);
	zp[JH_BP_TYPE_OF_LOADER] = 0xff;
	put32(zp, JAILHOUSE_LINUX_CODE32_START, layout->kernel);
	put32(zp, JH_BP_RAMDISK_IMAGE, layout->initrd);
	put32(zp, JH_BP_EXT_RAMDISK_IMAGE, layout->initrd >> 32);
	put32(zp, JH_BP_RAMDISK_SIZE, in->initrd_size);
	put32(zp, JH_BP_EXT_RAMDISK_SIZE, in->initrd_size >> 32);
	put32(zp, JH_BP_CMD_LINE_PTR, JAILHOUSE_LINUX_CMDLINE_ADDR);
	put32(zp, JH_BP_EXT_CMD_LINE_PTR, JAILHOUSE_LINUX_CMDLINE_ADDR >> 32);
	put64(zp, JH_BP_SETUP_DATA, JAILHOUSE_LINUX_SETUP_ADDR);
}

/* Printable ASCII, one trailing newline dropped, NUL-terminated. */
static int build_cmdline(const struct jailhouse_linux_input *in, __u8 *out,
			 struct jailhouse_linux_error *err)
{
	size_t len = in->cmdline_len, max = JAILHOUSE_LINUX_CMDLINE_MAX, n;

	if (in->kernel->cmdline_size < max)
		max = in->kernel->cmdline_size;
	if (len && in->cmdline[len - 1] == '\n')
		len--;
	if (len > max)
		return refuse(err, "command line", "longer than the kernel's "
			      "cmdline_size or 2047 bytes", -EINVAL);
	for (n = 0; n < len; n++)
		if ((__u8)in->cmdline[n] < 0x20 || (__u8)in->cmdline[n] > 0x7e)
			return refuse(err, "command line", "not printable "
				      "ASCII", -EINVAL);
	memcpy(out, in->cmdline, len);
	out[len] = '\0';
	return 0;
}

/* The cell owns pins of the IOAPIC at the PC's standard address. */
static bool standard_ioapic(const struct jailhouse_linux_input *in)
{
	const struct jailhouse_irqchip *chip =
		jailhouse_cell_irqchips(in->cell);
	const struct jailhouse_platform_info *pf = in->platform;
	unsigned int n, k, w;

	for (n = 0; pf && n < pf->num_ioapics && n < JAILHOUSE_MAX_IOAPICS;
	     n++) {
		if (pf->ioapics[n].address != STANDARD_IOAPIC)
			continue;
		for (k = 0; k < in->cell->num_irqchips; k++)
			for (w = 0; w < JAILHOUSE_IOAPIC_PINS / 32; w++)
				if (chip[k].ioapic_id == pf->ioapics[n].id &&
				    chip[k].pin_bitmap[w])
					return true;
	}
	return false;
}

static bool pio_has_port(const struct jailhouse_cell_desc *cell,
			 __u32 port)
{
	const struct jailhouse_pio *pio = jailhouse_cell_pio(cell);
	unsigned int n;

	for (n = 0; n < cell->num_pio_ranges; n++)
		if (port >= pio[n].base && port - pio[n].base < pio[n].length)
			return true;
	return false;
}

/* v2 flags: the legacy UARTs whose 8 ports the cell has. */
static __u32 uart_flags(const struct jailhouse_cell_desc *cell)
{
	unsigned int n, port;
	__u32 flags = 0;

	for (n = 0; n < sizeof(legacy_uarts) / sizeof(legacy_uarts[0]); n++) {
		for (port = 0; port < UART_PORTS; port++)
			if (!pio_has_port(cell, legacy_uarts[n] + port))
				break;
		if (port == UART_PORTS)
			flags |= JAILHOUSE_SETUP_UART(n);
	}
	return flags;
}

static int build_setup_data(const struct jailhouse_linux_input *in,
			    __u8 *out, struct jailhouse_linux_error *err)
{
	struct jailhouse_linux_setup_data sd;
	unsigned int n;

	if (!in->num_cpus || in->num_cpus > JAILHOUSE_SETUP_MAX_CPUS)
		return refuse(err, "CPU set", "none, or more than 255 CPUs",
			      -EINVAL);
	memset(&sd, 0, sizeof(sd));
	for (n = 0; n < in->num_cpus; n++) {
		if (in->apic_ids[n] > 0xff)
			return refuse(err, "CPU set", "an APIC id above 255 "
				      "(setup_data has 8 bits)", -EINVAL);
		sd.cpu_ids[n] = in->apic_ids[n];
	}
	sd.type = JAILHOUSE_SETUP_TYPE;
	sd.len = sizeof(sd) - offsetof(typeof(sd), version);
	sd.version = JAILHOUSE_SETUP_VERSION;
	sd.compatible_version = JAILHOUSE_SETUP_COMPATIBLE;
	sd.num_cpus = in->num_cpus;
	sd.standard_ioapic = standard_ioapic(in);
	sd.flags = uart_flags(in->cell);
	memcpy(out, &sd, sizeof(sd));
	return 0;
}

int jailhouse_linux_build(const struct jailhouse_linux_input *in,
			  const struct jailhouse_linux_layout *layout,
			  __u8 boot[JAILHOUSE_LINUX_BOOT_SIZE],
			  struct jailhouse_linux_error *err)
{
	memset(boot, 0, JAILHOUSE_LINUX_BOOT_SIZE);
	build_zero_page(in, layout, boot);
	return build_e820(in->cell, boot, err) ?:
	       build_cmdline(in, boot + CMDLINE_OFFSET, err) ?:
	       build_setup_data(in, boot + SETUP_OFFSET, err);
}
