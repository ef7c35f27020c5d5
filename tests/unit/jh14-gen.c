// SPDX-License-Identifier: GPL-2.0
/*
 * Jailhouse revision-14 configs for the import tests (see jh14-gen.h).
 * Offsets: cell header 132 bytes (name at 8, flags at 44, cpu_set_size at
 * 48 and the eight counts after it, vpci_irq_base at 80, console at 100);
 * system config 488 bytes (flags at 8, hypervisor memory at 12, debug
 * console at 44, MMCONFIG at 76, IOMMU units of 28 bytes at 88, x86 fields
 * at 312, root cell at 356). Arrays after the header: CPU set, memory (32
 * bytes), cache (12), irqchips (32), PIO (4), PCI devices (56), PCI
 * capabilities (8), stream IDs (4).
 */
#include <string.h>

#include "jh14-gen.h"

#define CELL_HEADER	132
#define SYSTEM_HEADER	488
#define ROOT_CELL	356
#define CONSOLE		100

static void put(uint8_t *b, size_t off, uint64_t v, unsigned int bytes)
{
	while (bytes--) {
		b[off++] = (uint8_t)v;
		v >>= 8;
	}
}

static uint8_t *add(struct jh14_part *p, size_t size)
{
	uint8_t *elem = p->data + p->len;

	memset(elem, 0, size);
	p->len += size;
	p->count++;
	return elem;
}

static void init(struct jh14_gen *g, size_t cell_off, const char *name,
		 uint64_t cpus)
{
	memset(g, 0, sizeof(*g));
	g->cell = g->head + cell_off;
	g->cpus = cpus;
	put(g->head, 6, 14, 2);		/* x86 (0), revision 14 */
	strncpy((char *)g->cell + 8, name, 31);
	put(g->cell, 48, 8, 4);		/* cpu_set_size */
}

void jh14_init_cell(struct jh14_gen *g, const char *name, uint32_t flags,
		    uint64_t cpus)
{
	init(g, 0, name, cpus);
	memcpy(g->head, "JHCLL", 5);
	put(g->cell, 44, flags, 4);
}

void jh14_init_system(struct jh14_gen *g, const char *name, uint64_t cpus,
		      uint64_t hv_phys, uint64_t hv_size)
{
	init(g, ROOT_CELL, name, cpus);
	g->system = true;
	memcpy(g->head, "JHSYS", 5);
	put(g->head, 12, hv_phys, 8);
	put(g->head, 28, hv_size, 8);
}

void jh14_console(struct jh14_gen *g, uint64_t address, uint32_t size,
		  bool mmio)
{
	uint8_t *con = g->system ? g->head + 44 : g->cell + CONSOLE;

	put(con, 0, address, 8);
	put(con, 8, size, 4);
	put(con, 12, 2, 2);		/* 8250 */
	put(con, 14, mmio, 2);
}

void jh14_mem(struct jh14_gen *g, uint64_t phys, uint64_t virt,
	      uint64_t size, uint64_t flags)
{
	uint8_t *m = add(&g->mem, 32);

	put(m, 0, phys, 8);
	put(m, 8, virt, 8);
	put(m, 16, size, 8);
	put(m, 24, flags, 8);
}

void jh14_mem_empty(struct jh14_gen *g)
{
	add(&g->mem, 32);
}

void jh14_comm(struct jh14_gen *g)
{
	jh14_mem(g, 0, 0x100000, 0x1000, JH14_MEM_RW | JH14_MEM_COMM);
}

void jh14_cache(struct jh14_gen *g, uint32_t start, uint32_t size)
{
	uint8_t *c = add(&g->cache, 12);

	put(c, 0, start, 4);
	put(c, 4, size, 4);
	put(c, 8, 3, 1);		/* L3 code and data */
}

void jh14_irqchip(struct jh14_gen *g, uint64_t address, uint32_t id,
		  uint32_t pins0)
{
	uint8_t *c = add(&g->irq, 32);

	put(c, 0, address, 8);
	put(c, 8, id, 4);
	put(c, 16, pins0, 4);
}

void jh14_pio(struct jh14_gen *g, uint16_t base, uint16_t length)
{
	uint8_t *p = add(&g->pio, 4);

	put(p, 0, base, 2);
	put(p, 2, length, 2);
}

uint8_t *jh14_pci(struct jh14_gen *g, uint8_t type, uint16_t bdf)
{
	uint8_t *d = add(&g->pci, 56);

	d[0] = type;
	put(d, 4, bdf, 2);
	return d;
}

void jh14_pci_caps(uint8_t *dev, uint16_t start, uint16_t num)
{
	put(dev, 30, start, 2);
	put(dev, 32, num, 2);
}

void jh14_pci_msi(uint8_t *dev, uint8_t vectors, uint16_t msix_vectors,
		  uint64_t msix_address)
{
	dev[34] = vectors;
	dev[35] = 1;			/* 64-bit */
	put(dev, 36, msix_vectors, 2);
	put(dev, 38, msix_vectors ? 0x1000 : 0, 2);
	put(dev, 40, msix_address, 8);
}

void jh14_pci_bar_mask(uint8_t *dev, uint32_t bar0)
{
	put(dev, 6, bar0, 4);
	put(dev, 10, 0xfffffe00, 4);
}

void jh14_ivshmem(struct jh14_gen *g, uint16_t bdf, uint32_t regions,
		  uint8_t id, uint8_t peers, uint16_t protocol,
		  uint16_t vectors)
{
	uint8_t *d = jh14_pci(g, JH14_TYPE_IVSHMEM, bdf);

	jh14_pci_bar_mask(d, 0xfffff000);
	put(d, 36, vectors, 2);
	put(d, 48, regions, 4);
	d[52] = id;
	d[53] = peers;
	put(d, 54, protocol, 2);
}

void jh14_cap(struct jh14_gen *g, uint16_t id, uint16_t start, uint16_t len,
	      uint16_t flags)
{
	uint8_t *c = add(&g->caps, 8);

	put(c, 0, id, 2);
	put(c, 2, start, 2);
	put(c, 4, len, 2);
	put(c, 6, flags, 2);
}

void jh14_stream_id(struct jh14_gen *g, uint32_t id)
{
	put(add(&g->streams, 4), 0, id, 4);
}

void jh14_platform(struct jh14_gen *g, uint64_t mmconfig, uint16_t pm_timer,
		   uint32_t vtd_limit)
{
	put(g->head, 76, mmconfig, 8);
	g->head[84] = 0xff;
	put(g->head, 312, pm_timer, 2);
	put(g->head, 316, vtd_limit, 4);
}

void jh14_iommu(struct jh14_gen *g, unsigned int n, uint32_t type,
		uint64_t base, uint32_t size, uint16_t amd_bdf)
{
	uint8_t *u = g->head + 88 + 28 * n;

	put(u, 0, type, 4);
	put(u, 4, base, 8);
	put(u, 12, size, 4);
	put(u, 16, amd_bdf, 2);
	if (amd_bdf) {
		u[18] = 0x40;		/* base capability */
		u[19] = 0x54;		/* MSI capability */
		put(u, 20, 0x80048824, 4);
	}
}

void jh14_sys_flags(struct jh14_gen *g, uint32_t flags)
{
	put(g->head, 8, flags, 4);
}

static size_t append(uint8_t *out, size_t at, const struct jh14_part *p)
{
	memcpy(out + at, p->data, p->len);
	return at + p->len;
}

size_t jh14_finish(const struct jh14_gen *g, uint8_t *out)
{
	const struct jh14_part *parts[] = {
		&g->mem, &g->cache, &g->irq, &g->pio, &g->pci, &g->caps,
		&g->streams,
	};
	size_t at = g->system ? SYSTEM_HEADER : CELL_HEADER;
	uint8_t *cell = out + (g->cell - g->head);
	unsigned int i;

	memcpy(out, g->head, at);
	for (i = 0; i < 7; i++)
		put(cell, 52 + 4 * i, parts[i]->count, 4);
	put(out, at, g->cpus, 8);
	at += 8;
	for (i = 0; i < 7; i++)
		at = append(out, at, parts[i]);
	return at;
}

/* ---- shapes of Jailhouse's configs/x86 ---- */

#define IVSHMEM_A	0x3c000000ULL	/* virtio block: 2 peers */
#define IVSHMEM_B	0x3c010000ULL	/* demo: 3 peers */
#define IVSHMEM_C	0x3c020000ULL	/* networking: 2 peers */
#define BDF(bus, dev, fn)	((bus) << 8 | (dev) << 3 | (fn))

/* Regions of ivshmem A as peer @id sees them (@rs: in a non-root cell). */
static void shmem_a(struct jh14_gen *g, uint64_t rs)
{
	jh14_mem(g, IVSHMEM_A, IVSHMEM_A, 0x1000, JH14_MEM_R | rs);
	jh14_mem(g, IVSHMEM_A + 0x1000, IVSHMEM_A + 0x1000, 0x7000,
		 JH14_MEM_RW | rs);
	jh14_mem_empty(g);
	jh14_mem_empty(g);
}

static void shmem_b(struct jh14_gen *g, unsigned int id, uint64_t rs)
{
	unsigned int peer;
	uint64_t out;

	jh14_mem(g, IVSHMEM_B, IVSHMEM_B, 0x1000, JH14_MEM_R | rs);
	jh14_mem(g, IVSHMEM_B + 0x1000, IVSHMEM_B + 0x1000, 0x3000,
		 JH14_MEM_RW | rs);
	for (peer = 0; peer < 3; peer++) {
		out = IVSHMEM_B + 0x4000 + peer * 0x1000;
		jh14_mem(g, out, out, 0x1000, JH14_MEM_R | rs |
			 (peer == id ? JH14_MEM_W : 0));
	}
}

/* The networking regions: empty read-write section, as Jailhouse's. */
static void shmem_c(struct jh14_gen *g, unsigned int id)
{
	jh14_mem(g, IVSHMEM_C, IVSHMEM_C, 0x1000, JH14_MEM_R | JH14_MEM_RS);
	jh14_mem_empty(g);
	jh14_mem(g, IVSHMEM_C + 0x1000, IVSHMEM_C + 0x1000, 0x7000,
		 JH14_MEM_R | JH14_MEM_RS | (id == 0 ? JH14_MEM_W : 0));
	jh14_mem(g, IVSHMEM_C + 0x8000, IVSHMEM_C + 0x8000, 0x7000,
		 JH14_MEM_R | JH14_MEM_RS | (id == 1 ? JH14_MEM_W : 0));
}

static void qemu_root_pci(struct jh14_gen *g)
{
	uint8_t *dev;

	jh14_pci(g, JH14_TYPE_DEVICE, BDF(0, 1, 0));
	dev = jh14_pci(g, JH14_TYPE_DEVICE, BDF(0, 2, 0));
	jh14_pci_bar_mask(dev, 0xfffe0000);
	jh14_pci_caps(dev, 0, 2);
	jh14_pci_msi(dev, 1, 5, 0xfeb20000);
	dev = jh14_pci(g, JH14_TYPE_BRIDGE, BDF(0, 3, 0));
	jh14_pci_caps(dev, 2, 1);
	jh14_pci_msi(dev, 1, 0, 0);
	dev = jh14_pci(g, JH14_TYPE_DEVICE, BDF(0, 0x1b, 0));
	jh14_pci_caps(dev, 3, 2);
	jh14_pci_msi(dev, 1, 0, 0);
	jh14_ivshmem(g, BDF(1, 0xc, 0), 0, 0, 2, 0xc002, 2);
	jh14_ivshmem(g, BDF(1, 0xe, 0), 4, 0, 3, 0, 16);
	jh14_ivshmem(g, BDF(1, 0xf, 0), 9, 0, 2, 1, 2);
	jh14_cap(g, 0x01, 0xc8, 8, 1);		/* PM */
	jh14_cap(g, 0x05, 0xd0, 14, 1);		/* MSI */
	jh14_cap(g, 0x05, 0x8c, 0x18, 1);
	jh14_cap(g, 0x05, 0x60, 14, 1);
	jh14_cap(g, 0x8001, 0x100, 4, 0);	/* AER, extended */
}

static void qemu_x86(struct jh14_gen *g)
{
	jh14_init_system(g, "QEMU-SHAPE", 0xf, 0x3b000000, 0x800000);
	jh14_sys_flags(g, 1);			/* virtual debug console */
	jh14_console(g, 0x3f8, 0, false);
	jh14_platform(g, 0xb0000000, 0x608, 256);
	jh14_iommu(g, 0, 2, 0xfed90000, 0x1000, 0);
	shmem_a(g, 0);
	shmem_b(g, 0, 0);
	shmem_c(g, 0);
	jh14_mem(g, 0, 0, 0x3b000000, JH14_MEM_RAM | JH14_MEM_DMA);
	jh14_mem(g, 0x3b800000, 0x3b800000, 0x800000,
		 JH14_MEM_RAM | JH14_MEM_DMA);
	jh14_mem(g, 0x3c100000, 0x3c100000, 0x3ee0000,
		 JH14_MEM_RAM | JH14_MEM_DMA);
	jh14_mem(g, 0x3ffe0000, 0x3ffe0000, 0x20000, JH14_MEM_R);
	jh14_mem(g, 0xfd000000, 0xfd000000, 0x1000000, JH14_MEM_RW);
	jh14_mem(g, 0xfeb00000, 0xfeb00000, 0x20000, JH14_MEM_RW);
	jh14_mem(g, 0xfeb40000, 0xfeb40000, 0x4000, JH14_MEM_RW);
	jh14_mem(g, 0xfed00000, 0xfed00000, 0x1000, JH14_MEM_RW);
	jh14_irqchip(g, 0xfec00000, 0xff00, 0xffffff);
	jh14_pio(g, 0x40, 4);
	jh14_pio(g, 0x60, 2);
	jh14_pio(g, 0x64, 1);
	jh14_pio(g, 0x70, 2);
	jh14_pio(g, 0x3b0, 0x30);
	jh14_pio(g, 0xd000, 0x100);
	qemu_root_pci(g);
}

/* One CPU, 1 MiB loadable RAM at guest 0, the comm region, serial ports. */
static void demo_cell(struct jh14_gen *g, const char *name, uint32_t flags,
		      uint64_t cpus, uint64_t ram)
{
	jh14_init_cell(g, name, flags, cpus);
	jh14_console(g, 0x3f8, 0, false);
	jh14_mem(g, ram, 0, 0x100000, JH14_MEM_RAM | JH14_MEM_LOAD);
	jh14_comm(g);
	jh14_pio(g, 0x2f8, 8);
	jh14_pio(g, 0x3f8, 8);
}

static void tiny_demo(struct jh14_gen *g)
{
	demo_cell(g, "tiny-demo", JH14_CELL_PASSIVE | JH14_CELL_TESTDEV |
		  JH14_CELL_VCON, 0x4, 0x3b800000);
	jh14_cache(g, 2, 1);
	jh14_pio(g, 0xe010, 8);
}

static void apic_demo(struct jh14_gen *g)
{
	demo_cell(g, "apic-demo", JH14_CELL_VCON, 0x8, 0x3b900000);
	jh14_cache(g, 0, 2);
	jh14_pio(g, 0xe010, 8);
}

static void smp_demo(struct jh14_gen *g)
{
	demo_cell(g, "smp-demo", JH14_CELL_PASSIVE | JH14_CELL_VCON, 0xe,
		  0x3b800000);
	jh14_pio(g, 0xe010, 8);
}

static void ioapic_demo(struct jh14_gen *g)
{
	demo_cell(g, "ioapic-demo", JH14_CELL_PASSIVE | JH14_CELL_VCON, 0x4,
		  0x3b800000);
	jh14_irqchip(g, 0xfec00000, 0xff01, 1 << 9);
	jh14_pio(g, 0x600, 4);
	jh14_pio(g, 0x800, 4);
	jh14_pio(g, 0xe010, 8);
}

static void ivshmem_demo(struct jh14_gen *g)
{
	jh14_init_cell(g, "ivshmem-demo", JH14_CELL_PASSIVE | JH14_CELL_VCON,
		       0x2);
	jh14_console(g, 0x3f8, 0, false);
	shmem_b(g, 1, JH14_MEM_RS);
	jh14_mem(g, 0x3ba00000, 0, 0x100000, JH14_MEM_RAM | JH14_MEM_LOAD);
	jh14_comm(g);
	jh14_pio(g, 0x2f8, 8);
	jh14_pio(g, 0x3f8, 8);
	jh14_ivshmem(g, BDF(1, 0xe, 0), 0, 1, 3, 0, 16);
}

static void linux_x86_demo(struct jh14_gen *g)
{
	const uint64_t ram = JH14_MEM_RAM | JH14_MEM_DMA | JH14_MEM_LOAD;

	jh14_init_cell(g, "linux-x86-demo", JH14_CELL_PASSIVE |
		       JH14_CELL_VCON, 0xc);
	shmem_a(g, JH14_MEM_RS);
	shmem_b(g, 2, JH14_MEM_RS);
	shmem_c(g, 1);
	jh14_mem(g, 0x3bb00000, 0, 0x100000, ram);
	jh14_comm(g);
	jh14_mem(g, 0x3bc00000, 0x200000, 0x200000, ram);
	jh14_cache(g, 0, 2);
	jh14_irqchip(g, 0xfec00000, 0xff00, 1 << 3 | 1 << 4);
	jh14_pio(g, 0x2f8, 8);
	jh14_pio(g, 0x3f8, 8);
	jh14_pio(g, 0xe010, 8);
	jh14_ivshmem(g, BDF(1, 0xc, 0), 0, 1, 2, 0x8002, 2);
	jh14_ivshmem(g, BDF(1, 0xe, 0), 4, 2, 3, 0, 16);
	jh14_ivshmem(g, BDF(1, 0xf, 0), 9, 1, 2, 1, 2);
	/* Capabilities of an optional device, listed even without it. */
	jh14_cap(g, 0x01, 0xc8, 8, 1);
	jh14_cap(g, 0x05, 0xd0, 14, 1);
	jh14_cap(g, 0x10, 0xe0, 20, 1);
	jh14_cap(g, 0x11, 0xa0, 12, 1);
	jh14_cap(g, 0x8001, 0x100, 4, 0);
	jh14_cap(g, 0x8003, 0x140, 4, 0);
}

/* A cell with one root device, its BAR and its MSI capability. */
static void device_demo(struct jh14_gen *g, const char *name, uint16_t bdf,
			uint64_t bar, uint64_t bar_size)
{
	uint8_t *dev;

	demo_cell(g, name, JH14_CELL_PASSIVE | JH14_CELL_VCON, 0x4,
		  0x3b800000);
	jh14_mem(g, bar, bar, bar_size, JH14_MEM_RW);
	jh14_pio(g, 0xe010, 8);
	dev = jh14_pci(g, JH14_TYPE_DEVICE, bdf);
	jh14_pci_caps(dev, 0, 1);
	jh14_pci_msi(dev, 1, 0, 0);
	jh14_cap(g, 0x05, 0xd0, 14, 1);
}

static void pci_demo(struct jh14_gen *g)
{
	device_demo(g, "pci-demo", BDF(0, 0x1b, 0), 0xfeb40000, 0x4000);
}

static void e1000_demo(struct jh14_gen *g)
{
	device_demo(g, "e1000-demo", BDF(0, 2, 0), 0xfeb00000, 0x20000);
	jh14_pio(g, 0xc000, 0x3f);
}

/* Machines made with `jailhouse config create`: ROMs, RAM, many devices. */
static void board_common(struct jh14_gen *g, const char *name)
{
	uint8_t *dev;

	jh14_init_system(g, name, 0xf, 0x3a000000, 0x600000);
	jh14_sys_flags(g, 1);
	jh14_console(g, 0x3f8, 0, false);
	jh14_platform(g, 0xe0000000, 0x808, 0);
	jh14_mem(g, 0, 0, 0x9f000, JH14_MEM_RAM | JH14_MEM_DMA);
	jh14_mem(g, 0xa0000, 0xa0000, 0x20000, JH14_MEM_RW);
	jh14_mem(g, 0xe0000, 0xe0000, 0x20000, JH14_MEM_R);
	jh14_mem(g, 0x100000, 0x100000, 0x39f00000,
		 JH14_MEM_RAM | JH14_MEM_DMA);
	jh14_mem(g, 0x3f200000, 0x3f200000, 0x20000000,
		 JH14_MEM_RAM | JH14_MEM_DMA);
	jh14_mem(g, 0xd0000000, 0xd0000000, 0x800000, JH14_MEM_RW);
	jh14_mem(g, 0x3f000000, 0x3f000000, 0x200000, JH14_MEM_RW);
	jh14_pio(g, 0x20, 8);
	jh14_pio(g, 0x40, 4);
	jh14_pio(g, 0x60, 2);
	jh14_pio(g, 0x64, 1);
	jh14_pio(g, 0x70, 2);
	jh14_pio(g, 0x3b0, 0x30);
	jh14_pio(g, 0x3e0, 0x918);
	jh14_pio(g, 0xd00, 0xf300);
	jh14_pci(g, JH14_TYPE_DEVICE, BDF(0, 0, 0));
	dev = jh14_pci(g, JH14_TYPE_DEVICE, BDF(0, 1, 0));
	jh14_pci_caps(dev, 0, 2);
	jh14_pci_msi(dev, 1, 0, 0);
	dev = jh14_pci(g, JH14_TYPE_BRIDGE, BDF(0, 3, 1));
	jh14_pci_caps(dev, 2, 1);
	dev = jh14_pci(g, JH14_TYPE_DEVICE, BDF(0, 0x10, 0));
	jh14_pci_caps(dev, 3, 1);
	jh14_pci_msi(dev, 8, 8, 0xd0800000);
	jh14_cap(g, 0x09, 0x48, 2, 0);		/* vendor */
	jh14_cap(g, 0x05, 0xa0, 14, 1);
	jh14_cap(g, 0x01, 0x50, 8, 1);
	jh14_cap(g, 0x11, 0x90, 12, 1);
}

static void f2a88xm_hd3(struct jh14_gen *g)
{
	board_common(g, "F2A88XM-SHAPE");
	jh14_iommu(g, 0, 1, 0xfeb80000, 0x80000, 0x02);
	jh14_irqchip(g, 0xfec00000, 0, 0xffffff);
	jh14_irqchip(g, 0xfec01000, 0, 0xffffff);
}

static void imb_a180(struct jh14_gen *g)
{
	board_common(g, "IMB-A180-SHAPE");
	jh14_mem(g, 0x100001000, 0x100001000, 0x3efff000,
		 JH14_MEM_RAM | JH14_MEM_DMA);
	jh14_irqchip(g, 0xfec00000, 0, 0xffffff);
}

#define W(...)	(const char *const[]){ __VA_ARGS__, NULL }

const struct jh14_shape jh14_shapes[] = {
	{ "qemu-x86", qemu_x86, true,
	  W("virtual-debug-console", "vtd_interrupt_limit", "bar_mask",
	    "PCI capabilities", "MSI/MSI-X") },
	{ "tiny-demo", tiny_demo, false, W("cache regions", "test-device") },
	{ "apic-demo", apic_demo, false, W("cache regions") },
	{ "smp-demo", smp_demo, false, (const char *const[]){ NULL } },
	{ "ioapic-demo", ioapic_demo, false, W("irqchip id") },
	{ "ivshmem-demo", ivshmem_demo, false, (const char *const[]){ NULL } },
	{ "linux-x86-demo", linux_x86_demo, false,
	  W("cache regions", "irqchip id", "PCI capabilities") },
	{ "pci-demo", pci_demo, false, W("PCI capabilities", "MSI/MSI-X") },
	{ "e1000-demo", e1000_demo, false,
	  W("PCI capabilities", "MSI/MSI-X") },
	{ "f2a88xm-hd3", f2a88xm_hd3, true,
	  W("virtual-debug-console", "PCI capabilities", "MSI/MSI-X",
	    "AMD IOMMU") },
	{ "imb-a180", imb_a180, true,
	  W("virtual-debug-console", "PCI capabilities", "MSI/MSI-X",
	    "PCI iommu index") },
};

const unsigned int jh14_num_shapes =
	sizeof(jh14_shapes) / sizeof(jh14_shapes[0]);
