// SPDX-License-Identifier: GPL-2.0
/*
 * linux-loader: the first thing a Linux cell runs (docs/linux-cells.md).
 *
 * The loader module has already laid out the boot (linux-boot.h): the
 * zero page, command line and Jailhouse setup_data it built from the
 * verified bzImage and the cell descriptor, the kernel at code32_start.
 * What it cannot know is what only the hypervisor knows and puts in the
 * comm region: the PM timer port, MMCONFIG base, TSC and APIC timer
 * frequencies. This inmate copies those into the setup_data, checks what
 * it is about to jump into, and enters the kernel by the 64-bit boot
 * protocol (Documentation/x86/boot.rst) from the library's long mode and
 * identity map of 0-4 GiB. The library parked the other CPUs; Linux
 * starts them itself with INIT and SIPI.
 *
 * Linked at 0 like every inmate, it must end below the zero page
 * (linux-loader.lds makes the link fail otherwise).
 */
#include <stddef.h>

#include <inmate.h>

#include <jailhouse/linux-boot.h>

/* struct boot_params offsets (Linux's asm/bootparam.h). */
#define BOOT_HDR_MAGIC		0x202	/* hdr.header: "HdrS" */
#define BOOT_HDR_SETUP_DATA	0x250	/* hdr.setup_data: list head */

#define BOOT_PARAMS		((u8 *)JAILHOUSE_LINUX_PARAMS_ADDR)
#define SETUP_DATA \
	((struct jailhouse_linux_setup_data *)JAILHOUSE_LINUX_SETUP_ADDR)

/* The setup_data's len: everything after next, type and len. */
#define SETUP_DATA_LEN \
	(sizeof(struct jailhouse_linux_setup_data) - \
	 offsetof(struct jailhouse_linux_setup_data, version))

/* linux-entry.S: GDT of the boot protocol, %rsi = params, jump. */
void __attribute__((noreturn)) linux_enter(u64 entry, u64 params);

static u32 read32(u64 addr)
{
	return *(volatile u32 *)addr;
}

static u64 read64(u64 addr)
{
	return *(volatile u64 *)addr;
}

/* Why the boot the loader module laid out cannot run, or NULL. */
static const char *check_boot(const struct jailhouse_linux_setup_data *sd,
			      u32 kernel)
{
	if (memcmp(BOOT_PARAMS + BOOT_HDR_MAGIC, "HdrS", 4))
		return "zero page at 0x20000 has no \"HdrS\" setup header";
	if (read64((u64)BOOT_PARAMS + BOOT_HDR_SETUP_DATA) !=
	    JAILHOUSE_LINUX_SETUP_ADDR)
		return "zero page's setup_data does not point to 0x22000";
	if (sd->type != JAILHOUSE_SETUP_TYPE)
		return "setup_data at 0x22000: type is not SETUP_JAILHOUSE";
	if (sd->version != JAILHOUSE_SETUP_VERSION ||
	    sd->compatible_version != JAILHOUSE_SETUP_COMPATIBLE)
		return "setup_data at 0x22000: not version 2 (compatible 1)";
	if (sd->len != SETUP_DATA_LEN)
		return "setup_data at 0x22000: wrong len";
	if (sd->num_cpus == 0 || sd->num_cpus > JAILHOUSE_SETUP_MAX_CPUS)
		return "setup_data at 0x22000: no CPUs or too many";
	if (kernel < JAILHOUSE_LINUX_KERNEL_MIN)
		return "code32_start below 0x200000: no kernel loaded";
	return NULL;
}

/*
 * The hypervisor's values. Linux in a cell has no PIT or HPET to
 * calibrate against, so it takes both frequencies from here.
 */
static const char *fill_clocks(struct jailhouse_linux_setup_data *sd)
{
	const struct jailhouse_comm_region *comm = comm_region;

	if (!comm->tsc_khz || !comm->apic_khz)
		return "comm region gives no TSC or APIC timer frequency";
	sd->pm_timer_address = comm->pm_timer_address;
	sd->pci_mmconfig_base = comm->pci_mmconfig_base;
	sd->tsc_khz = comm->tsc_khz;
	sd->apic_khz = comm->apic_khz;
	return NULL;
}

void inmate_main(void)
{
	struct jailhouse_linux_setup_data *sd = SETUP_DATA;
	u32 kernel = read32((u64)BOOT_PARAMS + JAILHOUSE_LINUX_CODE32_START);
	const char *why;

	why = check_boot(sd, kernel);
	if (!why)
		why = fill_clocks(sd);
	if (why) {
		printk("linux-loader: %s; not booting\n", why);
		comm_region->cell_state = JAILHOUSE_CELL_FAILED;
		return;
	}
	printk("linux-loader: kernel at 0x%x, %u CPUs\n", kernel,
	       sd->num_cpus);
	linux_enter(kernel + JAILHOUSE_LINUX_ENTRY64,
		    JAILHOUSE_LINUX_PARAMS_ADDR);
}
