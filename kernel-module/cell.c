// SPDX-License-Identifier: GPL-2.0
/*
 * The cell lifecycle on the loader's side (docs/cells.md).
 *
 * Create verifies the signed descriptor, checks it against the running
 * system config and every existing cell with the shared rules, asks the
 * active policy, takes the cell's CPUs from Linux (CPU hotplug) and hands
 * a physically contiguous copy to the hypervisor (CELL_CREATE). Load,
 * start, shutdown and destroy are hypercalls on the cell's id; load also
 * has the hypervisor copy verified inmate images from the loader's own
 * buffers into the cell's loadable regions (CELL_LOAD).
 *
 * The list of cells lives under jailhouse_lock, like everything that
 * needs the hypervisor.
 */
#include <linux/cpu.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/ioport.h>
#include <linux/kernel_read_file.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <asm/e820/api.h>

#include <jailhouse/cell-config.h>
#include <jailhouse/comm-region.h>
#include <jailhouse/signature.h>

#include "cell.h"
#include "config.h"
#include "config_rules.h"
#include "enable.h"
#include "hypercall.h"
#include "loadable.h"
#include "measure.h"
#include "policy.h"
#include "verify.h"

/* Images one JAILHOUSE_CELL_LOAD takes; each is read whole to verify. */
#define MAX_LOAD_IMAGES		8

static_assert(JAILHOUSE_CELL_INFO_CPU_BYTES == JAILHOUSE_MAX_CPU_SET_SIZE);

struct cell {
	struct list_head entry;
	/* The hypervisor's id, from CELL_CREATE. */
	unsigned int id;
	/* CPUs this loader took offline for the cell. */
	struct cpumask offlined;
	/* Verified and validated copy, kmalloc'd: physically contiguous. */
	struct jailhouse_cell_desc *desc;
	/*
	 * Its last load completed: its loadable memory holds the images
	 * verified then (and what the cell wrote since). Before a first
	 * load, and after one that failed on the way, it holds what the
	 * root cell left there or a part of a load: start is refused.
	 */
	bool loaded;
};

/* One image of a JAILHOUSE_CELL_LOAD, verified, with its destination. */
struct load_image {
	struct jailhouse_verified v;
	u64 address;
	bool string;		/* unsigned: JAILHOUSE_LOAD_STRING */
};

static LIST_HEAD(cells);
static unsigned int num_cells;

#define cell_err(name, fmt, ...) \
	pr_err("jailhouse: cell '%s': " fmt "\n", name, ##__VA_ARGS__)

bool jailhouse_cells_present(void)
{
	return num_cells != 0;
}

static struct cell *find_cell(const char *name)
{
	struct cell *cell;

	list_for_each_entry(cell, &cells, entry)
		if (strcmp(cell->desc->name, name) == 0)
			return cell;
	return NULL;
}

int jailhouse_cell_lookup(const struct jailhouse_cell_id *id,
			  struct cell **out)
{
	const char *why;

	if (!jailhouse_is_enabled())
		return -ENODEV;
	why = jailhouse_cell_name_problem(id->name);
	if (why) {
		pr_err("jailhouse: cell name: %s\n", why);
		return -EINVAL;
	}
	*out = find_cell(id->name);
	if (!*out) {
		cell_err(id->name, "name: no such cell");
		return -ENOENT;
	}
	return 0;
}

const struct jailhouse_cell_desc *jailhouse_cell_desc(const struct cell *cell)
{
	return cell->desc;
}

/* A hypercall on the cell's id; a refusal is logged. */
static long cell_call(struct cell *cell, unsigned long code,
		      const char *what)
{
	long ret = jailhouse_call(code, cell->id, 0);

	if (ret == -EPERM && code == JAILHOUSE_HC_CELL_SET_LOADABLE)
		cell_err(cell->desc->name, "%s: the cell denied the shutdown "
			 "request and keeps running", what);
	else if (ret == -ENOTRECOVERABLE)
		cell_err(cell->desc->name, "%s: the cell failed; only destroy "
			 "is possible", what);
	else if (ret < 0)
		cell_err(cell->desc->name, "%s: refused by the hypervisor "
			 "(%ld)", what, ret);
	return ret < 0 ? ret : 0;
}

/* ---- create ---- */

static void report_violation(struct jailhouse_checker *chk,
			     const struct jailhouse_violation *v)
{
	const char *what = v->item ?: "cell";
	char item[48];

	/* One line per refusal: the first violation names the cause. */
	if (chk->violations > 1)
		return;
	if (v->index == JAILHOUSE_VIOLATION_NO_INDEX)
		snprintf(item, sizeof(item), "%s", what);
	else
		snprintf(item, sizeof(item), "%s %u", what, v->index);
	cell_err(v->cell ? v->cell->name : "?", "%s: %s (%#llx)%s%s%s", item,
		 jailhouse_rule_text(v->rule), v->value,
		 v->other ? ", as cell '" : "",
		 v->other ? v->other->name : "", v->other ? "'" : "");
}

/* The shared rules: the new cell against the system and every cell. */
static int check_rules(const struct jailhouse_cell_desc *desc)
{
	struct jailhouse_checker chk = {
		.sys = jailhouse_system_config(),
		.report = report_violation,
	};
	const struct jailhouse_cell_desc **all;
	struct cell *cell;
	unsigned int n = 0;

	all = kmalloc_array(num_cells + 1, sizeof(*all), GFP_KERNEL);
	if (!all)
		return -ENOMEM;
	list_for_each_entry(cell, &cells, entry)
		all[n++] = cell->desc;
	all[n++] = desc;
	jailhouse_check_all(&chk, all, n);
	kfree(all);
	return chk.violations ? -EINVAL : 0;
}

/* The descriptor itself, and that its signature was made for it. */
static int check_desc(const struct jailhouse_cell_desc *desc, size_t size,
		      const struct jailhouse_verified *v)
{
	struct jailhouse_config_error err;

	if (jailhouse_cell_validate(desc, size, &err)) {
		if (err.indexed)
			cell_err(v->name, "descriptor: %s %u: %s", err.item,
				 err.index, err.reason);
		else
			cell_err(v->name, "descriptor: %s: %s", err.item,
				 err.reason);
		return -EINVAL;
	}
	if (strncmp(desc->name, v->name, sizeof(desc->name)) == 0)
		return 0;
	if (v->verified) {
		cell_err(desc->name, "name: the descriptor is signed for "
			 "cell '%s'", v->name);
		return -EXDEV;
	}
	cell_err(desc->name, "name: signed for '%s'; ACCEPTED "
		 "(sig_enforce=0)", v->name);
	return 0;
}

/* Every CPU of the cell is online in Linux, and Linux keeps one. */
static int check_linux_cpus(const struct jailhouse_cell_desc *desc)
{
	unsigned int cpu, bits = desc->cpu_set_size * 8, taken = 0;

	for (cpu = 0; cpu < bits; cpu++) {
		if (!jailhouse_cell_has_cpu(desc, cpu))
			continue;
		if (cpu >= nr_cpu_ids || !cpu_online(cpu)) {
			cell_err(desc->name, "CPU %u: not online in Linux",
				 cpu);
			return -EINVAL;
		}
		taken++;
	}
	if (taken >= num_online_cpus()) {
		cell_err(desc->name, "CPU set: would leave Linux no CPU");
		return -EINVAL;
	}
	return 0;
}

/* Firmware memory types a cell's RAM must never touch. */
static const enum e820_type not_ram[] = {
	E820_TYPE_RESERVED, E820_TYPE_ACPI, E820_TYPE_NVS,
	E820_TYPE_UNUSABLE, E820_TYPE_PMEM, E820_TYPE_PRAM,
	E820_TYPE_SOFT_RESERVED,
};

/*
 * A RAM region (neither I/O nor comm region) must be RAM in the
 * firmware's own map, before memmap= reserved it: never ACPI tables or
 * NVS, never firmware-reserved ranges, and not only a hole.
 */
static bool firmware_ram(const struct jailhouse_memory *mem)
{
	u64 end = mem->phys_start + mem->size;
	unsigned int n;

	if (mem->flags & (JAILHOUSE_MEM_IO | JAILHOUSE_MEM_COMM_REGION))
		return true;
	for (n = 0; n < ARRAY_SIZE(not_ram); n++)
		if (e820__mapped_raw_any(mem->phys_start, end, not_ram[n]))
			return false;
	return e820__mapped_raw_any(mem->phys_start, end, E820_TYPE_RAM);
}

/*
 * No region may be memory Linux uses: the cell would take it away. RAM
 * regions must be RAM the root can spare, never firmware's.
 */
static int check_linux_ram(const struct jailhouse_cell_desc *desc)
{
	const struct jailhouse_memory *mem = jailhouse_cell_mem_regions(desc);
	unsigned int n;

	for (n = 0; n < desc->num_memory_regions; n++) {
		if ((mem[n].flags & JAILHOUSE_MEM_COMM_REGION) ||
		    !mem[n].size)
			continue;
		if (!firmware_ram(&mem[n])) {
			cell_err(desc->name, "memory region %u: %s (%#llx)", n,
				 jailhouse_rule_text(JH_RULE_FIRMWARE_RAM),
				 mem[n].phys_start);
			return -EINVAL;
		}
		if (region_intersects(mem[n].phys_start, mem[n].size,
				      IORESOURCE_SYSTEM_RAM, IORES_DESC_NONE) !=
		    REGION_DISJOINT) {
			cell_err(desc->name, "memory region %u: %#llx is "
				 "Linux's RAM; reserve it (memmap=)", n,
				 mem[n].phys_start);
			return -EBUSY;
		}
	}
	return 0;
}

/* Each PCI device is there, with the class the descriptor claims. */
static int check_pci_devices(const struct jailhouse_cell_desc *desc)
{
	const struct jailhouse_pci_device *dev =
		jailhouse_cell_pci_devices(desc);
	struct pci_dev *pdev;
	unsigned int n;
	u32 class;

	for (n = 0; n < desc->num_pci_devices; n++) {
		/* Virtual: the hypervisor's to emulate, not the bus's. */
		if (dev[n].type == JAILHOUSE_PCI_TYPE_IVSHMEM)
			continue;
		pdev = pci_get_domain_bus_and_slot(dev[n].domain,
						   dev[n].bdf >> 8,
						   dev[n].bdf & 0xff);
		class = pdev ? pdev->class : 0;
		pci_dev_put(pdev);
		if (!pdev || class != dev[n].class_code) {
			cell_err(desc->name, "PCI device %u: %04x:%02x:%02x.%u "
				 "%s (class %#08x, the descriptor says %#08x)",
				 n, dev[n].domain, dev[n].bdf >> 8,
				 (dev[n].bdf >> 3) & 0x1f, dev[n].bdf & 7,
				 pdev ? "differs from the hardware" :
				 "not present", class, dev[n].class_code);
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * The IOAPIC pin behind Linux IRQ @irq, if an IOAPIC delivers it: x86
 * names each IOAPIC's interrupt domain "IO-APIC-<APIC id>" and numbers
 * its interrupts by pin. Return: whether it is an IOAPIC pin.
 */
static bool linux_irq_pin(unsigned int irq, unsigned int *ioapic_id,
			  unsigned int *pin)
{
	struct irq_data *d;

	for (d = irq_get_irq_data(irq); d; d = d->parent_data) {
		if (d->domain && d->domain->name &&
		    sscanf(d->domain->name, "IO-APIC-%u", ioapic_id) == 1) {
			*pin = d->hwirq;
			return true;
		}
	}
	return false;
}

static bool cell_has_pin(const struct jailhouse_cell_desc *desc,
			 unsigned int ioapic_id, unsigned int pin)
{
	const struct jailhouse_irqchip *chip = jailhouse_cell_irqchips(desc);
	unsigned int n;

	if (pin >= JAILHOUSE_IOAPIC_PINS)
		return false;
	for (n = 0; n < desc->num_irqchips; n++)
		if (chip[n].ioapic_id == ioapic_id &&
		    chip[n].pin_bitmap[pin / 32] & (1U << (pin % 32)))
			return true;
	return false;
}

/*
 * No IOAPIC pin of the cell may carry an interrupt a Linux driver has
 * requested: the device would go silent in the root, and the cell would
 * get a root device's interrupts. Unbind the driver first, or give the
 * cell a policy class with root-irqs (Jailhouse's ioapic-demo takes the
 * ACPI SCI from Linux by design); the hypervisor restores the root's
 * entry at destroy either way.
 */
static int check_linux_irqs(const struct jailhouse_cell_desc *desc)
{
	unsigned int irq, ioapic_id, pin;

	for (irq = 0; irq < nr_irqs; irq++) {
		if (!irq_has_action(irq) ||
		    !linux_irq_pin(irq, &ioapic_id, &pin) ||
		    !cell_has_pin(desc, ioapic_id, pin))
			continue;
		if (jailhouse_policy_allows_root_irqs(desc->name)) {
			cell_err(desc->name, "IOAPIC %u pin %u: taken from "
				 "Linux's IRQ %u (the policy class allows "
				 "root-irqs)", ioapic_id, pin, irq);
			continue;
		}
		cell_err(desc->name, "IOAPIC %u pin %u: %s (Linux IRQ %u)",
			 ioapic_id, pin, jailhouse_rule_text(JH_RULE_ROOT_IRQ),
			 irq);
		return -EBUSY;
	}
	return 0;
}

static int admit(const struct jailhouse_cell_desc *desc, size_t size,
		 const struct jailhouse_verified *v)
{
	int err;

	err = check_desc(desc, size, v);
	if (err)
		return err;
	if (find_cell(desc->name)) {
		cell_err(desc->name, "name: a cell of this name exists");
		return -EEXIST;
	}
	err = check_rules(desc);
	if (!err)
		err = check_linux_cpus(desc);
	if (!err)
		err = check_linux_ram(desc);
	if (!err)
		err = check_pci_devices(desc);
	if (!err)
		err = check_linux_irqs(desc);
	if (!err)
		err = jailhouse_policy_admit_cell(desc, v);
	return err;
}

static void cell_free(struct cell *cell)
{
	kfree(cell->desc);
	kfree(cell);
}

/* A cell owning a copy of the verified descriptor, checked. */
static int cell_prepare(const struct jailhouse_verified *v,
			struct cell **out)
{
	struct cell *cell;
	int err;

	cell = kzalloc(sizeof(*cell), GFP_KERNEL);
	if (!cell)
		return -ENOMEM;
	cell->desc = kmemdup(v->payload, v->payload_size, GFP_KERNEL);
	if (!cell->desc) {
		kfree(cell);
		return -ENOMEM;
	}
	err = admit(cell->desc, v->payload_size, v);
	if (err) {
		cell_free(cell);
		return err;
	}
	*out = cell;
	return 0;
}

/* Read, verify and check a descriptor. */
static int cell_read(int fd, struct cell **out)
{
	struct jailhouse_verified v;
	int err;

	err = jailhouse_verify_fd(fd, JAILHOUSE_IMAGE_CELL_CONFIG, NULL,
				  JAILHOUSE_VERIFY_DEFER, &v);
	if (err)
		return err;
	err = cell_prepare(&v, out);
	if (!err) {
		err = jailhouse_verified_measure(&v);
		if (err)
			cell_free(*out);
	}
	jailhouse_verified_release(&v);
	return err;
}

/* Bring back every CPU taken for the cell; the first error is kept. */
static int reclaim_cpus(struct cell *cell)
{
	unsigned int cpu;
	int err, ret = 0;

	for_each_cpu(cpu, &cell->offlined) {
		err = add_cpu(cpu);
		if (err) {
			cell_err(cell->desc->name, "CPU %u: Linux cannot bring "
				 "it back online (%d)", cpu, err);
			ret = ret ?: err;
			continue;
		}
		cpumask_clear_cpu(cpu, &cell->offlined);
	}
	return ret;
}

/* Take the cell's CPUs from Linux: all of them, or none. */
static int cede_cpus(struct cell *cell)
{
	const struct jailhouse_cell_desc *desc = cell->desc;
	unsigned int cpu, bits = desc->cpu_set_size * 8;
	int err;

	for (cpu = 0; cpu < bits; cpu++) {
		if (!jailhouse_cell_has_cpu(desc, cpu))
			continue;
		err = remove_cpu(cpu);
		if (err) {
			cell_err(desc->name, "CPU %u: Linux cannot take it "
				 "offline (%d)", cpu, err);
			reclaim_cpus(cell);
			return err < 0 ? err : -EBUSY;
		}
		cpumask_set_cpu(cpu, &cell->offlined);
	}
	return 0;
}

static long cell_create(int fd)
{
	struct cell *cell;
	long ret;

	ret = cell_read(fd, &cell);
	if (ret)
		return ret;
	ret = cede_cpus(cell);
	if (ret)
		goto err_free;
	ret = jailhouse_call(JAILHOUSE_HC_CELL_CREATE,
			     virt_to_phys(cell->desc), 0);
	if (ret < 0) {
		cell_err(cell->desc->name, "create: refused by the "
			 "hypervisor (%ld)", ret);
		goto err_reclaim;
	}
	cell->id = ret;
	list_add_tail(&cell->entry, &cells);
	num_cells++;
	pr_info("jailhouse: cell '%s' created (id %u, CPUs %*pbl)\n",
		cell->desc->name, cell->id, cpumask_pr_args(&cell->offlined));
	return 0;

err_reclaim:
	reclaim_cpus(cell);
err_free:
	cell_free(cell);
	return ret;
}

long jailhouse_cmd_cell_create(struct jailhouse_cell_create_args __user *arg)
{
	struct jailhouse_cell_create_args args;
	long err;

	if (copy_from_user(&args, arg, sizeof(args)))
		return -EFAULT;
	if (args.flags)
		return -EINVAL;
	mutex_lock(&jailhouse_lock);
	err = jailhouse_is_enabled() ? cell_create(args.config_fd) : -ENODEV;
	mutex_unlock(&jailhouse_lock);
	return err;
}

/* ---- load ---- */

int jailhouse_cell_read_string(struct cell *cell, int fd,
			       struct jailhouse_verified *v)
{
	const char *name = cell->desc->name;
	void *file = NULL;
	ssize_t size;
	int err;

	err = jailhouse_policy_admit_string(name);
	if (err)
		return err;
	size = kernel_read_file_from_fd(fd, 0, &file,
					JAILHOUSE_LOAD_STRING_MAX, NULL,
					READING_UNKNOWN);
	if (size <= 0) {
		cell_err(name, "string: empty, unreadable or longer than %u "
			 "bytes (%zd)", JAILHOUSE_LOAD_STRING_MAX, size);
		vfree(file);
		return size ? size : -EINVAL;
	}
	v->file = file;
	v->payload = file;
	v->payload_size = size;
	return 0;
}

int jailhouse_cell_measure_string(struct cell *cell, u64 address,
				  const void *data, size_t size)
{
	struct jailhouse_measurement m = {
		.string = true,
		.address = address,
	};

	strscpy(m.name, cell->desc->name, sizeof(m.name));
	return jailhouse_measure_add(&m, data, size);
}

/* The policy admits it inside the verification, before it is measured. */
int jailhouse_cell_verify_inmate(struct cell *cell, int fd,
				 struct jailhouse_verified *v)
{
	return jailhouse_verify_fd(fd, JAILHOUSE_IMAGE_INMATE, cell->desc->name,
				   0, v);
}

static int verify_image(struct cell *cell,
			const struct jailhouse_load_image *in,
			struct load_image *out)
{
	const char *name = cell->desc->name;
	int err;

	if (in->flags & ~JAILHOUSE_LOAD_STRING) {
		cell_err(name, "image flags: %#x, unknown", in->flags);
		return -EINVAL;
	}
	out->string = in->flags & JAILHOUSE_LOAD_STRING;
	if (out->string)
		err = jailhouse_cell_read_string(cell, in->image_fd, &out->v);
	else
		err = jailhouse_cell_verify_inmate(cell, in->image_fd, &out->v);
	if (err)
		return err;
	if (jailhouse_loadable_region(cell->desc, in->address,
				      out->v.payload_size) < 0) {
		cell_err(name, "image of %zu bytes at %#llx: not inside one "
			 "loadable region", out->v.payload_size, in->address);
		return -ERANGE;
	}
	out->address = in->address;
	return 0;
}

static bool image_holds(const struct load_image *image, u64 address)
{
	return address >= image->address &&
	       address - image->address < image->v.payload_size;
}

/*
 * Inside a signed image a string may only fill the command-line buffer
 * an inmate leaves zero at JAILHOUSE_CMDLINE_ADDR (docs/inmates.md):
 * anywhere else it would replace signed code or data.
 */
static bool string_fits(const struct load_image *s,
			const struct load_image *image)
{
	u64 off = s->address - image->address;

	if (!jailhouse_ranges_overlap(s->address, s->v.payload_size,
				      image->address, image->v.payload_size))
		return true;
	return s->address == JAILHOUSE_CMDLINE_ADDR &&
	       image_holds(image, s->address) &&
	       s->v.payload_size <= image->v.payload_size - off &&
	       jailhouse_all_zero(image->v.payload + off, s->v.payload_size);
}

/*
 * String @s against the signed images of the load: it holds neither the
 * cell's entry point nor signed bytes, and the entry point lies in a
 * signed image, so that the cell starts in signed code. The hypervisor
 * clears the loadable memory before a load (hypervisor/cell-mem.c):
 * nothing of an earlier load is left for a string to complete.
 */
static int check_string(struct cell *cell, const struct load_image *s,
			const struct load_image *images, unsigned int num)
{
	u64 entry = cell->desc->cpu_reset_address;
	bool entry_signed = false;
	unsigned int n;

	if (image_holds(s, entry)) {
		cell_err(cell->desc->name, "string at %#llx: holds the cell's "
			 "entry point %#llx", s->address, entry);
		return -EPERM;
	}
	for (n = 0; n < num; n++) {
		if (images[n].string)
			continue;
		if (!string_fits(s, &images[n])) {
			cell_err(cell->desc->name, "string at %#llx: overlaps "
				 "the signed image at %#llx", s->address,
				 images[n].address);
			return -EPERM;
		}
		entry_signed |= image_holds(&images[n], entry);
	}
	if (entry_signed)
		return 0;
	cell_err(cell->desc->name, "string at %#llx: the cell's entry point "
		 "%#llx is in no signed image of the load", s->address, entry);
	return -EPERM;
}

/* Each string's place is checked, then it is measured. */
static int check_strings(struct cell *cell, const struct load_image *images,
			 unsigned int num)
{
	unsigned int n;
	int err = 0;

	for (n = 0; n < num && !err; n++)
		if (images[n].string)
			err = check_string(cell, &images[n], images, num) ?:
			      jailhouse_cell_measure_string(cell,
					images[n].address, images[n].v.payload,
					images[n].v.payload_size);
	return err;
}

/* Physical address of the loader's own buffer byte at @p. */
static phys_addr_t buffer_phys(const u8 *p)
{
	if (is_vmalloc_addr(p))
		return page_to_phys(vmalloc_to_page(p)) + offset_in_page(p);
	return virt_to_phys((void *)p);
}

/*
 * The hypervisor copies the image page by page from this buffer, which
 * /dev/mem cannot reach (kernel RAM), into the cell, whose loadable
 * memory the root cell never maps: what runs is what was verified.
 */
int jailhouse_cell_copy(struct cell *cell, u64 address, const void *data,
			size_t size, struct jailhouse_load_chunk *chunk)
{
	const u8 *src = data;
	size_t done, left = size;
	long err;

	for (done = 0; left; done += chunk->size, left -= chunk->size) {
		chunk->src = buffer_phys(src + done);
		chunk->dst = address + done;
		chunk->size = min_t(size_t, left,
				    PAGE_SIZE - offset_in_page(src + done));
		err = jailhouse_call(JAILHOUSE_HC_CELL_LOAD, cell->id,
				     virt_to_phys(chunk));
		if (err) {
			cell_err(cell->desc->name, "image at %#llx: refused "
				 "by the hypervisor at offset %#zx (%ld)",
				 address, done, err);
			return err;
		}
	}
	return 0;
}

int jailhouse_cell_stop_for_load(struct cell *cell)
{
	int err = cell_call(cell, JAILHOUSE_HC_CELL_SET_LOADABLE, "load");

	if (!err)
		cell->loaded = false;
	return err;
}

void jailhouse_cell_set_loaded(struct cell *cell)
{
	cell->loaded = true;
}

static void release_images(struct load_image *images, unsigned int num)
{
	while (num--)
		jailhouse_verified_release(&images[num].v);
	kfree(images);
}

/* Every image is verified before the cell is stopped for loading. */
static long cell_load(struct cell *cell,
		      const struct jailhouse_load_image *in, unsigned int num)
{
	struct jailhouse_load_chunk *chunk;
	struct load_image *images;
	unsigned int n;
	long err = 0;

	images = kcalloc(num, sizeof(*images), GFP_KERNEL);
	/* kmalloc'd, not on the (virtually mapped) stack: passed by phys. */
	chunk = kmalloc(sizeof(*chunk), GFP_KERNEL);
	if (!images || !chunk)
		err = -ENOMEM;
	for (n = 0; n < num && !err; n++)
		err = verify_image(cell, &in[n], &images[n]);
	if (!err)
		err = check_strings(cell, images, num);
	if (!err)
		err = jailhouse_cell_stop_for_load(cell);
	for (n = 0; n < num && !err; n++)
		err = jailhouse_cell_copy(cell, images[n].address,
					  images[n].v.payload,
					  images[n].v.payload_size, chunk);
	kfree(chunk);
	if (images)
		release_images(images, num);
	if (err)
		return err;
	jailhouse_cell_set_loaded(cell);
	pr_info("jailhouse: cell '%s': %u image(s) loaded\n",
		cell->desc->name, num);
	return 0;
}

static long load_locked(const struct jailhouse_cell_load_args *args,
			const struct jailhouse_load_image *images)
{
	struct cell *cell;
	long err;

	mutex_lock(&jailhouse_lock);
	err = jailhouse_cell_lookup(&args->cell, &cell);
	if (!err)
		err = cell_load(cell, images, args->num_images);
	mutex_unlock(&jailhouse_lock);
	return err;
}

long jailhouse_cmd_cell_load(struct jailhouse_cell_load_args __user *arg)
{
	struct jailhouse_cell_load_args args;
	struct jailhouse_load_image *images;
	long err;

	if (copy_from_user(&args, arg, sizeof(args)))
		return -EFAULT;
	if (args.flags || !args.num_images ||
	    args.num_images > MAX_LOAD_IMAGES) {
		pr_err("jailhouse: cell load: %u images (1 to %u) or flags "
		       "%#x (0)\n", args.num_images, MAX_LOAD_IMAGES,
		       args.flags);
		return -EINVAL;
	}
	images = memdup_user(u64_to_user_ptr(args.images),
			     args.num_images * sizeof(*images));
	if (IS_ERR(images))
		return PTR_ERR(images);
	err = load_locked(&args, images);
	kfree(images);
	return err;
}

/* ---- start, shutdown, destroy ---- */

static long cell_start(struct cell *cell)
{
	long err;

	if (!cell->loaded) {
		cell_err(cell->desc->name, "start: no complete load since "
			 "create; load its images first");
		return -ENOEXEC;
	}
	err = cell_call(cell, JAILHOUSE_HC_CELL_START, "start");
	if (!err)
		pr_info("jailhouse: cell '%s' started\n", cell->desc->name);
	return err;
}

/*
 * Shutdown is Jailhouse's: SET_LOADABLE without images. The hypervisor
 * asks the cell over the comm region (bounded wait); a cell that denies
 * keeps running (-EPERM), one that does not answer in time is failed.
 */
static long cell_shutdown(struct cell *cell)
{
	long err = cell_call(cell, JAILHOUSE_HC_CELL_SET_LOADABLE,
			     "shutdown");

	if (!err)
		pr_info("jailhouse: cell '%s' shut down\n", cell->desc->name);
	return err;
}

/* The hypervisor scrubs and returns the memory; Linux gets the CPUs. */
static long cell_destroy(struct cell *cell)
{
	long err = cell_call(cell, JAILHOUSE_HC_CELL_DESTROY, "destroy");

	if (err)
		return err;
	list_del(&cell->entry);
	num_cells--;
	err = reclaim_cpus(cell);
	pr_info("jailhouse: cell '%s' destroyed\n", cell->desc->name);
	cell_free(cell);
	return err;
}

static long with_cell(struct jailhouse_cell_id __user *arg,
		      long (*op)(struct cell *cell))
{
	struct jailhouse_cell_id id;
	struct cell *cell;
	long err;

	if (copy_from_user(&id, arg, sizeof(id)))
		return -EFAULT;
	mutex_lock(&jailhouse_lock);
	err = jailhouse_cell_lookup(&id, &cell);
	if (!err)
		err = op(cell);
	mutex_unlock(&jailhouse_lock);
	return err;
}

long jailhouse_cmd_cell_start(struct jailhouse_cell_id __user *arg)
{
	return with_cell(arg, cell_start);
}

long jailhouse_cmd_cell_shutdown(struct jailhouse_cell_id __user *arg)
{
	return with_cell(arg, cell_shutdown);
}

long jailhouse_cmd_cell_destroy(struct jailhouse_cell_id __user *arg)
{
	return with_cell(arg, cell_destroy);
}

/* ---- info ---- */

static struct cell *cell_at(unsigned int index)
{
	struct cell *cell;

	list_for_each_entry(cell, &cells, entry)
		if (index-- == 0)
			return cell;
	return NULL;
}

static long fill_info(struct jailhouse_cell_info *info)
{
	struct cell *cell = cell_at(info->index);
	long state;

	if (!cell)
		return -ENOENT;
	state = jailhouse_call(JAILHOUSE_HC_CELL_GET_STATE, cell->id, 0);
	if (state < 0)
		return state;
	strscpy(info->cell.name, cell->desc->name, sizeof(info->cell.name));
	info->id = cell->id;
	info->state = state;
	memcpy(info->cpus, jailhouse_cell_cpu_set(cell->desc),
	       cell->desc->cpu_set_size);
	return 0;
}

long jailhouse_cmd_cell_info(struct jailhouse_cell_info __user *arg)
{
	struct jailhouse_cell_info info;
	unsigned int index;
	long err;

	if (copy_from_user(&info, arg, sizeof(info)))
		return -EFAULT;
	if (info.flags)
		return -EINVAL;
	index = info.index;
	memset(&info, 0, sizeof(info));
	info.index = index;
	mutex_lock(&jailhouse_lock);
	err = jailhouse_is_enabled() ? fill_info(&info) : -ENODEV;
	mutex_unlock(&jailhouse_lock);
	if (err)
		return err;
	return copy_to_user(arg, &info, sizeof(info)) ? -EFAULT : 0;
}
