/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Builder of Jailhouse revision-14 binary configs for the import tests,
 * written from the documented byte offsets of Jailhouse's
 * include/jailhouse/cell-config.h (not from the importer's structs), and
 * configs shaped like each x86 config Jailhouse ships (same kinds of
 * fields, numbers of our own).
 */
#ifndef _JAILHOUSE_TESTS_JH14_GEN_H
#define _JAILHOUSE_TESTS_JH14_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JH14_MAX_BLOB		16384

/* Jailhouse's values. */
#define JH14_MEM_R		0x01
#define JH14_MEM_W		0x02
#define JH14_MEM_X		0x04
#define JH14_MEM_DMA		0x08
#define JH14_MEM_IO		0x10
#define JH14_MEM_COMM		0x20
#define JH14_MEM_LOAD		0x40
#define JH14_MEM_RS		0x80
#define JH14_MEM_RW		(JH14_MEM_R | JH14_MEM_W)
#define JH14_MEM_RAM		(JH14_MEM_RW | JH14_MEM_X)

#define JH14_CELL_PASSIVE	0x1
#define JH14_CELL_TESTDEV	0x2
#define JH14_CELL_VCON		0x40000000

#define JH14_TYPE_DEVICE	1
#define JH14_TYPE_BRIDGE	2
#define JH14_TYPE_IVSHMEM	3

/* One array of the config being built. */
struct jh14_part {
	uint8_t data[4096];
	size_t len;
	unsigned int count;
};

struct jh14_gen {
	bool system;
	uint8_t head[488];	/* system config, or the cell header */
	uint8_t *cell;		/* the cell header within head */
	uint64_t cpus;
	struct jh14_part mem, cache, irq, pio, pci, caps, streams;
};

void jh14_init_cell(struct jh14_gen *g, const char *name, uint32_t flags,
		    uint64_t cpus);
/* A system config with hypervisor memory at @hv_phys, @hv_size bytes. */
void jh14_init_system(struct jh14_gen *g, const char *name, uint64_t cpus,
		      uint64_t hv_phys, uint64_t hv_size);
/* Console (the cell's, or the debug console of a system): 8250. */
void jh14_console(struct jh14_gen *g, uint64_t address, uint32_t size,
		  bool mmio);
void jh14_mem(struct jh14_gen *g, uint64_t phys, uint64_t virt,
	      uint64_t size, uint64_t flags);
void jh14_mem_empty(struct jh14_gen *g);
void jh14_comm(struct jh14_gen *g);
void jh14_cache(struct jh14_gen *g, uint32_t start, uint32_t size);
void jh14_irqchip(struct jh14_gen *g, uint64_t address, uint32_t id,
		  uint32_t pins0);
void jh14_pio(struct jh14_gen *g, uint16_t base, uint16_t length);
/* A device; returns its 56 bytes for the optional fields below. */
uint8_t *jh14_pci(struct jh14_gen *g, uint8_t type, uint16_t bdf);
void jh14_pci_caps(uint8_t *dev, uint16_t start, uint16_t num);
void jh14_pci_msi(uint8_t *dev, uint8_t vectors, uint16_t msix_vectors,
		  uint64_t msix_address);
void jh14_pci_bar_mask(uint8_t *dev, uint32_t bar0);
void jh14_ivshmem(struct jh14_gen *g, uint16_t bdf, uint32_t regions,
		  uint8_t id, uint8_t peers, uint16_t protocol,
		  uint16_t vectors);
void jh14_cap(struct jh14_gen *g, uint16_t id, uint16_t start, uint16_t len,
	      uint16_t flags);
void jh14_stream_id(struct jh14_gen *g, uint32_t id);
/* Platform fields of a system config. */
void jh14_platform(struct jh14_gen *g, uint64_t mmconfig, uint16_t pm_timer,
		   uint32_t vtd_limit);
void jh14_iommu(struct jh14_gen *g, unsigned int n, uint32_t type,
		uint64_t base, uint32_t size, uint16_t amd_bdf);
void jh14_sys_flags(struct jh14_gen *g, uint32_t flags);

/* The blob: header, CPU set, arrays. Returns its size. */
size_t jh14_finish(const struct jh14_gen *g, uint8_t *out);

/* Configs shaped like Jailhouse's configs/x86/NAME.c. */
struct jh14_shape {
	const char *name;
	void (*build)(struct jh14_gen *g);
	bool system;
	/* Warning texts its import must print (NULL-terminated). */
	const char *const *warnings;
};

extern const struct jh14_shape jh14_shapes[];
extern const unsigned int jh14_num_shapes;

#endif /* !_JAILHOUSE_TESTS_JH14_GEN_H */
