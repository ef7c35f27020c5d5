// SPDX-License-Identifier: GPL-2.0
/*
 * JAILHOUSE_ENABLE and JAILHOUSE_DISABLE (docs/design.md, "Enable path").
 *
 * Enable reads and checks the system config and the hypervisor image,
 * lays both out in the memory the config reserves for the hypervisor,
 * builds the hypervisor's boot page tables there and sends every online
 * CPU through the trampoline (trampoline.S). Either every CPU comes back
 * as a guest, or every CPU comes back native and everything is undone.
 */
#include <linux/cpu.h>
#include <linux/firmware.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <asm/desc.h>

#include <jailhouse/cell-config.h>
#include <jailhouse/ioctl.h>
#include <jailhouse/header.h>
#include <jailhouse/signature.h>

#include "config.h"
#include "cell.h"
#include "config_rules.h"
#include "enable.h"
#include "hypercall.h"
#include "image.h"
#include "paging.h"
#include "verify.h"

/* Enough for the hypervisor, the trampoline and the console ring. */
#define BOOT_TABLE_PAGES	16
/* Less pool than this cannot hold the root cell's tables and bitmaps. */
#define MIN_POOL_PAGES		64
#define CONSOLE_ORDER		2

_Static_assert(JAILHOUSE_CONSOLE_PAGES == 1 << CONSOLE_ORDER,
	       "console ring order");

long jailhouse_trampoline_enter(unsigned int cpu, u64 hv_cr3, u64 entry,
				u64 tr_base, u64 tr_limit);
extern const char jailhouse_trampoline_leave[];
extern const char jailhouse_trampoline_end[];

DEFINE_MUTEX(jailhouse_lock);

/* One enable attempt, and afterwards the running hypervisor. */
struct hv_load {
	struct jailhouse_verified config_v;
	const struct jailhouse_system *config;
	size_t config_size;
	const struct firmware *fw;
	struct jailhouse_verified image_v;
	const struct jailhouse_header *image;
	size_t image_size;
	/* The hypervisor's memory, and Linux's mapping of it. */
	u64 phys;
	u64 size;
	u8 *mem;
	struct jailhouse_header *header;
	u64 tables_offset;
	unsigned int tables_used;
	struct paging_root root;
	/* Copies of what the CPUs need: once the first CPU runs as a
	 * guest, hypervisor memory is out of Linux's reach. */
	u64 entry;
	unsigned int online_cpus;
	atomic_t cpu_error;
	/* The rendezvous before entry: CPUs there; 0, 1 placed or -errno. */
	atomic_t arrived;
	atomic_t placed;
};

static struct hv_load running;
static bool enabled;
static struct page *console_pages;
/* Hotplug state that keeps the set of CPUs fixed while enabled. */

bool jailhouse_is_enabled(void)
{
	return enabled;
}

const struct jailhouse_system *jailhouse_system_config(void)
{
	return enabled ? running.config : NULL;
}

static void report_violation(struct jailhouse_checker *chk,
			     const struct jailhouse_violation *v)
{
	if (chk->violations > 1)
		return;
	pr_err("jailhouse: system config: root cell %s %u: %s (%#llx)\n",
	       v->item ? v->item : "", v->index, jailhouse_rule_text(v->rule),
	       v->value);
}

/* Every CPU of the root cell exists and is online, and vice versa. */
static int check_cpus(const struct jailhouse_cell_desc *root)
{
	unsigned int cpu, bits = root->cpu_set_size * 8;

	for (cpu = 0; cpu < bits; cpu++)
		if (jailhouse_cell_has_cpu(root, cpu) &&
		    (cpu >= nr_cpu_ids || !cpu_online(cpu))) {
			pr_err("jailhouse: system config: CPU %u of the root "
			       "cell does not exist or is offline\n", cpu);
			return -EINVAL;
		}
	for_each_online_cpu(cpu)
		if (cpu >= bits || !jailhouse_cell_has_cpu(root, cpu)) {
			pr_err("jailhouse: system config: online CPU %u is "
			       "not in the root cell\n", cpu);
			return -EINVAL;
		}
	return 0;
}

static int check_config(const struct jailhouse_system *sys, size_t size)
{
	struct jailhouse_checker chk = {
		.sys = sys,
		.report = report_violation,
	};
	struct jailhouse_config_error err;

	if (jailhouse_system_validate(sys, size, &err)) {
		if (err.indexed)
			pr_err("jailhouse: system config: %s %u: %s\n",
			       err.item, err.index, err.reason);
		else
			pr_err("jailhouse: system config: %s: %s\n",
			       err.item, err.reason);
		return -EINVAL;
	}
	jailhouse_check_cell(&chk, &sys->root_cell);
	if (chk.violations)
		return -EINVAL;
	return check_cpus(&sys->root_cell);
}

static int read_config(struct hv_load *hv, int fd)
{
	int err;

	err = jailhouse_verify_fd(fd, JAILHOUSE_IMAGE_SYSTEM_CONFIG, NULL,
				  JAILHOUSE_VERIFY_DEFER, &hv->config_v);
	if (err)
		return err;
	hv->config = hv->config_v.payload;
	hv->config_size = hv->config_v.payload_size;
	return check_config(hv->config, hv->config_size);
}

static int read_image(struct hv_load *hv)
{
	const char *reason;
	int err;

	err = request_firmware(&hv->fw, JAILHOUSE_HV_FIRMWARE, NULL);
	if (err) {
		pr_err("jailhouse: %s: cannot load (%d)\n",
		       JAILHOUSE_HV_FIRMWARE, err);
		return err;
	}
	err = jailhouse_verify_buffer(hv->fw->data, hv->fw->size,
				      JAILHOUSE_IMAGE_HYPERVISOR, NULL,
				      JAILHOUSE_HV_FIRMWARE,
				      JAILHOUSE_VERIFY_DEFER, &hv->image_v);
	if (err)
		return err;
	hv->image = hv->image_v.payload;
	hv->image_size = hv->image_v.payload_size;
	err = jailhouse_image_check(hv->image, hv->image_size, &reason);
	if (err)
		pr_err("jailhouse: %s: %s\n", JAILHOUSE_HV_FIRMWARE, reason);
	return err;
}

static u64 percpu_offset(const struct jailhouse_header *image)
{
	return image->core_size;
}

static u64 config_offset(const struct jailhouse_header *image)
{
	return percpu_offset(image) + nr_cpu_ids * image->percpu_size;
}

/* Where everything goes in the hypervisor's memory; see design.md. */
static int plan_layout(struct hv_load *hv)
{
	u64 pool;

	hv->tables_offset = config_offset(hv->image) +
			    PAGE_ALIGN(hv->config_size);
	pool = hv->tables_offset + BOOT_TABLE_PAGES * PAGE_SIZE;
	if (pool + MIN_POOL_PAGES * PAGE_SIZE > hv->size) {
		pr_err("jailhouse: hypervisor memory of %llu bytes too small, "
		       "need %llu\n", hv->size,
		       pool + MIN_POOL_PAGES * PAGE_SIZE);
		return -ENOMEM;
	}
	return 0;
}

static int map_memory(struct hv_load *hv)
{
	const struct jailhouse_memory *mem = &hv->config->hypervisor_memory;

	hv->phys = mem->phys_start;
	hv->size = mem->size;
	if (region_intersects(hv->phys, hv->size, IORESOURCE_SYSTEM_RAM,
			      IORES_DESC_NONE) != REGION_DISJOINT) {
		pr_err("jailhouse: hypervisor memory %#llx-%#llx is Linux's "
		       "RAM; reserve it (memmap=)\n", hv->phys,
		       hv->phys + hv->size - 1);
		return -EBUSY;
	}
	hv->mem = memremap(hv->phys, hv->size, MEMREMAP_WB);
	return hv->mem ? 0 : -ENOMEM;
}

static int console_ring_get(void)
{
	struct jailhouse_console_ring *ring;

	if (console_pages)
		return 0;
	console_pages = alloc_pages(GFP_KERNEL | __GFP_ZERO, CONSOLE_ORDER);
	if (!console_pages)
		return -ENOMEM;
	ring = page_address(console_pages);
	ring->magic = JAILHOUSE_CONSOLE_MAGIC;
	ring->size = (PAGE_SIZE << CONSOLE_ORDER) - sizeof(*ring);
	return 0;
}

static void place_image_and_config(struct hv_load *hv)
{
	struct jailhouse_header *hdr;

	memset(hv->mem, 0, hv->tables_offset);
	memcpy(hv->mem, hv->image, hv->image_size);
	memcpy(hv->mem + config_offset(hv->image), hv->config,
	       hv->config_size);
	hdr = (struct jailhouse_header *)hv->mem;
	hdr->max_cpus = nr_cpu_ids;
	hdr->online_cpus = hv->online_cpus;
	hdr->phys_base = hv->phys;
	hdr->config_size = hv->config_size;
	hdr->pool_offset = hv->tables_offset + BOOT_TABLE_PAGES * PAGE_SIZE;
	hdr->console_phys = page_to_phys(console_pages);
	hdr->linux_alias = (unsigned long)hv->mem;
	hdr->leave_stub = (unsigned long)jailhouse_trampoline_leave;
	hv->header = hdr;
}

/* Boot page tables come from a fixed run of pages in hypervisor memory. */
static void *boot_table_alloc(void *ctx, u64 *phys)
{
	struct hv_load *hv = ctx;
	u64 offset = hv->tables_offset + hv->tables_used * PAGE_SIZE;

	if (hv->tables_used == BOOT_TABLE_PAGES)
		return NULL;
	hv->tables_used++;
	*phys = hv->phys + offset;
	memset(hv->mem + offset, 0, PAGE_SIZE);
	return hv->mem + offset;
}

/* Nothing to give back: the whole run goes with the hypervisor memory. */
static void boot_table_free(void *ctx, void *table)
{
}

static void *boot_table_virt(void *ctx, u64 phys)
{
	struct hv_load *hv = ctx;

	return hv->mem + (phys - hv->phys);
}

/* The trampoline's pages, at the addresses Linux runs them at. */
static int map_trampoline(const struct paging_env *env, struct hv_load *hv)
{
	unsigned long va = (unsigned long)jailhouse_trampoline_enter;
	unsigned long end = (unsigned long)jailhouse_trampoline_end;
	int err;

	for (va &= PAGE_MASK; va < end; va += PAGE_SIZE) {
		err = paging_map(env, &hv->root, va,
				 page_to_phys(vmalloc_to_page((void *)va)),
				 PAGE_SIZE, PAGING_READ | PAGING_EXEC);
		if (err)
			return err;
	}
	return 0;
}

/* The first page of each per-CPU area stays unmapped (header.h). */
static int unmap_guard_pages(const struct paging_env *env, struct hv_load *hv)
{
	u64 area = JAILHOUSE_BASE + percpu_offset(hv->image);
	unsigned int cpu;
	int err;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		err = paging_unmap(env, &hv->root,
				   area + cpu * hv->image->percpu_size,
				   PAGE_SIZE);
		if (err)
			return err;
	}
	return 0;
}

/* Header and code read-only and executable, everything else data. */
static int map_hypervisor(const struct paging_env *env, struct hv_load *hv)
{
	u64 text = hv->image->text_size;
	int err;

	err = paging_map(env, &hv->root, JAILHOUSE_BASE, hv->phys, text,
			 PAGING_READ | PAGING_EXEC);
	if (!err)
		err = paging_map(env, &hv->root, JAILHOUSE_BASE + text,
				 hv->phys + text, hv->size - text,
				 PAGING_READ | PAGING_WRITE | PAGING_HUGE);
	return err ? err : unmap_guard_pages(env, hv);
}

static int build_boot_tables(struct hv_load *hv)
{
	struct paging_env env = {
		.alloc_table = boot_table_alloc,
		.free_table = boot_table_free,
		.table_virt = boot_table_virt,
		.ctx = hv,
		.levels = pgtable_l5_enabled() ? 5 : 4,
	};
	int err;

	hv->tables_used = 0;
	err = paging_create(&env, &hv->root);
	if (!err)
		err = map_hypervisor(&env, hv);
	if (!err)
		err = paging_map(&env, &hv->root, JAILHOUSE_CONSOLE_BASE,
				 page_to_phys(console_pages),
				 PAGE_SIZE << CONSOLE_ORDER,
				 PAGING_READ | PAGING_WRITE);
	if (!err)
		err = map_trampoline(&env, hv);
	if (err)
		pr_err("jailhouse: boot page tables: %d (trampoline at %px "
		       "clashes with the hypervisor?)\n", err,
		       jailhouse_trampoline_enter);
	return err;
}

/*
 * Base and limit of this CPU's TR from its descriptor in Linux's GDT
 * (16 bytes in long mode; the upper half holds base bits 63:32), which
 * the hypervisor does not map.
 */
static void read_tr(u64 *base, u64 *limit)
{
	const struct desc_struct *desc;
	struct desc_ptr gdt;
	u16 sel;

	native_store_gdt(&gdt);
	asm volatile("str %0" : "=rm" (sel));
	desc = (const struct desc_struct *)(gdt.address + (sel & ~7));
	*base = get_desc_base(desc) | (u64)((const u32 *)desc)[2] << 32;
	*limit = get_desc_limit(desc);
	if (desc->g)
		*limit = *limit << 12 | 0xfff;
}

/* Image, config, header and boot tables, from the verified buffers. */
static int place_hypervisor(struct hv_load *hv)
{
	place_image_and_config(hv);
	return build_boot_tables(hv);
}

/*
 * Every online CPU waits here with interrupts off until all have come:
 * no task runs anywhere, so nothing in user space (/dev/mem reaches the
 * reserved range) can change hypervisor memory between the copy from the
 * loader's verified buffers, which the last CPU to arrive makes, and
 * entry. Once in, the root cell's nested tables never map that memory.
 */
static void enter_cpu(void *info)
{
	struct hv_load *hv = info;
	u64 tr_base, tr_limit;
	long err;

	if (atomic_inc_return(&hv->arrived) == hv->online_cpus) {
		err = place_hypervisor(hv);
		atomic_set_release(&hv->placed, err ?: 1);
	}
	while (!(err = atomic_read_acquire(&hv->placed)))
		cpu_relax();
	if (err > 0) {
		read_tr(&tr_base, &tr_limit);
		err = jailhouse_trampoline_enter(smp_processor_id(),
						 hv->root.phys, hv->entry,
						 tr_base, tr_limit);
	}
	if (err)
		atomic_cmpxchg(&hv->cpu_error, 0, err);
}

static int enter_all_cpus(struct hv_load *hv)
{
	int err;

	cpus_read_lock();
	err = check_cpus(&hv->config->root_cell);
	if (!err) {
		hv->online_cpus = num_online_cpus();
		hv->entry = hv->image->entry;
		atomic_set(&hv->cpu_error, 0);
		atomic_set(&hv->arrived, 0);
		atomic_set(&hv->placed, 0);
		on_each_cpu(enter_cpu, hv, 1);
		err = atomic_read(&hv->cpu_error);
	}
	cpus_read_unlock();
	if (err)
		pr_err("jailhouse: enable failed on the CPUs (%d); "
		       "`jailhouse console` tells why\n", err);
	return err;
}

/*
 * The image is in hypervisor memory by now or no longer needed. The
 * system config stays with the running hypervisor until disable: cells
 * are checked against it.
 */
static void release_inputs(struct hv_load *hv)
{
	jailhouse_verified_release(&hv->image_v);
	release_firmware(hv->fw);
	hv->fw = NULL;
}

static int load_and_enter(struct hv_load *hv, int fd)
{
	int err;

	err = read_config(hv, fd);
	if (!err)
		err = read_image(hv);
	if (!err)
		err = map_memory(hv);
	if (err)
		return err;
	err = plan_layout(hv);
	/* Both passed every check: accept them just before they are used. */
	if (!err)
		err = jailhouse_verified_measure(&hv->config_v) ?:
		      jailhouse_verified_measure(&hv->image_v);
	if (!err)
		err = console_ring_get();
	if (!err)
		err = enter_all_cpus(hv);
	if (err)
		memunmap(hv->mem);
	return err;
}

long jailhouse_cmd_enable(struct jailhouse_enable_args __user *uargs)
{
	struct jailhouse_enable_args args;
	struct hv_load hv = { };
	long err;

	if (copy_from_user(&args, uargs, sizeof(args)))
		return -EFAULT;
	if (args.flags)
		return -EINVAL;
	mutex_lock(&jailhouse_lock);
	err = enabled ? -EBUSY : load_and_enter(&hv, args.config_fd);
	release_inputs(&hv);
	if (err)
		jailhouse_verified_release(&hv.config_v);
	if (!err) {
		running = hv;
		enabled = true;
		__module_get(THIS_MODULE);
		pr_info("jailhouse: hypervisor enabled on %u CPUs\n",
			running.online_cpus);
	}
	mutex_unlock(&jailhouse_lock);
	return err;
}

static void leave_cpu(void *info)
{
	atomic_t *error = info;
	long err = jailhouse_call(JAILHOUSE_HC_DISABLE, 0, 0);

	if (err)
		atomic_cmpxchg(error, 0, err);
}

/*
 * A root CPU Linux took offline waits in the hypervisor (for the SIPI of
 * its next CPU hotplug); it cannot leave from there: bring it online.
 */
static int check_cpus_online(const struct jailhouse_cell_desc *root)
{
	unsigned int cpu, bits = root->cpu_set_size * 8;

	for (cpu = 0; cpu < bits; cpu++)
		if (jailhouse_cell_has_cpu(root, cpu) && !cpu_online(cpu)) {
			pr_err("jailhouse: CPU %u is offline; bring it online "
			       "before disable\n", cpu);
			return -EBUSY;
		}
	return 0;
}

/*
 * A CPU the hypervisor stopped (its cell did something refused) would
 * never answer the disable IPI; give up before sending any.
 */
static int check_cpus_running(void)
{
	unsigned int cpu;
	long state;

	for_each_online_cpu(cpu) {
		state = jailhouse_call(JAILHOUSE_HC_CPU_GET_INFO, cpu,
				       JAILHOUSE_CPU_INFO_STATE);
		if (state != JAILHOUSE_CPU_RUNNING) {
			pr_err("jailhouse: CPU %u is not running (%ld); "
			       "cannot disable\n", cpu, state);
			return -EIO;
		}
	}
	return 0;
}

/* Disable needs the hypervisor running and no cell left beside Linux. */
static long may_disable(void)
{
	if (!enabled)
		return -EINVAL;
	if (jailhouse_cells_present()) {
		pr_err("jailhouse: cannot disable while cells exist; destroy "
		       "them first\n");
		return -EBUSY;
	}
	return 0;
}

long jailhouse_cmd_disable(void)
{
	atomic_t error = ATOMIC_INIT(0);
	long err;

	mutex_lock(&jailhouse_lock);
	err = may_disable();
	if (err) {
		mutex_unlock(&jailhouse_lock);
		return err;
	}
	cpus_read_lock();
	err = check_cpus_online(&running.config->root_cell);
	if (!err)
		err = check_cpus_running();
	if (!err) {
		on_each_cpu(leave_cpu, &error, 1);
		err = atomic_read(&error);
	}
	cpus_read_unlock();
	if (!err) {
		memunmap(running.mem);
		jailhouse_verified_release(&running.config_v);
		running = (struct hv_load){ };
		enabled = false;
		module_put(THIS_MODULE);
		pr_info("jailhouse: hypervisor disabled\n");
	}
	mutex_unlock(&jailhouse_lock);
	return err;
}

ssize_t jailhouse_console_read(char __user *buf, size_t count, loff_t *pos)
{
	const struct jailhouse_console_ring *ring;
	u64 end, start, at;
	size_t n;

	if (!console_pages || *pos < 0)
		return 0;
	ring = page_address(console_pages);
	end = smp_load_acquire(&ring->write_pos);
	start = end > ring->size ? end - ring->size : 0;
	at = max_t(u64, *pos, start);
	if (at >= end)
		return 0;
	/* Up to the end of the ring's buffer; the caller reads again. */
	n = min_t(u64, count, min_t(u64, end - at,
				     ring->size - at % ring->size));
	if (copy_to_user(buf, ring->data + at % ring->size, n))
		return -EFAULT;
	*pos = at + n;
	return n;
}

void jailhouse_enable_exit(void)
{
	if (console_pages)
		__free_pages(console_pages, CONSOLE_ORDER);
	console_pages = NULL;
}
