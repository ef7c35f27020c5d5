// SPDX-License-Identifier: GPL-2.0
/*
 * The text jh-config create writes (create.h): what the root cell gets,
 * decided from what config-create.c gathered, each choice commented.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "config-names.h"
#include "config-tool.h"
#include "create.h"

#define FOUR_GIB	(1ULL << 32)
#define LEGACY_VGA	0xa0000ULL
#define LEGACY_ROMS	0xc0000ULL
#define IOAPIC_PINS	24
#define DEBUG_UART	0x3f8
#define PAGE		4096
#define RW		(JAILHOUSE_MEM_READ | JAILHOUSE_MEM_WRITE)
#define RWX		(RW | JAILHOUSE_MEM_EXECUTE)
#define RAM		(RWX | JAILHOUSE_MEM_DMA)
#define DEVICE		(RW | JAILHOUSE_MEM_IO)

static bool named(const struct create_entry *e, const char *prefix)
{
	return strncmp(e->name, prefix, strlen(prefix)) == 0;
}

static bool firmware_name(const struct create_entry *e)
{
	return named(e, "Reserved") || named(e, "ACPI Tables") ||
	       named(e, "ACPI Non-volatile Storage");
}

/* One top-level /proc/iomem entry: what the root cell gets of it. */
static int iomem_entry(const struct create_machine *m,
		       const struct create_entry *e, struct create_regions *r)
{
	char what[CREATE_WHAT_LEN];

	if (e->depth ||
	    (e->end <= CREATE_LEGACY_END && e->start >= LEGACY_VGA) ||
	    named(e, "PCI Bus") || named(e, "PCI MMCONFIG") ||
	    (e->start == m->resv_start && e->end == m->resv_end))
		return 0;
	if (named(e, "System RAM"))
		return create_add(r, e->start, e->end, RAM, "System RAM");
	if (!firmware_name(e)) {
		snprintf(what, sizeof(what), "%s (a device)", e->name);
		return create_add(r, e->start, e->end, DEVICE, what);
	}
	if (e->start >= FOUR_GIB)
		return 0;
	if (e->start < m->pci_hole)
		return create_add(r, e->start, e->end, RW,
				  "firmware memory (Reserved/ACPI below the "
				  "PCI hole)");
	return create_add(r, e->start, e->end, DEVICE,
			  "firmware-reserved in the PCI hole (chipset)");
}

static int bar_regions(const struct create_machine *m,
		       struct create_regions *r, uint64_t type, uint64_t flags)
{
	const struct create_pci *d;
	char what[CREATE_WHAT_LEN];
	unsigned int n, bar;
	int err = 0;

	for (n = 0; n < m->pci.num && !err; n++) {
		d = &m->pci.d[n];
		for (bar = 0; bar < CREATE_BARS && !err; bar++) {
			if (!(d->bar_flags[bar] & type) || !d->bar_start[bar])
				continue;
			snprintf(what, sizeof(what), "%02x:%02x.%x BAR%u",
				 d->bus, d->dev, d->fn, bar);
			err = create_add(r, d->bar_start[bar], d->bar_end[bar],
					 flags, what);
		}
	}
	return err;
}

/* What the hypervisor keeps: its memory, MMCONFIG, the IOMMU units. */
static int carve_hypervisor(const struct create_machine *m,
			    struct create_regions *r)
{
	const struct acpi_drhd *u;
	unsigned int n;
	int err;

	err = create_carve(r, m->resv_start, m->resv_start + m->hv_size);
	if (!err && m->mcfg.found)
		err = create_carve(r, m->mcfg.base, m->mcfg.base +
				   ((uint64_t)m->mcfg.end_bus + 1) * (1 << 20));
	for (n = 0; n < m->dmar.num_units && !err; n++) {
		u = &m->dmar.units[n];
		err = create_carve(r, u->base, u->base + u->size);
	}
	for (n = 0; create_amd(m) && n < m->ivrs.num_units && !err; n++)
		err = create_carve(r, m->ivrs.units[n].base,
				   m->ivrs.units[n].base + CREATE_AMDVI_REGS);
	return err;
}

static int memory_layout(const struct create_machine *m,
			 struct create_regions *r)
{
	unsigned int n;
	int err;

	err = create_add(r, LEGACY_VGA, LEGACY_ROMS, DEVICE,
			 "legacy VGA window");
	if (!err)
		err = create_add(r, LEGACY_ROMS, CREATE_LEGACY_END, RWX,
				 "video, adapter and system ROMs (legacy "
				 "area)");
	for (n = 0; n < m->iomem.num && !err; n++)
		err = iomem_entry(m, &m->iomem.e[n], r);
	if (!err)
		err = bar_regions(m, r, IORESOURCE_MEM, DEVICE);
	if (!err)
		err = create_add(r, m->resv_start + m->hv_size, m->resv_end,
				 RAM, "cell memory: the reservation after "
				 "the hypervisor's part");
	if (!err)
		err = carve_hypervisor(m, r);
	if (!err)
		create_merge(r, PAGE);
	return err;
}

/*
 * Ports: what Linux claims (top level, or right under a PCI bus window),
 * the PCI I/O BARs, and two ports Linux uses without claiming them.
 */
static int port_layout(const struct create_machine *m,
		       struct create_regions *r)
{
	const struct create_entry *e, *top = NULL;
	unsigned int n;
	int err = 0;

	for (n = 0; n < m->ioports.num && !err; n++) {
		e = &m->ioports.e[n];
		if (!e->depth)
			top = e;
		if (e->end > 0x10000 || (e->depth == 0 && named(e, "PCI Bus")))
			continue;
		if (e->depth == 0 || (e->depth == 1 && named(top, "PCI Bus")))
			err = create_add(r, e->start, e->end, 0, e->name);
	}
	if (!err)
		err = bar_regions(m, r, IORESOURCE_IO, 0);
	if (!err)
		err = create_add(r, 0x61, 0x62, 0, "NMI status, speaker");
	if (!err)
		err = create_add(r, 0x92, 0x93, 0, "fast A20, reset");
	if (!err)
		create_merge(r, 1);
	return err;
}

static bool has_console(const struct create_machine *m)
{
	unsigned int n;

	for (n = 0; n < m->ioports.num; n++)
		if (m->ioports.e[n].start == DEBUG_UART &&
		    named(&m->ioports.e[n], "serial"))
			return true;
	return false;
}

static void write_hypervisor(FILE *out, const struct create_machine *m)
{
	char size[32], resv[32];

	config_size_text(resv, sizeof(resv), m->resv_end - m->resv_start);
	fprintf(out,
		"system:\n"
		"  # Review: the first %s of the %s at 0x%" PRIx64 " that\n"
		"  # Linux reserved at boot: /proc/iomem says Reserved where "
		"the firmware's\n"
		"  # map (/sys/firmware/memmap) says RAM, which is what "
		"memmap=SIZE$ADDR\n"
		"  # does. The rest of it is cell memory in the root cell.\n"
		"  hypervisor-memory: {phys: 0x%" PRIx64 ", size: %s}\n",
		config_size_text(size, sizeof(size), m->hv_size), resv,
		m->resv_start, m->resv_start, size);
	if (has_console(m))
		fprintf(out, "  # COM1, claimed by Linux's serial driver: "
			"the hypervisor's log joins\n  # Linux's console "
			"there. Review.\n  debug-console: {type: uart-pio, "
			"address: 0x3f8, size: 8}\n");
	else
		fprintf(out, "  # No serial port at 0x3f8: no hypervisor "
			"log. Review.\n  debug-console: {type: none}\n");
}

static void write_mmconfig_pm(FILE *out, const struct create_machine *m)
{
	fprintf(out, "  platform:\n");
	if (m->mcfg.found)
		fprintf(out, "    # ACPI MCFG, segment 0: ECAM at 0x%" PRIx64
			", buses %02x-%02x.\n    pci-mmconfig-base: 0x%"
			PRIx64 "\n    pci-mmconfig-end-bus: 0x%x\n",
			m->mcfg.base, m->mcfg.start_bus, m->mcfg.end_bus,
			m->mcfg.base, m->mcfg.end_bus);
	else
		fprintf(out, "    # No ACPI MCFG for segment 0: no "
			"MMCONFIG, PCI through ports 0xcf8/0xcfc.\n");
	if (m->fadt.pm_timer)
		fprintf(out, "    # ACPI FADT: the PM timer's port (%s "
			"counter).\n    pm-timer: 0x%x\n",
			m->fadt.timer_32bit ? "32-bit" : "24-bit",
			m->fadt.pm_timer);
	else
		fprintf(out, "    # No PM timer in the ACPI FADT%s.\n",
			m->has_fadt ? "" : " (no FADT)");
	fprintf(out, "    # 0: the hypervisor measures both at enable.\n"
		"    tsc-khz: 0\n    apic-khz: 0\n");
}

/* The IVRS's units; their PCI functions are left out (write_pci()). */
static void write_amdvi(FILE *out, const struct create_machine *m)
{
	const struct acpi_ivhd *u;
	unsigned int n;

	fprintf(out, "    iommu-units:\n");
	for (n = 0; n < m->ivrs.num_units; n++) {
		u = &m->ivrs.units[n];
		fprintf(out, "      # IVRS unit %u: PCI function %02x:%02x.%x, "
			"buses of its device entries;\n      # registers kept "
			"from the root cell (review the size: 16K\n      # "
			"covers the registers the hypervisor uses).\n", n,
			u->bdf >> 8, (u->bdf >> 3) & 0x1f, u->bdf & 7);
		fprintf(out, "      - {type: amd, base: 0x%" PRIx64 ", size: "
			"16K, start-bus: %u, end-bus: %u}\n", u->base,
			m->unit_first[n], m->unit_last[n]);
	}
}

static void write_iommus(FILE *out, const struct create_machine *m)
{
	const struct acpi_drhd *u;
	char size[32];
	unsigned int n;

	if (create_amd(m)) {
		write_amdvi(out, m);
		return;
	}
	if (!m->dmar.num_units) {
		fprintf(out, "    # No ACPI DMAR%s: no Intel IOMMU; no IVRS "
			"unit: no AMD\n    # IOMMU.\n",
			m->has_dmar ? " unit" : "");
		return;
	}
	fprintf(out, "    iommu-units:\n");
	for (n = 0; n < m->dmar.num_units; n++) {
		u = &m->dmar.units[n];
		fprintf(out, "      # DMAR unit %u: %s; registers kept from "
			"the root cell.\n", n, u->include_all ?
			"INCLUDE_PCI_ALL, every bus" :
			"buses of its device scopes");
		fprintf(out, "      - {type: intel, base: 0x%" PRIx64 ", "
			"size: %s, start-bus: %u, end-bus: %u}\n", u->base,
			config_size_text(size, sizeof(size), u->size),
			m->unit_first[n], m->unit_last[n]);
	}
}

/*
 * The requester id of the IOAPIC with APIC id @id, from its DMAR device
 * scope (or IVRS special device entry); 0 if none names it or its path
 * crosses a bridge (the bus behind it is not in the table).
 */
static unsigned int ioapic_source_id(const struct create_machine *m,
				     unsigned int id)
{
	const struct acpi_dmar *dmar = &m->dmar;
	const struct acpi_scope *sc;
	unsigned int n, k;

	for (n = 0; create_amd(m) && n < m->ivrs.num_specials; n++)
		if (m->ivrs.specials[n].variety == ACPI_IVRS_IOAPIC &&
		    m->ivrs.specials[n].handle == id)
			return m->ivrs.specials[n].bdf;

	for (n = 0; n < dmar->num_units; n++)
		for (k = 0; k < dmar->units[n].num_scopes; k++) {
			sc = &dmar->units[n].scopes[k];
			if (sc->type == ACPI_SCOPE_IOAPIC &&
			    sc->enum_id == id && sc->path_len == 1)
				return sc->start_bus << 8 |
				       (sc->path[0][0] & 0x1f) << 3 |
				       (sc->path[0][1] & 7);
		}
	return 0;
}

static void write_ioapics(FILE *out, const struct create_machine *m)
{
	const struct acpi_ioapic *io;
	unsigned int n, sid;

	if (!m->madt.num_ioapics) {
		fprintf(out, "    # No IOAPIC in the ACPI MADT%s.\n",
			m->has_madt ? "" : " (no MADT)");
		return;
	}
	fprintf(out, "    # From the ACPI MADT; source-id (the requester id "
		"of its interrupt\n    # messages) from the DMAR's IOAPIC "
		"device scope.\n    ioapics:\n");
	for (n = 0; n < m->madt.num_ioapics; n++) {
		io = &m->madt.ioapics[n];
		fprintf(out, "      - {id: %u, address: 0x%x, gsi-base: %u",
			io->id, io->address, io->gsi_base);
		sid = ioapic_source_id(m, io->id);
		if (sid)
			config_show_bdf(out, ", source-id", sid);
		fputs(sid ? "}\n" : "}   # review: no source-id, its "
		      "remapping entries accept any source\n", out);
	}
}

static void write_memory(FILE *out, const struct create_regions *r)
{
	char size[32];
	unsigned int n;

	fprintf(out, "  # Review each: System RAM, firmware memory, device "
		"memory (`io`) from\n  # /proc/iomem and the PCI BARs. Not "
		"listed: the hypervisor's memory,\n  # MMCONFIG and the IOMMU "
		"registers (the hypervisor's alone), firmware-\n  # reserved "
		"ranges above 4 GiB (address holes, not memory).\n"
		"  memory:\n");
	for (n = 0; n < r->num; n++) {
		fprintf(out, "    # %s\n    - {phys: 0x%" PRIx64 ", size: %s, ",
			r->r[n].what, r->r[n].start,
			config_size_text(size, sizeof(size),
					 r->r[n].end - r->r[n].start));
		config_show_flags(out, "flags", config_mem_flags,
				  r->r[n].flags);
		fprintf(out, "}\n");
	}
}

static void write_ports(FILE *out, const struct create_regions *r)
{
	unsigned int n;

	fprintf(out, "  # The ports Linux claims (/proc/ioports) and the "
		"PCI I/O BARs; a sandbox\n  # console (e.g. COM2) is taken "
		"from here. Review.\n  pio:\n");
	for (n = 0; n < r->num; n++)
		fprintf(out, "    - {base: 0x%" PRIx64 ", length: 0x%" PRIx64
			"}   # %s\n", r->r[n].start,
			r->r[n].end - r->r[n].start, r->r[n].what);
	fprintf(out, "  # The MSRs a Linux root cell uses (tools/config-"
		"names.c); others trap.\n  msr:\n    - linux-root\n");
}

/* An AMD-Vi unit's own function: the hypervisor's, said and left out. */
static bool amdvi_function(const struct create_machine *m,
			   const struct create_pci *d)
{
	unsigned int n;

	for (n = 0; create_amd(m) && n < m->ivrs.num_units; n++)
		if (!m->ivrs.units[n].segment &&
		    m->ivrs.units[n].bdf == (d->bus << 8 | d->dev << 3 | d->fn))
			return true;
	return false;
}

static void write_pci(FILE *out, const struct create_machine *m)
{
	const struct create_pci *d;
	unsigned int n;
	int unit;

	fprintf(out, "  # Every PCI device of segment 0%s. `dma` on all "
		"but bridges (the safe\n  # guess: review); iommu: the "
		"DMAR unit whose scope holds the device.\n  pci:\n",
		m->pci.other_domains ? " (other segments are not supported: "
		"left out)" : "");
	if (create_amd(m))
		fprintf(out, "    # The AMD-Vi units' own functions (IVRS) "
			"are the hypervisor's: left out.\n");
	for (n = 0; n < m->pci.num; n++) {
		d = &m->pci.d[n];
		if (amdvi_function(m, d))
			continue;
		unit = create_unit_of(m, d);
		fprintf(out, "    - {bdf: \"%02x:%02x.%x\", %sclass: 0x%06x, ",
			d->bus, d->dev, d->fn,
			d->class >> 8 == 0x0604 ? "type: bridge, " : "",
			d->class);
		fprintf(out, unit < 0 ? "iommu: none" : "iommu: %d", unit);
		fprintf(out, "%s}   # %04x:%04x\n", d->class >> 16 == 0x06 ?
			"" : ", flags: [dma]", d->vendor, d->device);
	}
}

/* Pins of IOAPIC @n: IOAPIC_PINS unless the next GSI base is closer. */
static unsigned int ioapic_pins(const struct create_machine *m,
				unsigned int n)
{
	const struct acpi_ioapic *io = &m->madt.ioapics[n], *other;
	unsigned int k, pins = IOAPIC_PINS;

	for (k = 0; k < m->madt.num_ioapics; k++) {
		other = &m->madt.ioapics[k];
		if (other->gsi_base > io->gsi_base &&
		    other->gsi_base - io->gsi_base < pins)
			pins = other->gsi_base - io->gsi_base;
	}
	return pins;
}

static void write_pins(FILE *out, const struct create_machine *m)
{
	unsigned int n;

	if (!m->madt.num_ioapics)
		return;
	fprintf(out, "  # %u pins per IOAPIC unless the next GSI base is "
		"closer: the MADT does\n  # not say (Linux's boot log does, "
		"\"IOAPIC[0]: ... GSI 0-23\"). Review.\n  ioapic-pins:\n",
		IOAPIC_PINS);
	for (n = 0; n < m->madt.num_ioapics; n++)
		fprintf(out, "    - {ioapic: %u, pins: [0-%u]}\n",
			m->madt.ioapics[n].id, ioapic_pins(m, n) - 1);
}

static const char *firmware_type(const struct create_entry *e)
{
	if (named(e, "System RAM"))
		return "ram";
	if (named(e, "ACPI Tables"))
		return "acpi";
	if (named(e, "ACPI Non-volatile Storage"))
		return "nvs";
	return "reserved";
}

static void write_firmware_map(FILE *out, const struct create_machine *m)
{
	const struct create_entry *e;
	char size[32];
	unsigned int n;

	if (!m->memmap.num) {
		fprintf(out, "  # No /sys/firmware/memmap: no firmware map, "
			"jh-config check cannot\n  # tell firmware memory "
			"from RAM (the loader can).\n");
		return;
	}
	fprintf(out, "  # The firmware's memory map (/sys/firmware/memmap, "
		"before memmap=): jh-config\n  # check refuses a cell's RAM "
		"that is not RAM here, as the loader does.\n"
		"  firmware-map:\n");
	for (n = 0; n < m->memmap.num; n++) {
		e = &m->memmap.e[n];
		fprintf(out, "    - {start: 0x%" PRIx64 ", size: %s, type: "
			"%s}   # %s\n", e->start,
			config_size_text(size, sizeof(size), e->end - e->start),
			firmware_type(e), e->name);
	}
}

static void write_root_bars(FILE *out, const struct create_machine *m)
{
	const struct create_pci *d;
	unsigned int n, bar, count = 0;
	char size[32];

	fprintf(out, "  # The memory BARs of every PCI device (sysfs): "
		"jh-config check refuses a\n  # cell's I/O region in no BAR "
		"of its own devices, as the hypervisor does.\n"
		"  root-bars:");
	for (n = 0; n < m->pci.num; n++) {
		d = &m->pci.d[n];
		for (bar = 0; bar < CREATE_BARS; bar++) {
			if (!(d->bar_flags[bar] & IORESOURCE_MEM) ||
			    !d->bar_start[bar])
				continue;
			fprintf(out, "%s    - {bdf: \"%02x:%02x.%x\", bar: %u, "
				"start: 0x%" PRIx64 ", size: %s}\n",
				count++ ? "" : "\n", d->bus, d->dev, d->fn, bar,
				d->bar_start[bar],
				config_size_text(size, sizeof(size),
						 d->bar_end[bar] -
						 d->bar_start[bar]));
		}
	}
	if (!count)
		fprintf(out, " []\n");
}

/*
 * The IOAPIC of Linux IRQ @irq: the one whose GSIs hold it (Linux
 * numbers IOAPIC interrupts by GSI), the one at GSI 0 for the ISA IRQs
 * (0-15), which ACPI may route to other pins. -1: none.
 */
static int irq_ioapic(const struct create_machine *m, unsigned int irq)
{
	const struct acpi_ioapic *io;
	unsigned int n;

	for (n = 0; n < m->madt.num_ioapics; n++) {
		io = &m->madt.ioapics[n];
		if (irq < 16 ? io->gsi_base == 0 :
		    irq >= io->gsi_base &&
		    irq - io->gsi_base < ioapic_pins(m, n))
			return n;
	}
	return -1;
}

/* The pins of IOAPIC @n that root drivers hold; their number. */
static unsigned int held_pins(const struct create_machine *m, unsigned int n,
			      uint8_t held[JAILHOUSE_IOAPIC_PINS / 8])
{
	unsigned int k, pin, count = 0;

	memset(held, 0, JAILHOUSE_IOAPIC_PINS / 8);
	for (k = 0; k < m->irqs.num; k++) {
		pin = m->irqs.i[k].pin;
		if (irq_ioapic(m, m->irqs.i[k].irq) != (int)n ||
		    pin >= JAILHOUSE_IOAPIC_PINS ||
		    (held[pin / 8] & (1U << (pin % 8))))
			continue;
		held[pin / 8] |= 1U << (pin % 8);
		count++;
	}
	return count;
}

static void write_held_pins(FILE *out, unsigned int id,
			    const uint8_t held[JAILHOUSE_IOAPIC_PINS / 8])
{
	const char *sep = "";
	unsigned int pin;

	fprintf(out, "    - {ioapic: %u, pins: [", id);
	for (pin = 0; pin < JAILHOUSE_IOAPIC_PINS; pin++)
		if (held[pin / 8] & (1U << (pin % 8))) {
			fprintf(out, "%s%u", sep, pin);
			sep = ", ";
		}
	fprintf(out, "]}\n");
}

static void write_root_irqs(FILE *out, const struct create_machine *m)
{
	uint8_t held[JAILHOUSE_IOAPIC_PINS / 8];
	unsigned int n, count = 0;

	if (!m->irqs.known) {
		fprintf(out, "  # No /proc/interrupts: the pins root drivers "
			"hold are not known.\n");
		return;
	}
	for (n = 0; n < m->madt.num_ioapics; n++)
		count += held_pins(m, n, held);
	fprintf(out, "  # IOAPIC pins with a Linux driver's interrupt "
		"(/proc/interrupts; the ISA\n  # IRQs on the IOAPIC at GSI "
		"0): jh-config check refuses a cell that\n  # takes one, as "
		"the loader does. Review.\n  root-irqs:%s\n",
		count ? "" : " []");
	for (n = 0; n < m->madt.num_ioapics; n++)
		if (held_pins(m, n, held))
			write_held_pins(out, m->madt.ioapics[n].id, held);
}

static void write_text(FILE *out, const struct create_machine *m,
		       const struct create_regions *mem,
		       const struct create_regions *pio)
{
	fprintf(out, "# System config of this machine, written by "
		"`jh-config create` from %s.\n# Every comment marks a choice "
		"to review (docs/config-format.md, \"jh-config\n# create\"); "
		"then jh-config build, jh-config check, jh-sign.\n",
		m->root[0] ? m->root : "/");
	write_hypervisor(out, m);
	write_mmconfig_pm(out, m);
	write_iommus(out, m);
	write_ioapics(out, m);
	write_firmware_map(out, m);
	write_root_bars(out, m);
	write_root_irqs(out, m);
	fprintf(out, "\nroot-cell:\n  name: \"linux\"   # review: shown by "
		"`jailhouse cell list`, signed with it\n  # Every present CPU "
		"(/sys/devices/system/cpu/present).\n  cpus: [%s]\n",
		m->cpus);
	write_memory(out, mem);
	write_ports(out, pio);
	write_pci(out, m);
	write_pins(out, m);
}

int create_write(FILE *out, const struct create_machine *m)
{
	struct create_regions mem = { NULL, 0 }, pio = { NULL, 0 };
	int err;

	err = memory_layout(m, &mem);
	if (!err)
		err = port_layout(m, &pio);
	if (!err)
		write_text(out, m, &mem, &pio);
	else
		snprintf(m->error, CONFIG_ERROR_LEN, "out of memory");
	create_regions_free(&mem);
	create_regions_free(&pio);
	return err;
}
