// SPDX-License-Identifier: GPL-2.0
/*
 * Device fuzzer: random widths, addresses and values against every device
 * the hypervisor emulates for a cell (tests/vm/scenarios/fuzz.sh runs it
 * in rounds, one seed each). First ops= (default 2000) accesses the cell
 * may make: the xAPIC page (on an xAPIC host) and the x2APIC MSRs, the
 * IOAPIC page, configuration space by ports 0xCF8/0xCFC (every width and
 * offset) and by MMCONFIG (if the comm region names one), the registers
 * and MSI-X table of the ivshmem device at ivshmem=BDF, the MSI
 * capability of the device at msi=BDF, the ACPI PM timer port. Values
 * are random where the hypervisor must take any value and valid but
 * random where it checks them (an interrupt for this CPU only, a
 * redirection entry of the cell's pin=N). Then one access of the hostile
 * class hostile= (default: seed modulo their number), which must stop
 * the cell: if the cell is still running afterwards, FAILURE.
 *
 * The console shows the seed, "N accesses done" and the hostile class
 * before it is tried, so that a round can be replayed with the seed. To
 * narrow a finding down: trace=N prints every access made from the Nth
 * on (30 ms apart, for the console's rate limit), and
 * classes=MASK makes only the accesses of those classes (bit n: case n
 * of fuzz_allowed()) while drawing the others too, so that the accesses
 * made are the same as in the full run; min-vector=V raises the vectors
 * of LVT and self-IPI writes to at least V. Interrupts stay off: what
 * the fuzzing raises only pends.
 */
#include "isolation.h"
#include "fuzz.h"

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define NONE			(-1)
#define APIC_PAGE		0xfee00000UL
#define IOAPIC_PAGE		0xfec00000UL
/* Where the ivshmem BARs go: not RAM of this cell, not an emulated page. */
#define IVSHMEM_BAR0		0xfe000000UL
#define IVSHMEM_BAR1		0xfe001000UL
#define PAGE_BYTES		0x1000
#define CONF1_ADDR		0xcf8
#define CONF1_DATA		0xcfc
#define CONF1_ENABLE		0x80000000U
#define PM_TIMER_PORTS		4

/* xAPIC offsets; the x2APIC MSR is 0x800 + offset / 16. */
#define APIC_ICR_LO		0x300
#define APIC_ICR_HI		0x310
#define APIC_LVT_CMCI		0x2f0
#define APIC_LVT_FIRST		0x320
#define APIC_LVT_LAST		0x370
#define APIC_LVT_DELIVERY	0x700	/* fixed: 0 */
#define APIC_TMICT		0x380
/* 2^20 timer ticks: 1 ms at QEMU's 1 GHz with divide 1. */
#define APIC_TMICT_MIN		0x100000
#define APIC_ICR_SELF		(1U << 18)
#define X2APIC_MSR(off)		(0x800 + (off) / 16)
#define MIN_VECTOR		0x20

#define IOAPIC_SELECT		0x00
#define IOAPIC_WINDOW		0x10
#define IOAPIC_EOI		0x40
#define IOAPIC_RTE(pin)		(0x10 + 2 * (pin))
#define IOAPIC_PINS		24
#define RTE_MASKED		(1U << 16)
#define RTE_KEPT_LOW		(RTE_MASKED | 0xe000)	/* trigger, pol. */

#define MSI_CTRL_64BIT		0x80
#define MSI_ADDR		0xfee00000U
#define PCI_CAP_MSI		0x05
#define PCI_CAP_MSI_LEN		24U

const char test_name[] = "dev-fuzz";

static struct {
	struct fuzz_rng rng;
	bool x2apic;
	u32 apic_id;
	u64 mmcfg;
	u16 pm_timer;
	int ivshmem, msi_dev, pin;
	u8 msi_cap;
	u8 min_vector;
} fz;

static u32 rnd(u64 bound)
{
	return fuzz_below(&fz.rng, bound);
}

static u32 value32(void)
{
	return fuzz_value(&fz.rng, NULL, 0);
}

/* 1, 2 or 4 bytes. */
static unsigned int width(void)
{
	return 1U << rnd(3);
}

/* ---- access primitives, each traced from access trace= on ---- */

static unsigned long count, trace_from = ~0UL;
/* Off: the access is drawn (the sequence stays the seed's) but not made. */
static bool perform = true;

/* Return: whether to make the access. */
static bool trace(const char *kind, u64 where, unsigned int size, bool write,
		  u64 value)
{
	if (count++ < trace_from || !perform)
		return perform;
	/* Under the console's rate limit (2048 characters a second). */
	delay_us(30000);
	if (write)
		printk("%s: #%lu: %s 0x%llx/%u <- 0x%llx\n", test_name,
		       count - 1, kind, (unsigned long long)where, size,
		       (unsigned long long)value);
	else
		printk("%s: #%lu: %s 0x%llx/%u read\n", test_name, count - 1,
		       kind, (unsigned long long)where, size);
	return perform;
}

static u32 mmio_read(unsigned long addr, unsigned int size)
{
	if (!trace("mmio", addr, size, false, 0))
		return 0;
	if (size == 1)
		return *(volatile u8 *)addr;
	if (size == 2)
		return *(volatile u16 *)addr;
	return *(volatile u32 *)addr;
}

static void mmio_write(unsigned long addr, unsigned int size, u32 value)
{
	if (!trace("mmio", addr, size, true, value))
		return;
	if (size == 1)
		*(volatile u8 *)addr = value;
	else if (size == 2)
		*(volatile u16 *)addr = value;
	else
		*(volatile u32 *)addr = value;
}

static u32 pio_read(u16 port, unsigned int size)
{
	if (!trace("port", port, size, false, 0))
		return 0;
	return port_read(port, size);
}

static void pio_write(u16 port, unsigned int size, u32 value)
{
	if (trace("port", port, size, true, value))
		port_write(port, size, value);
}

static void msr_read(u32 msr)
{
	if (trace("msr", msr, 8, false, 0))
		read_msr(msr);
}

static void msr_write(u32 msr, u64 value)
{
	if (trace("msr", msr, 8, true, value))
		write_msr(msr, value);
}

/* By ports, as the inmate library does it. */
static void cfg_write(u16 bdf, unsigned int reg, u32 value, unsigned int size)
{
	if (trace("config", (u32)bdf << 12 | reg, size, true, value))
		pci_write_config(bdf, reg, value, size);
}

/* ---- the accesses a cell may make ---- */

/*
 * Fixed delivery to this CPU alone, a random vector; the other fields
 * clear (x2APIC: reserved bits are #GP, which fails the cell).
 */
static u32 icr_to_self(u32 value)
{
	value &= 0xff;
	if ((value & 0xff) < MIN_VECTOR)
		value |= MIN_VECTOR;
	return rnd(2) ? value | APIC_ICR_SELF : value;
}

/* min-vector=: a vector of an LVT or a self-IPI raised to it. */
static u32 vector_floor(u32 value)
{
	if ((value & 0xff) < fz.min_vector)
		value = (value & ~0xffU) | fz.min_vector;
	return value;
}

/*
 * The bits a register takes by the SDM (x2APIC: others are #GP, which
 * fails the cell), or all for a register without such rules. EOI and ESR
 * take 0; LVTs a vector, the mask, LINT's polarity and trigger, the
 * timer's periodic mode; delivery stays fixed.
 */
static u32 apic_valid_bits(unsigned int offset)
{
	switch (offset) {
	case 0x080:				/* TPR */
		return 0xff;
	case 0x0b0: case 0x280:			/* EOI, ESR */
		return 0;
	case 0x0f0:				/* SVR */
		return 0x3ff;
	case 0x320:				/* LVT timer */
		return 0x300ff;
	case 0x350: case 0x360:			/* LINT0, LINT1 */
		return 0x1a0ff;
	case APIC_LVT_CMCI: case 0x330: case 0x340: case 0x370:
		return 0x100ff;
	case 0x3e0:				/* TDCR */
		return 0xb;
	}
	return ~0U;
}

static u32 apic_value(unsigned int offset)
{
	u32 value = value32() & apic_valid_bits(offset);

	if (offset == APIC_LVT_CMCI ||
	    (offset >= APIC_LVT_FIRST && offset <= APIC_LVT_LAST))
		value = vector_floor(value & ~APIC_LVT_DELIVERY);
	/*
	 * QEMU's TCG runs an APIC timer at any rate: a period of a few ns
	 * starves the whole emulated machine (hardware only sets IRR).
	 */
	if (offset == APIC_TMICT)
		value |= APIC_TMICT_MIN;
	return offset == APIC_ICR_LO ? icr_to_self(value) : value;
}

/* A register offset, mostly a real one (16-byte steps below 0x400). */
static unsigned int apic_offset(void)
{
	return rnd(4) ? rnd(0x40) * 16 : rnd(PAGE_BYTES / 4) * 4;
}

static void fuzz_xapic(void)
{
	unsigned int offset = apic_offset();

	if (rnd(2)) {
		mmio_read(APIC_PAGE + offset, 4);
		return;
	}
	if (offset == APIC_ICR_LO)
		mmio_write(APIC_PAGE + APIC_ICR_HI, 4, fz.apic_id << 24);
	mmio_write(APIC_PAGE + offset, 4, apic_value(offset));
}

/* The x2APIC registers by the SDM (Table 10-6), per direction. */
static bool x2apic_valid(unsigned int reg, bool write)
{
	if (reg >= 0x10 && reg <= 0x27)		/* ISR, TMR, IRR */
		return !write;
	if (reg >= 0x32 && reg <= 0x38)		/* LVTs, initial count */
		return true;
	switch (reg) {
	case 0x02: case 0x03: case 0x0a: case 0x0d: case 0x39:
		return !write;
	case 0x0b: case 0x3f:
		return write;
	/* Not 0x2f, LVT CMCI: the CPU may have none (then #GP). */
	case 0x08: case 0x0f: case 0x28: case 0x30: case 0x3e:
		return true;
	}
	return false;
}

static void fuzz_x2apic(void)
{
	unsigned int reg = rnd(0x40), offset = reg * 16;
	bool write = rnd(2);
	u64 value;

	if (!x2apic_valid(reg, write))
		return;
	if (!write) {
		msr_read(X2APIC_MSR(offset));
		return;
	}
	value = apic_value(offset);
	if (offset == APIC_ICR_LO)
		value |= (u64)fz.apic_id << 32;
	else if (reg == 0x3f)
		value = vector_floor(value & 0xff);
	msr_write(X2APIC_MSR(offset), value);
}

/*
 * The cell's pin, unmasked only towards this CPU with a fixed vector. The
 * destination goes first: the hypervisor checks the entry as a whole,
 * and until the cell writes it, it is the root's.
 */
static void ioapic_rte_write(unsigned int index)
{
	u32 low = value32();

	mmio_write(IOAPIC_PAGE + IOAPIC_SELECT, 4, index | 1);
	mmio_write(IOAPIC_PAGE + IOAPIC_WINDOW, 4, fz.apic_id << 24);
	if (index & 1)
		return;
	low &= RTE_KEPT_LOW | 0xff;
	if ((low & 0xff) < MIN_VECTOR)
		low |= MIN_VECTOR;
	mmio_write(IOAPIC_PAGE + IOAPIC_SELECT, 4, index);
	mmio_write(IOAPIC_PAGE + IOAPIC_WINDOW, 4, low);
}

static void fuzz_ioapic(void)
{
	unsigned int index = rnd(4) ? rnd(IOAPIC_RTE(IOAPIC_PINS)) : rnd(256);
	unsigned int offset = rnd(PAGE_BYTES / 4) * 4;
	bool own = fz.pin != NONE && (index | 1) == (unsigned int)IOAPIC_RTE(fz.pin) + 1;

	switch (rnd(4)) {
	case 0:
		mmio_write(IOAPIC_PAGE + IOAPIC_SELECT, 4, index);
		if (own && rnd(2))
			ioapic_rte_write(index);
		else
			mmio_read(IOAPIC_PAGE + IOAPIC_WINDOW, 4);
		break;
	case 1:
		if (fz.pin != NONE)
			mmio_write(IOAPIC_PAGE + IOAPIC_EOI, 4, value32());
		break;
	case 2:
		mmio_read(IOAPIC_PAGE + offset, 4);
		break;
	default:
		/* Anything but select, window and EOI ignores writes. */
		if (offset != IOAPIC_SELECT && offset != IOAPIC_WINDOW &&
		    offset != IOAPIC_EOI)
			mmio_write(IOAPIC_PAGE + offset, 4, value32());
	}
}

/* A function to aim at: the cell's devices, the host bridge, any. */
static u16 target_bdf(void)
{
	switch (rnd(5)) {
	case 0:
		if (fz.ivshmem != NONE)
			return fz.ivshmem;
		break;
	case 1:
		if (fz.msi_dev != NONE)
			return fz.msi_dev;
		break;
	case 2:
		return 0;
	}
	return rnd(0x10000);
}

/* Writes to the MSI capability are the msi class's (valid messages). */
static bool cfg_write_ok(u16 bdf, unsigned int reg, unsigned int size)
{
	return fz.msi_dev == NONE || bdf != fz.msi_dev || !fz.msi_cap ||
	       reg + size <= fz.msi_cap ||
	       reg >= fz.msi_cap + PCI_CAP_MSI_LEN;
}

static void fuzz_conf1(void)
{
	unsigned int size = width(), offset = rnd(4) & ~(size - 1);
	u16 bdf = target_bdf();
	unsigned int reg = rnd(256);
	u32 addr = (rnd(8) ? CONF1_ENABLE : value32() & ~CONF1_ENABLE) |
		   (u32)bdf << 8 | reg;

	if (!rnd(16))
		pio_read(CONF1_ADDR, 4);
	pio_write(CONF1_ADDR, 4, addr);
	if (rnd(2) || !cfg_write_ok(bdf, (reg & 0xfc) + offset, size))
		pio_read(CONF1_DATA + offset, size);
	else
		pio_write(CONF1_DATA + offset, size, value32());
}

static void fuzz_mmcfg(void)
{
	unsigned int size = width(), reg = rnd(PAGE_BYTES) & ~(size - 1);
	u16 bdf = target_bdf();
	unsigned long addr = fz.mmcfg + ((unsigned long)bdf << 12) + reg;

	if (rnd(2) || !cfg_write_ok(bdf, reg, size))
		mmio_read(addr, size);
	else
		mmio_write(addr, size, value32());
}

/* Its BARs put back where this inmate expects them, then any access. */
static void fuzz_ivshmem(void)
{
	unsigned int size = width();
	unsigned long addr = rnd(2) ? IVSHMEM_BAR0 : IVSHMEM_BAR1;

	cfg_write(fz.ivshmem, PCI_REG_BAR(0), IVSHMEM_BAR0, 4);
	cfg_write(fz.ivshmem, PCI_REG_BAR(1), IVSHMEM_BAR1, 4);
	cfg_write(fz.ivshmem, PCI_REG_COMMAND, PCI_CMD_MEMORY, 2);
	addr += (rnd(4) ? rnd(0x40) : rnd(PAGE_BYTES)) & ~(size - 1);
	if (rnd(2))
		mmio_read(addr, size);
	else
		mmio_write(addr, size, value32());
}

/* A message to this CPU, fixed delivery, any vector from 0x20. */
static void fuzz_msi(void)
{
	u16 bdf = fz.msi_dev;
	u8 cap = fz.msi_cap;
	u16 ctrl = pci_read_config(bdf, cap + 2, 2);
	unsigned int data = ctrl & MSI_CTRL_64BIT ? cap + 12 : cap + 8;

	cfg_write(bdf, cap + 4, MSI_ADDR | fz.apic_id << 12, 4);
	if (ctrl & MSI_CTRL_64BIT)
		cfg_write(bdf, cap + 8, 0, 4);
	cfg_write(bdf, data, MIN_VECTOR + rnd(0x100 - MIN_VECTOR), 2);
	cfg_write(bdf, cap + 2, value32(), 2);
}

static void fuzz_pm_timer(void)
{
	unsigned int size = width();
	u16 port = fz.pm_timer + (rnd(PM_TIMER_PORTS) & ~(size - 1));

	if (rnd(4))
		pio_read(port, size);
	else
		pio_write(port, size, value32());
}

static void fuzz_allowed(unsigned long classes)
{
	unsigned int class = rnd(8);

	perform = classes & (1UL << class);
	switch (class) {
	case 0:
		if (!fz.x2apic)
			fuzz_xapic();
		break;
	case 1:
		fuzz_x2apic();
		break;
	case 2:
		fuzz_ioapic();
		break;
	case 3:
		fuzz_conf1();
		break;
	case 4:
		if (fz.mmcfg)
			fuzz_mmcfg();
		break;
	case 5:
		if (fz.ivshmem != NONE)
			fuzz_ivshmem();
		break;
	case 6:
		if (fz.msi_dev != NONE && fz.msi_cap)
			fuzz_msi();
		break;
	default:
		if (fz.pm_timer)
			fuzz_pm_timer();
	}
}

/* ---- the hostile classes: each must stop the cell ---- */

/* Ports no cell is given; some reset the machine if they go through. */
static void hostile_port(void)
{
	static const u16 ports[] = { 0x64, 0xcf9, 0x92, 0x3f8, 0x20, 0x80 };
	static const u8 values[] = { 0xfe, 0x0e, 0x01, 'X', 0xff, 0x00 };
	unsigned int n = rnd(ARRAY_SIZE(ports));

	pio_write(ports[n], 1, values[n]);
}

/* APIC base, MTRR default type, reserved x2APIC, SMI count, none. */
static void hostile_msr(void)
{
	static const u32 msrs[] = {
		MSR_IA32_APIC_BASE, 0x2ff, 0x801, 0x34, 0x12345678,
	};

	msr_write(msrs[rnd(ARRAY_SIZE(msrs))], ~0ULL);
}

/* The hypervisor, the root's RAM (a sentinel there), the IOMMU, HPET. */
static void hostile_memory(void)
{
	static const unsigned long addrs[] = {
		0x3b000000, 0x3c200000, 0x1000000, 0xfed90000, 0xfed00000,
	};

	mmio_write(addrs[rnd(ARRAY_SIZE(addrs))], 4, 0xdeadbeef);
}

/* An NMI to CPU 0, which is the root cell's. */
static void hostile_ipi(void)
{
	if (fz.x2apic || rnd(2)) {
		msr_write(X2APIC_MSR(APIC_ICR_LO), APIC_ICR_NMI);
		return;
	}
	mmio_write(APIC_PAGE + APIC_ICR_HI, 4, 0);
	mmio_write(APIC_PAGE + APIC_ICR_LO, 4, APIC_ICR_NMI);
}

/*
 * An unmasked redirection entry of a pin that is not the cell's (a masked
 * one is dropped as harmless: Linux masks every pin at boot).
 */
static void hostile_pin(void)
{
	unsigned int pin = rnd(IOAPIC_PINS);

	if ((int)pin == fz.pin)
		pin = (pin + 1) % IOAPIC_PINS;
	mmio_write(IOAPIC_PAGE + IOAPIC_SELECT, 4, IOAPIC_RTE(pin));
	mmio_write(IOAPIC_PAGE + IOAPIC_WINDOW, 4, 0x40);
}

/* 8 bytes at once: no emulated register is that wide. */
static void hostile_wide(void)
{
	unsigned long addr = rnd(2) ? IOAPIC_PAGE + IOAPIC_WINDOW :
			     fz.mmcfg ? fz.mmcfg : APIC_PAGE + 0x80;

	asm volatile("movq %0, (%1)" : : "r" (~0UL), "r" (addr) : "memory");
}

/* 4 bytes across a register boundary. */
static void hostile_unaligned(void)
{
	unsigned long addr = rnd(2) ? IOAPIC_PAGE + IOAPIC_WINDOW + 2 :
			     fz.mmcfg ? fz.mmcfg + 2 : APIC_PAGE + 0x82;

	mmio_read(addr, 4);
}

/* A message to CPU 0, or, without a device with MSI, the x2APIC's ICR. */
static void hostile_msi(void)
{
	if (fz.msi_dev == NONE || !fz.msi_cap) {
		msr_write(X2APIC_MSR(APIC_ICR_LO), MIN_VECTOR);
		return;
	}
	cfg_write(fz.msi_dev, fz.msi_cap + 4, MSI_ADDR, 4);
	cfg_write(fz.msi_dev, fz.msi_cap + 2, 1, 2);
}

/* The configuration address port at another width than 4. */
static void hostile_conf1_width(void)
{
	if (rnd(2))
		pio_write(CONF1_ADDR, 1, 0);
	else
		pio_read(CONF1_ADDR + 2, 2);
}

/* The APIC page at another width than 4 (or at all, in x2APIC mode). */
static void hostile_apic_width(void)
{
	mmio_read(APIC_PAGE + 0x20, 1 + rnd(2));
}

static const struct {
	const char *name;
	void (*run)(void);
} hostile[] = {
	{ "port outside the grants", hostile_port },
	{ "MSR outside the grants", hostile_msr },
	{ "memory outside the cell", hostile_memory },
	{ "NMI to a root CPU", hostile_ipi },
	{ "IOAPIC pin of the root", hostile_pin },
	{ "8-byte MMIO", hostile_wide },
	{ "unaligned MMIO", hostile_unaligned },
	{ "interrupt message to a root CPU", hostile_msi },
	{ "config address port at a width other than 4", hostile_conf1_width },
	{ "APIC page at a width other than 4", hostile_apic_width },
};

/* ---- main ---- */

static void setup(__u64 seed)
{
	fuzz_seed(&fz.rng, seed);
	fz.x2apic = read_msr(MSR_IA32_APIC_BASE) & APIC_BASE_X2APIC;
	fz.apic_id = apic_id();
	fz.mmcfg = comm_region->pci_mmconfig_base;
	fz.pm_timer = comm_region->pm_timer_address;
	fz.ivshmem = cmdline_parse_int(cmdline, "ivshmem", NONE);
	fz.msi_dev = cmdline_parse_int(cmdline, "msi", NONE);
	fz.pin = cmdline_parse_int(cmdline, "pin", NONE);
	fz.min_vector = cmdline_parse_int(cmdline, "min-vector", 0);
	if (fz.msi_dev != NONE && pci_find_cap(fz.msi_dev, PCI_CAP_MSI) > 0)
		fz.msi_cap = pci_find_cap(fz.msi_dev, PCI_CAP_MSI);
}

void inmate_main(void)
{
	__u64 seed = cmdline_parse_int(cmdline, "seed", 1);
	unsigned long ops = cmdline_parse_int(cmdline, "ops", 2000), i;
	unsigned long classes = cmdline_parse_int(cmdline, "classes", 0xff);
	unsigned int h = cmdline_parse_int(cmdline, "hostile",
					   seed % ARRAY_SIZE(hostile));

	trace_from = cmdline_parse_int(cmdline, "trace", ~0UL);
	irq_disable();
	apic_init();
	setup(seed);
	printk("%s: seed %llu, %lu accesses, %s APIC %u, MMCONFIG 0x%llx, "
	       "PM timer 0x%x, ivshmem %d, msi %d (cap 0x%x), pin %d\n",
	       test_name, (unsigned long long)seed, ops,
	       fz.x2apic ? "x2APIC" : "xAPIC", fz.apic_id,
	       (unsigned long long)fz.mmcfg, fz.pm_timer, fz.ivshmem,
	       fz.msi_dev, fz.msi_cap, fz.pin);
	for (i = 0; i < ops; i++)
		fuzz_allowed(classes);
	printk("%s: seed %llu: %lu accesses done\n", test_name,
	       (unsigned long long)seed, ops);
	h %= ARRAY_SIZE(hostile);
	perform = true;
	test_attempt("seed %llu: hostile class %u: %s",
		     (unsigned long long)seed, h, hostile[h].name);
	hostile[h].run();
	test_report(TEST_FAILURE, "hostile class %u went through", h);
	test_park();
}
