// SPDX-License-Identifier: GPL-2.0
/*
 * ivshmem between cells, used as Jailhouse's ivshmem-demo uses it: find
 * the device (vendor 0x110a, device 0x4106) in configuration space, place
 * its BARs (registers at `bar=`, default 0xff000000, MSI-X table in the
 * next page), read the section sizes and the shared memory's address
 * from its vendor capability, aim MSI-X vectors 0-3 at this CPU
 * (vectors 32-35), enable interrupts, announce state id + 1, write its
 * id into the read-write section and its output section, then ring the
 * next peer's doorbell (vector 1) every `period_ms=` (default 200) and
 * count what arrives.
 *
 * Once it has received `rounds=` (default 3) doorbells and seen the next
 * peer's state and output, it prints "ivshmem-demo: SUCCESS". With
 * `hostile=1` it then writes the state table, which is read-only: the
 * hypervisor must stop the cell there.
 *
 * Jailhouse's demo rings vector id + 1 of peer (id + 1) mod 3; to run
 * that pattern: `peer=` (the peer rung and watched, default the next),
 * `vector=` (the vector rung, default 1), `expect=` (the vector whose
 * doorbells count, default 1) and `stray=` (a further peer rung each
 * period, e.g. one that is absent: default none).
 */
#include <inmate.h>

#define IVSHMEM_VENDOR		0x110a
#define IVSHMEM_DEVICE		0x4106
#define DEFAULT_BAR		0xff000000UL
#define VECTOR_BASE		32
#define NUM_VECTORS		4
#define DOORBELL_VECTOR		1
#define OUTPUT_MAGIC		0x1000

/* Vendor capability: section sizes and base address. */
#define CAP_STATE_SIZE		0x04
#define CAP_RW_SIZE		0x08
#define CAP_OUT_SIZE		0x10
#define CAP_BASE		0x18
/* MSI-X capability: control, table offset and BAR. */
#define MSIX_CONTROL		0x02
#define MSIX_TABLE		0x04
#define MSIX_ENABLE		0x8000
#define MSIX_MASKALL		0x4000
#define MSIX_SIZE_MASK		0x7ff

struct ivshmem_regs {
	u32 id;
	u32 max_peers;
	u32 int_control;
	u32 doorbell;
	u32 state;
};

struct ivshmem {
	u16 bdf;
	volatile struct ivshmem_regs *regs;
	u32 id, peers, next, vector;
	long stray;
	volatile u32 *state_table;
	volatile u32 *rw;
	volatile u32 *out;		/* output section of peer 0 */
	u64 out_size;
};

static struct ivshmem dev;
static volatile unsigned int received[NUM_VECTORS];

static void on_interrupt(unsigned int vector)
{
	received[vector - VECTOR_BASE]++;
}

static u64 cfg_read64(u16 bdf, unsigned int reg)
{
	return pci_read_config(bdf, reg, 4) |
	       (u64)pci_read_config(bdf, reg + 4, 4) << 32;
}

/* The sections, from the vendor capability. */
static bool map_sections(struct ivshmem *d)
{
	int cap = pci_find_cap(d->bdf, PCI_CAP_VENDOR);
	unsigned long base;

	if (cap < 0)
		return false;
	base = cfg_read64(d->bdf, cap + CAP_BASE);
	d->state_table = (volatile u32 *)base;
	base += pci_read_config(d->bdf, cap + CAP_STATE_SIZE, 4);
	d->rw = (volatile u32 *)base;
	base += cfg_read64(d->bdf, cap + CAP_RW_SIZE);
	d->out = (volatile u32 *)base;
	d->out_size = cfg_read64(d->bdf, cap + CAP_OUT_SIZE);
	printk("ivshmem-demo: state table at %p, R/W at %p, output at %p "
	       "(%llu bytes each)\n", d->state_table, d->rw, d->out,
	       d->out_size);
	return true;
}

/* Entry @n of the MSI-X table: vector VECTOR_BASE + n to this CPU. */
static bool setup_msix(struct ivshmem *d, unsigned long bar1)
{
	int cap = pci_find_cap(d->bdf, PCI_CAP_MSIX);
	unsigned long table;
	unsigned int n;
	u32 control;

	if (cap < 0 || (pci_read_config(d->bdf, cap + MSIX_TABLE, 4) & 7) != 1)
		return false;
	table = bar1 + (pci_read_config(d->bdf, cap + MSIX_TABLE, 4) & ~7U);
	control = pci_read_config(d->bdf, cap + MSIX_CONTROL, 2);
	pci_write_config(d->bdf, cap + MSIX_CONTROL,
			 control | MSIX_ENABLE | MSIX_MASKALL, 2);
	for (n = 0; n < NUM_VECTORS && n <= (control & MSIX_SIZE_MASK);
	     n++) {
		mmio_write32(table + 16 * n, 0xfee00000 | apic_id() << 12);
		mmio_write32(table + 16 * n + 4, 0);
		mmio_write32(table + 16 * n + 8, VECTOR_BASE + n);
		mmio_write32(table + 16 * n + 12, 0);
		int_set_handler(VECTOR_BASE + n, on_interrupt);
	}
	pci_write_config(d->bdf, cap + MSIX_CONTROL, control | MSIX_ENABLE,
			 2);
	return true;
}

static bool init_device(struct ivshmem *d, unsigned long bar0)
{
	int bdf = pci_find_device(IVSHMEM_VENDOR, IVSHMEM_DEVICE);

	if (bdf < 0) {
		printk("ivshmem-demo: no ivshmem device\n");
		return false;
	}
	d->bdf = bdf;
	printk("ivshmem-demo: device at %02x:%02x.%x, class/revision "
	       "0x%08x\n", bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7,
	       pci_read_config(d->bdf, PCI_REG_CLASS_REV, 4));
	pci_write_config(d->bdf, PCI_REG_BAR(0), bar0, 4);
	pci_write_config(d->bdf, PCI_REG_BAR(1), bar0 + 0x1000, 4);
	pci_write_config(d->bdf, PCI_REG_COMMAND,
			 PCI_CMD_MEMORY | PCI_CMD_MASTER, 2);
	d->regs = (volatile struct ivshmem_regs *)bar0;
	d->id = d->regs->id;
	d->peers = d->regs->max_peers;
	d->next = d->peers ? (d->id + 1) % d->peers : 0;
	printk("ivshmem-demo: peer %u of %u\n", d->id, d->peers);
	return map_sections(d) && setup_msix(d, bar0 + 0x1000);
}

static volatile u32 *output_of(const struct ivshmem *d, u32 peer)
{
	return d->out + peer * (d->out_size / sizeof(u32));
}

static bool peer_ready(const struct ivshmem *d)
{
	return d->state_table[d->next] == d->next + 1 &&
	       *output_of(d, d->next) == OUTPUT_MAGIC + d->next &&
	       d->rw[d->next] == d->next + 1;
}

static void ring(const struct ivshmem *d)
{
	d->regs->doorbell = d->next << 16 | d->vector;
	if (d->stray >= 0)
		d->regs->doorbell = (u32)d->stray << 16 | d->vector;
}

/* The read-only state table, written: the cell must stop here. */
static void hostile_write(const struct ivshmem *d)
{
	printk("ivshmem-demo: writing the read-only state table\n");
	d->state_table[d->id] = 0xbad;
	printk("ivshmem-demo: FAILURE: state table written (0x%x)\n",
	       d->state_table[d->id]);
}

static void run(struct ivshmem *d, unsigned int rounds, u64 period_us,
		unsigned int expect, bool hostile)
{
	bool done = false;

	while (!inmate_shutdown_approved()) {
		delay_us(period_us);
		ring(d);
		if (done || received[expect] < rounds || !peer_ready(d))
			continue;
		printk("ivshmem-demo: SUCCESS: peer %u: %u doorbells and %u "
		       "state changes received, peer %u in state %u\n", d->id,
		       received[expect], received[0], d->next,
		       d->state_table[d->next]);
		done = true;
		if (hostile)
			hostile_write(d);
	}
}

void inmate_main(void)
{
	unsigned long bar0 = cmdline_parse_int(cmdline, "bar", DEFAULT_BAR);
	unsigned int rounds = cmdline_parse_int(cmdline, "rounds", 3);
	u64 period_ms = cmdline_parse_int(cmdline, "period_ms", 200);
	bool hostile = cmdline_parse_bool(cmdline, "hostile", false);
	unsigned int expect = cmdline_parse_int(cmdline, "expect",
						DOORBELL_VECTOR);

	apic_init();
	if (!init_device(&dev, bar0)) {
		printk("ivshmem-demo: FAILURE: device not usable\n");
		return;
	}
	dev.next = cmdline_parse_int(cmdline, "peer", dev.next);
	dev.vector = cmdline_parse_int(cmdline, "vector", DOORBELL_VECTOR);
	dev.stray = cmdline_parse_int(cmdline, "stray", -1);
	if (dev.next >= dev.peers || expect >= NUM_VECTORS) {
		printk("ivshmem-demo: FAILURE: peer %u or vector %u out of "
		       "range\n", dev.next, expect);
		return;
	}
	dev.regs->int_control = 1;
	dev.rw[dev.id] = dev.id + 1;
	*output_of(&dev, dev.id) = OUTPUT_MAGIC + dev.id;
	dev.regs->state = dev.id + 1;
	irq_enable();
	run(&dev, rounds, period_ms * 1000, expect, hostile);
	printk("ivshmem-demo: shutdown request approved, stopping\n");
}
