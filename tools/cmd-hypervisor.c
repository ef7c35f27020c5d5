// SPDX-License-Identifier: GPL-2.0
/*
 * `jailhouse hypervisor info`: memory pool use and, per CPU, the VM exits
 * by reason. One row per reason, one column per CPU the hypervisor runs
 * on; CPUs the hypervisor does not know (ENODEV, EINVAL) are left out.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <jailhouse/hypercall.h>

#include "cell-util.h"
#include "commands.h"

#define MAX_CPUS	64

/* Row names, indexed by JAILHOUSE_CPU_STAT_VMEXITS_*. */
static const char *const stat_names[JAILHOUSE_NUM_CPU_STATS] = {
	"total", "mmio", "management", "hypercall", "pio", "xapic", "cr",
	"cpuid", "xsetbv", "exception", "msr_other", "msr_x2apic_icr",
	"interrupt", "other", "dma_faults", "irq_faults", "root_refused",
	"msr_faults",
};

struct cpu_table {
	unsigned int num_cpus;
	struct jailhouse_cpu_info cpu[MAX_CPUS];
};

static void print_pool(const char *name, __u64 used, __u64 size, bool json)
{
	if (json)
		printf("\"%s\": {\"used\": %llu, \"size\": %llu}, ", name,
		       (unsigned long long)used, (unsigned long long)size);
	else
		printf("%-14s%llu of %llu pages used\n", name,
		       (unsigned long long)used, (unsigned long long)size);
}

/* The pools and cells; with @json the object's start and first keys. */
static int print_hv_info(bool json)
{
	struct jailhouse_hv_info info;
	int err;

	err = jailhouse_ioctl(JAILHOUSE_HV_INFO, &info, "hypervisor info");
	if (err == -ENODEV)
		fprintf(stderr, "jailhouse: the hypervisor is not enabled\n");
	if (err < 0)
		return err;
	/* Nothing on stdout before the loader answered: no half object. */
	if (json)
		printf("{");
	print_pool(json ? "memory_pool" : "Memory pool:", info.mem_pool_used,
		   info.mem_pool_size, json);
	print_pool(json ? "remap_pool" : "Remap pool:", info.remap_pool_used,
		   info.remap_pool_size, json);
	printf(json ? "\"cells\": %u, " : "Cells:        %u\n",
	       info.num_cells);
	return 0;
}

/* Read one CPU into the next column; 1 if it was read, 0 if skipped. */
static int read_cpu(int fd, unsigned int cpu, struct jailhouse_cpu_info *out)
{
	memset(out, 0, sizeof(*out));
	out->cpu = cpu;
	if (ioctl(fd, JAILHOUSE_CPU_INFO, out) == 0)
		return 1;
	if (errno == ENODEV || errno == EINVAL)
		return 0;
	fprintf(stderr, "jailhouse: CPU %u info: %s\n", cpu, strerror(errno));
	return -errno;
}

static int read_cpus(struct cpu_table *table, const __u8 *mask,
		     size_t bytes)
{
	long cpus = sysconf(_SC_NPROCESSORS_CONF);
	int fd, ret = 0;
	unsigned int cpu;

	fd = jailhouse_open_device();
	if (fd < 0)
		return fd;
	table->num_cpus = 0;
	for (cpu = 0; cpu < (unsigned long)cpus && cpu < MAX_CPUS; cpu++) {
		if (mask && !cpu_set_has(mask, bytes, cpu))
			continue;
		ret = read_cpu(fd, cpu, &table->cpu[table->num_cpus]);
		if (ret < 0)
			break;
		table->num_cpus += ret;
	}
	close(fd);
	return ret < 0 ? ret : 0;
}

static const char *cpu_state(const struct jailhouse_cpu_info *cpu)
{
	return cpu->state == JAILHOUSE_CPU_RUNNING ? "running" : "failed";
}

static void print_stat_row(const struct cpu_table *table, unsigned int n)
{
	unsigned int i;

	printf("%-16s", stat_names[n]);
	for (i = 0; i < table->num_cpus; i++)
		if (n < table->cpu[i].num_stats)
			printf(" %12llu",
			       (unsigned long long)table->cpu[i].stats[n]);
		else
			printf(" %12s", "-");
	printf("\n");
}

static void print_cpu_table(const struct cpu_table *table)
{
	unsigned int i, n;

	printf("\n%-16s", "VM exits");
	for (i = 0; i < table->num_cpus; i++)
		printf("       cpu%-3u", table->cpu[i].cpu);
	printf("\n%-16s", "state");
	for (i = 0; i < table->num_cpus; i++)
		printf(" %12s", cpu_state(&table->cpu[i]));
	printf("\n");
	for (n = 0; n < JAILHOUSE_NUM_CPU_STATS; n++)
		print_stat_row(table, n);
}

int jailhouse_failed_cpus(const __u8 *cpus, size_t bytes, __u8 *failed)
{
	static struct cpu_table table;
	unsigned int i, cpu;
	int err;

	memset(failed, 0, bytes);
	err = read_cpus(&table, cpus, bytes);
	for (i = 0; !err && i < table.num_cpus; i++) {
		cpu = table.cpu[i].cpu;
		if (table.cpu[i].state != JAILHOUSE_CPU_RUNNING &&
		    cpu / 8 < bytes)
			failed[cpu / 8] |= 1U << (cpu % 8);
	}
	return err;
}

/* "cpus": [{"cpu": N, "state": "..", "vmexits": {"total": N, ..}}, ..] */
static void print_cpu_json(const struct cpu_table *table)
{
	const struct jailhouse_cpu_info *c;
	unsigned int i, n;

	printf("\"cpus\": [");
	for (i = 0; i < table->num_cpus; i++) {
		c = &table->cpu[i];
		printf("%s\n  {\"cpu\": %u, \"state\": \"%s\", \"vmexits\": {",
		       i ? "," : "", c->cpu, cpu_state(c));
		for (n = 0; n < JAILHOUSE_NUM_CPU_STATS && n < c->num_stats;
		     n++)
			printf("%s\"%s\": %llu", n ? ", " : "", stat_names[n],
			       (unsigned long long)c->stats[n]);
		printf("}}");
	}
	printf("\n]");
}

int jailhouse_print_vmexits(const __u8 *cpus, size_t bytes, bool json)
{
	static struct cpu_table table;
	int err;

	err = read_cpus(&table, cpus, bytes);
	if (err < 0)
		return err;
	if (json)
		print_cpu_json(&table);
	else
		print_cpu_table(&table);
	return 0;
}

/* `hypervisor info [--json]`: a table, or one JSON object. */
static int hypervisor_info(bool json)
{
	int err;

	err = print_hv_info(json);
	if (err >= 0)
		err = jailhouse_print_vmexits(NULL, 0, json);
	if (err >= 0 && json)
		printf("}\n");
	return err;
}

int cmd_hypervisor(int argc, char *argv[])
{
	bool json = argc == 3 && strcmp(argv[2], "--json") == 0;

	if ((argc == 2 || json) && strcmp(argv[1], "info") == 0)
		return hypervisor_info(json);
	jailhouse_usage(stderr, "hypervisor", NULL);
	return -EINVAL;
}
