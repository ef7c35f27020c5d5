// SPDX-License-Identifier: GPL-2.0
/*
 * JAILHOUSE_CELL_LOAD_LINUX (docs/linux-cells.md): a Linux boot in a cell.
 *
 * Every file is verified as an inmate image signed for the cell (the
 * command line may be an unsigned string instead, if the cell's class
 * takes such strings). The loader then lays the boot out itself from the
 * verified bzImage and the cell's descriptor (lib/linux-boot.c), builds
 * the three boot pages, measures them, and only then stops the cell and
 * has the hypervisor copy loader, boot pages, kernel and initramfs in:
 * every refusal comes before anything in the cell changes.
 */
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>

#include "cell.h"
#include "enable.h"
#include "linux-boot.h"

#define linux_err(ld, fmt, ...) \
	pr_err("jailhouse: cell '%s': linux: " fmt "\n", \
	       jailhouse_cell_desc((ld)->cell)->name, ##__VA_ARGS__)

/* One JAILHOUSE_CELL_LOAD_LINUX, from its files to the copies. */
struct linux_load {
	/* The hypercall's argument, by phys: first, inside one page. */
	struct jailhouse_load_chunk chunk;
	struct cell *cell;
	const struct jailhouse_cell_linux_args *args;
	struct jailhouse_verified loader, kernel, initrd, cmdline;
	struct jailhouse_bzimage bz;
	struct jailhouse_linux_input in;
	struct jailhouse_linux_layout layout;
	u32 apic_ids[JAILHOUSE_SETUP_MAX_CPUS];
	/* The three boot pages, copied by phys like the files. */
	u8 boot[JAILHOUSE_LINUX_BOOT_SIZE];
};

/* A signed image for the cell; @what names it in the refusal. */
static int read_image(struct linux_load *ld, int fd, const char *what,
		      struct jailhouse_verified *v)
{
	int err = jailhouse_cell_verify_inmate(ld->cell, fd, v);

	if (err)
		linux_err(ld, "%s: not accepted (%d)", what, err);
	return err;
}

static int read_cmdline(struct linux_load *ld)
{
	int fd = ld->args->cmdline_fd, err;

	if (!(ld->args->flags & JAILHOUSE_LINUX_CMDLINE_UNSIGNED))
		return read_image(ld, fd, "command line", &ld->cmdline);
	err = jailhouse_cell_read_string(ld->cell, fd, &ld->cmdline);
	if (err)
		linux_err(ld, "command line: unsigned string not accepted "
			  "(%d)", err);
	return err;
}

/* Loader and kernel always; initramfs and command line if given. */
static int read_files(struct linux_load *ld)
{
	const struct jailhouse_cell_linux_args *args = ld->args;
	int err;

	err = read_image(ld, args->loader_fd, "loader", &ld->loader) ?:
	      read_image(ld, args->kernel_fd, "kernel", &ld->kernel);
	if (!err && args->initrd_fd >= 0)
		err = read_image(ld, args->initrd_fd, "initramfs",
				 &ld->initrd);
	if (!err && args->cmdline_fd >= 0)
		err = read_cmdline(ld);
	return err;
}

/* The APIC ids of the cell's CPUs; more than fit, the builder refuses. */
static unsigned int collect_apic_ids(struct linux_load *ld)
{
	const struct jailhouse_cell_desc *desc = jailhouse_cell_desc(ld->cell);
	unsigned int cpu, bits = desc->cpu_set_size * 8, num = 0;

	for (cpu = 0; cpu < bits && cpu < nr_cpu_ids; cpu++) {
		if (!jailhouse_cell_has_cpu(desc, cpu))
			continue;
		if (num < JAILHOUSE_SETUP_MAX_CPUS)
			ld->apic_ids[num] = cpu_physical_id(cpu);
		num++;
	}
	return num;
}

/* Parse the kernel, lay the boot out and build the boot pages. */
static int plan(struct linux_load *ld)
{
	struct jailhouse_linux_input *in = &ld->in;
	struct jailhouse_linux_error e;
	int err;

	err = jailhouse_bzimage_parse(ld->kernel.payload,
				      ld->kernel.payload_size, &ld->bz, &e);
	if (err)
		goto refused;
	in->cell = jailhouse_cell_desc(ld->cell);
	in->platform = &jailhouse_system_config()->platform;
	in->loader_size = ld->loader.payload_size;
	in->kernel = &ld->bz;
	in->initrd_size = ld->initrd.payload_size;
	in->cmdline = ld->cmdline.payload;
	in->cmdline_len = ld->cmdline.payload_size;
	in->apic_ids = ld->apic_ids;
	in->num_cpus = collect_apic_ids(ld);
	err = jailhouse_linux_layout(in, &ld->layout, &e) ?:
	      jailhouse_linux_build(in, &ld->layout, ld->boot, &e);
	if (!err)
		return 0;
refused:
	linux_err(ld, "%s: %s", e.field, e.reason);
	return err;
}

/*
 * What the cell gets unsigned goes into the log: an unsigned command
 * line as such, and the boot pages built from it and the verified parts.
 */
static int measure(struct linux_load *ld)
{
	int err = 0;

	if (ld->args->flags & JAILHOUSE_LINUX_CMDLINE_UNSIGNED)
		err = jailhouse_cell_measure_string(ld->cell,
				JAILHOUSE_LINUX_CMDLINE_ADDR,
				ld->cmdline.payload, ld->cmdline.payload_size);
	if (!err)
		err = jailhouse_cell_measure_string(ld->cell,
				JAILHOUSE_LINUX_PARAMS_ADDR, ld->boot,
				sizeof(ld->boot));
	if (err)
		linux_err(ld, "measurement log: full or out of memory (%d)",
			  err);
	return err;
}

static int copy(struct linux_load *ld, u64 address, const void *data,
		size_t size)
{
	return jailhouse_cell_copy(ld->cell, address, data, size, &ld->chunk);
}

/* Stop the cell and copy everything in; the cell is loaded after. */
static int apply(struct linux_load *ld)
{
	int err;

	err = jailhouse_cell_stop_for_load(ld->cell) ?:
	      copy(ld, 0, ld->loader.payload, ld->loader.payload_size) ?:
	      copy(ld, JAILHOUSE_LINUX_PARAMS_ADDR, ld->boot,
		   sizeof(ld->boot)) ?:
	      copy(ld, ld->layout.kernel, ld->bz.payload,
		   ld->bz.payload_size);
	if (!err && ld->initrd.payload_size)
		err = copy(ld, ld->layout.initrd, ld->initrd.payload,
			   ld->initrd.payload_size);
	if (err)
		return err;
	jailhouse_cell_set_loaded(ld->cell);
	pr_info("jailhouse: cell '%s': linux: kernel at %#llx (%zu bytes), "
		"initramfs at %#llx (%zu bytes), %u CPU(s)\n",
		jailhouse_cell_desc(ld->cell)->name, ld->layout.kernel,
		ld->bz.payload_size, ld->layout.initrd,
		ld->initrd.payload_size, ld->in.num_cpus);
	return 0;
}

static long load_linux(struct cell *cell,
		       const struct jailhouse_cell_linux_args *args)
{
	struct linux_load *ld;
	long err;

	/* kmalloc'd: the boot pages and the chunk are passed by phys. */
	ld = kzalloc(sizeof(*ld), GFP_KERNEL);
	if (!ld)
		return -ENOMEM;
	ld->cell = cell;
	ld->args = args;
	err = read_files(ld) ?: plan(ld) ?: measure(ld) ?: apply(ld);
	jailhouse_verified_release(&ld->cmdline);
	jailhouse_verified_release(&ld->initrd);
	jailhouse_verified_release(&ld->kernel);
	jailhouse_verified_release(&ld->loader);
	kfree(ld);
	return err;
}

static bool args_valid(const struct jailhouse_cell_linux_args *args)
{
	if ((args->flags & ~JAILHOUSE_LINUX_CMDLINE_UNSIGNED) || args->reserved)
		pr_err("jailhouse: cell linux: flags %#x or reserved %#x: "
		       "unknown bits\n", args->flags, args->reserved);
	else if (args->loader_fd < 0 || args->kernel_fd < 0)
		pr_err("jailhouse: cell linux: loader and kernel are "
		       "required\n");
	else if (args->cmdline_fd < 0 &&
		 (args->flags & JAILHOUSE_LINUX_CMDLINE_UNSIGNED))
		pr_err("jailhouse: cell linux: command line: unsigned, but "
		       "none given\n");
	else
		return true;
	return false;
}

long jailhouse_cmd_cell_load_linux(struct jailhouse_cell_linux_args __user *arg)
{
	struct jailhouse_cell_linux_args args;
	struct cell *cell;
	long err;

	if (copy_from_user(&args, arg, sizeof(args)))
		return -EFAULT;
	if (!args_valid(&args))
		return -EINVAL;
	mutex_lock(&jailhouse_lock);
	err = jailhouse_cell_lookup(&args.cell, &cell);
	if (!err)
		err = load_linux(cell, &args);
	mutex_unlock(&jailhouse_lock);
	return err;
}
