// SPDX-License-Identifier: GPL-2.0
/*
 * `jailhouse cell create|load|start|shutdown|destroy|list|stats|linux`
 * (docs/cells.md). Signed descriptors and images go to the loader as
 * open file descriptors; the loader logs why it refuses one.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <jailhouse/cell-config.h>

#include "cell-util.h"
#include "commands.h"

#define CPU_LIST_LEN	64
/* Loader image, kernel, initramfs, command line. */
#define LINUX_FILES	4

/* A subcommand takes argv[1] to argv[argc - 1], as many as its usage. */
struct subcommand {
	const char *name;
	int (*run)(int argc, char *argv[]);
	int min_argc, max_argc;		/* max_argc 0: no limit */
};

static int usage_error(const char *what, const char *reason)
{
	fprintf(stderr, "jailhouse: cell %s: %s\n", what, reason);
	return -EINVAL;
}

static int open_file(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		fd = -errno;
		fprintf(stderr, "jailhouse: %s: %s\n", path, strerror(-fd));
	}
	return fd;
}

/*
 * An ioctl the loader may refuse for reasons only its log names: the
 * lines it logged are shown after the refusal, if it logged any.
 */
static int loader_ioctl(unsigned long request, void *arg, const char *what,
			const struct signed_input *in, unsigned int num)
{
	int mark = jailhouse_kmsg_mark();
	int err = jailhouse_ioctl_signed(request, arg, what, in, num);

	if (err == -ENODEV)
		fprintf(stderr, "jailhouse: the hypervisor is not enabled\n");
	if (err < 0 && err != -ENODEV)
		jailhouse_kmsg_show(mark);
	else if (mark >= 0)
		close(mark);
	return err < 0 ? err : 0;
}

/* Cell number @index into @info: 1, 0 past the last cell, or -errno. */
static int read_cell(int fd, unsigned int index,
		     struct jailhouse_cell_info *info)
{
	memset(info, 0, sizeof(*info));
	info->index = index;
	if (ioctl(fd, JAILHOUSE_CELL_INFO, info) == 0)
		return 1;
	if (errno == ENOENT)
		return 0;
	if (errno == ENODEV)
		fprintf(stderr, "jailhouse: the hypervisor is not enabled\n");
	else
		fprintf(stderr, "jailhouse: cell info: %s\n", strerror(errno));
	return -errno;
}

/*
 * The cell named @name, or with id @id if @name is NULL, into @info.
 * Return: 0, or -ENOENT (said on stderr) or another -errno.
 */
static int find_cell(const char *name, __u32 id,
		     struct jailhouse_cell_info *info)
{
	unsigned int index = 0;
	int fd, ret;

	fd = jailhouse_open_device();
	if (fd < 0)
		return fd;
	while ((ret = read_cell(fd, index++, info)) > 0)
		if (name ? !strcmp(info->cell.name, name) : info->id == id)
			break;
	close(fd);
	if (ret == 0) {
		if (name)
			fprintf(stderr, "jailhouse: cell '%s': no such cell\n",
				name);
		else
			fprintf(stderr, "jailhouse: cell %u: no such cell\n",
				id);
		return -ENOENT;
	}
	return ret < 0 ? ret : 0;
}

/*
 * The cell that argv[1] names, as Jailhouse's command line takes it: an
 * id (a decimal number), a name, or "--name NAME" for a name that reads
 * as a number. Return: the words it took (1 or 2), or -errno.
 */
static int cell_ref(int argc, char *argv[], struct jailhouse_cell_id *id,
		    const char *what)
{
	struct jailhouse_cell_info info;
	const char *name = argv[1], *reason;
	int words = 1, err;
	__u32 number;

	if (!strcmp(argv[1], "--name")) {
		if (argc < 3)
			return usage_error(what, "--name without a name");
		name = argv[2];
		words = 2;
	} else if (!cell_number_parse(argv[1], &number)) {
		err = find_cell(NULL, number, &info);
		if (err)
			return err;
		name = info.cell.name;
	}
	if (cell_id_parse(name, id, &reason))
		return usage_error(what, reason);
	return words;
}

static int create_cell(const char *path)
{
	struct jailhouse_cell_create_args args = { 0 };
	const struct signed_input in = {
		path, JAILHOUSE_IMAGE_CELL_CONFIG, NULL
	};
	int err;

	args.config_fd = open_file(path);
	if (args.config_fd < 0)
		return args.config_fd;
	err = loader_ioctl(JAILHOUSE_CELL_CREATE, &args, path, &in, 1);
	close(args.config_fd);
	return err;
}

static int cell_create(int argc, char *argv[])
{
	(void)argc;
	return create_cell(argv[1]);
}

/*
 * A string goes to the loader as a file too: an anonymous one holding
 * its bytes (without the terminating NUL), flagged as a string.
 */
static int open_string(const char *string, const char *what)
{
	size_t len = strlen(string);
	int fd, err;

	if (len > JAILHOUSE_LOAD_STRING_MAX) {
		fprintf(stderr, "jailhouse: %s: string longer than %u bytes\n",
			what, JAILHOUSE_LOAD_STRING_MAX);
		return -E2BIG;
	}
	fd = memfd_create("jailhouse-string", MFD_CLOEXEC);
	if (fd >= 0 && write(fd, string, len) == (ssize_t)len)
		return fd;
	err = errno ? -errno : -EIO;
	fprintf(stderr, "jailhouse: %s: memfd: %s\n", what, strerror(-err));
	if (fd >= 0)
		close(fd);
	return err;
}

static void close_images(struct jailhouse_load_image *images,
			 unsigned int num)
{
	while (num--)
		close(images[num].image_fd);
}

static int open_images(const struct cell_image_arg *in, unsigned int num,
		       struct jailhouse_load_image *out,
		       struct signed_input *files, const char *cell)
{
	unsigned int n;

	for (n = 0; n < num; n++) {
		files[n] = (struct signed_input){
			in[n].path, JAILHOUSE_IMAGE_INMATE, cell
		};
		memset(&out[n], 0, sizeof(out[n]));
		if (in[n].string) {
			out[n].image_fd = open_string(in[n].string, "-s");
			out[n].flags = JAILHOUSE_LOAD_STRING;
		} else {
			out[n].image_fd = open_file(in[n].path);
		}
		if (out[n].image_fd < 0) {
			close_images(out, n);
			return out[n].image_fd;
		}
		out[n].address = in[n].address;
	}
	return 0;
}

static int cell_load(int argc, char *argv[])
{
	struct cell_image_arg in[CELL_LOAD_MAX_IMAGES];
	struct jailhouse_load_image images[CELL_LOAD_MAX_IMAGES];
	struct signed_input files[CELL_LOAD_MAX_IMAGES];
	struct jailhouse_cell_load_args args = { 0 };
	const char *reason;
	unsigned int num;
	int words, err;

	words = cell_ref(argc, argv, &args.cell, "load");
	if (words < 0)
		return words;
	if (cell_load_args_parse(argc - 1 - words, argv + 1 + words, in, &num,
				 &reason))
		return usage_error("load", reason);
	err = open_images(in, num, images, files, args.cell.name);
	if (err)
		return err;
	args.num_images = num;
	args.images = (__u64)(unsigned long)images;
	err = loader_ioctl(JAILHOUSE_CELL_LOAD, &args, "cell load", files,
			   num);
	close_images(images, num);
	return err;
}

/* start, shutdown, destroy: one cell by id or name. */
static int cell_by_ref(int argc, char *argv[], unsigned long request,
		       const char *what)
{
	struct jailhouse_cell_id id;
	int words = cell_ref(argc, argv, &id, what);

	if (words < 0)
		return words;
	if (words + 1 != argc)
		return usage_error(what, "extra words after the cell");
	return loader_ioctl(request, &id, what, NULL, 0);
}

static int cell_start(int argc, char *argv[])
{
	return cell_by_ref(argc, argv, JAILHOUSE_CELL_START, "start");
}

static int cell_shutdown(int argc, char *argv[])
{
	return cell_by_ref(argc, argv, JAILHOUSE_CELL_SHUTDOWN, "shutdown");
}

static int cell_destroy(int argc, char *argv[])
{
	return cell_by_ref(argc, argv, JAILHOUSE_CELL_DESTROY, "destroy");
}

/* A CPU set (bit n = CPU n) as a JSON array of CPU numbers. */
static void print_cpus_json(const __u8 *cpus, size_t bytes)
{
	unsigned int cpu, n = 0;

	printf("[");
	for (cpu = 0; cpu < bytes * 8; cpu++)
		if (cpus[cpu / 8] & (1U << (cpu % 8)))
			printf("%s%u", n++ ? ", " : "", cpu);
	printf("]");
}

static bool cpus_empty(const __u8 *cpus, size_t bytes)
{
	while (bytes--)
		if (cpus[bytes])
			return false;
	return true;
}

/*
 * "ID NAME STATE CPUS", and "failed: CPUS" after them if the hypervisor
 * reports any of them failed (a column only then: scripts read the CPUs
 * last); with @json one object of the array.
 */
static void print_cell(const struct jailhouse_cell_info *info, bool json,
		       bool first)
{
	__u8 failed[sizeof(info->cpus)];
	char cpus[CPU_LIST_LEN], down[CPU_LIST_LEN];

	if (jailhouse_failed_cpus(info->cpus, sizeof(info->cpus), failed))
		memset(failed, 0, sizeof(failed));
	if (json) {
		printf("%s\n  {\"id\": %u, \"name\": ", first ? "" : ",",
		       info->id);
		jailhouse_json_string(info->cell.name, sizeof(info->cell.name));
		printf(", \"state\": ");
		jailhouse_json_string(cell_state_name(info->state), 32);
		printf(", \"cpus\": ");
		print_cpus_json(info->cpus, sizeof(info->cpus));
		printf(", \"failed_cpus\": ");
		print_cpus_json(failed, sizeof(failed));
		printf("}");
		return;
	}
	cell_cpus_format(info->cpus, sizeof(info->cpus), cpus, sizeof(cpus));
	cell_cpus_format(failed, sizeof(failed), down, sizeof(down));
	printf("%-4u %-31s %-16s %s%s%s\n", info->id, info->cell.name,
	       cell_state_name(info->state), cpus,
	       cpus_empty(failed, sizeof(failed)) ? "" : "  failed: ",
	       cpus_empty(failed, sizeof(failed)) ? "" : down);
}

/* `cell list [--json]`: a table, or a JSON array of cells. */
static int cell_list(int argc, char *argv[])
{
	bool json = argc == 2 && !strcmp(argv[1], "--json");
	struct jailhouse_cell_info info;
	unsigned int index = 0;
	int fd, ret;

	if (argc == 2 && !json)
		return usage_error("list", "unknown option");
	fd = jailhouse_open_device();
	if (fd < 0)
		return fd;
	/* No heading when the hypervisor is not enabled. */
	ret = read_cell(fd, index++, &info);
	if (ret >= 0 && json)
		printf("[");
	else if (ret >= 0)
		printf("%-4s %-31s %-16s %s\n", "ID", "Name", "State", "CPUs");
	for (; ret > 0; ret = read_cell(fd, index++, &info))
		print_cell(&info, json, index == 1);
	if (json && ret == 0)
		printf("\n]\n");
	close(fd);
	return ret;
}

/* `cell stats CELL [--json]`: a table, or one JSON object. */
static int cell_stats(int argc, char *argv[])
{
	bool json = argc > 2 && !strcmp(argv[argc - 1], "--json");
	struct jailhouse_cell_info info;
	struct jailhouse_cell_id id;
	int err;

	err = cell_ref(argc - json, argv, &id, "stats");
	if (err < 0)
		return err;
	err = find_cell(id.name, 0, &info);
	if (err)
		return err;
	if (!json) {
		printf("Cell '%s' (id %u), %s\n", info.cell.name, info.id,
		       cell_state_name(info.state));
		return jailhouse_print_vmexits(info.cpus, sizeof(info.cpus),
					       false);
	}
	printf("{\"id\": %u, \"name\": ", info.id);
	jailhouse_json_string(info.cell.name, sizeof(info.cell.name));
	printf(", \"state\": ");
	jailhouse_json_string(cell_state_name(info.state), 32);
	printf(", ");
	err = jailhouse_print_vmexits(info.cpus, sizeof(info.cpus), true);
	printf("}\n");
	return err;
}

/* The cell that the descriptor at @path describes, named in its start. */
static int read_desc_name(const char *path, struct jailhouse_cell_id *id)
{
	struct jailhouse_cell_desc head;
	const char *reason;
	ssize_t len;
	int fd, err;

	fd = open_file(path);
	if (fd < 0)
		return fd;
	len = read(fd, &head, sizeof(head));
	err = len < 0 ? -errno : 0;
	close(fd);
	if (!err)
		err = cell_desc_name(&head, len, id, &reason);
	else
		reason = strerror(-err);
	if (err)
		fprintf(stderr, "jailhouse: %s: %s\n", path, reason);
	return err;
}

/*
 * The loader image: -l, else $JAILHOUSE_LINUX_LOADER, else the build
 * tree's next to this tool, else the installed one.
 */
static const char *linux_loader_path(const char *given, char *buf,
				     size_t len)
{
	const char *env = getenv("JAILHOUSE_LINUX_LOADER");
	char exe[PATH_MAX];
	ssize_t n;

	if (given)
		return given;
	if (env && *env)
		return env;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		if (!cell_linux_build_loader(exe, buf, len) &&
		    !access(buf, F_OK))
			return buf;
	}
	return CELL_LINUX_LOADER;
}

static void close_linux_files(const struct jailhouse_cell_linux_args *args)
{
	const __s32 fds[LINUX_FILES] = {
		args->loader_fd, args->kernel_fd, args->initrd_fd,
		args->cmdline_fd
	};
	size_t n;

	for (n = 0; n < LINUX_FILES; n++)
		if (fds[n] >= 0)
			close(fds[n]);
}

/*
 * Every file of @in open in @args (-1 for what is not given), each signed
 * one named in @files for refusals.
 */
static int open_linux_files(const struct cell_linux_arg *in,
			    struct jailhouse_cell_linux_args *args,
			    struct signed_input *files, unsigned int *num)
{
	const char *path[LINUX_FILES] = {
		in->loader, in->kernel, in->initrd, in->cmdline_file
	};
	int fd[LINUX_FILES] = { -1, -1, -1, -1 };
	unsigned int n;
	int err = 0;

	*num = 0;
	for (n = 0; n < LINUX_FILES; n++) {
		if (!path[n])
			continue;
		fd[n] = open_file(path[n]);
		if (fd[n] < 0) {
			err = fd[n];
			break;
		}
		files[(*num)++] = (struct signed_input){
			path[n], JAILHOUSE_IMAGE_INMATE, args->cell.name
		};
	}
	if (!err && in->cmdline) {
		fd[3] = open_string(in->cmdline, "-c");
		err = fd[3] < 0 ? fd[3] : 0;
		args->flags = JAILHOUSE_LINUX_CMDLINE_UNSIGNED;
	}
	args->loader_fd = fd[0];
	args->kernel_fd = fd[1];
	args->initrd_fd = fd[2];
	args->cmdline_fd = fd[3];
	if (err)
		close_linux_files(args);
	return err;
}

/* What the loader's refusal of a Linux boot may need said beyond it. */
static void linux_refusal_hint(const struct cell_linux_arg *in,
			       const char *cell, int err)
{
	if (err == -ENODATA || err == -EXDEV || err == -EMEDIUMTYPE)
		fprintf(stderr, "jailhouse: cell linux: the kernel, the "
			"initramfs, the command-line file and the loader "
			"image (%s) are each an inmate image signed for cell "
			"'%s' (jh-sign --cell %s FILE)\n", in->loader, cell,
			cell);
	else if (err == -EPERM && in->cmdline)
		fprintf(stderr, "jailhouse: cell linux: -c is an unsigned "
			"command line: the cell's policy class must say "
			"unsigned-strings: true; else sign one for -C\n");
}

/* Load and start the cell the caller created; destroy it on failure. */
static int boot_linux(const struct cell_linux_arg *in,
		      struct jailhouse_cell_linux_args *args,
		      const struct signed_input *files, unsigned int num)
{
	const char *cell = args->cell.name;
	int err;

	err = loader_ioctl(JAILHOUSE_CELL_LOAD_LINUX, args, "cell linux",
			   files, num);
	if (err)
		linux_refusal_hint(in, cell, err);
	else
		err = loader_ioctl(JAILHOUSE_CELL_START, &args->cell, "start",
				   NULL, 0);
	if (!err)
		return 0;
	if (!loader_ioctl(JAILHOUSE_CELL_DESTROY, &args->cell, "destroy",
			  NULL, 0))
		fprintf(stderr, "jailhouse: cell linux: destroyed cell '%s', "
			"which this command created\n", cell);
	else
		fprintf(stderr, "jailhouse: cell linux: cell '%s', which this "
			"command created, is left: destroy it\n", cell);
	return err;
}

/*
 * `cell linux CELL.cell bzImage [options]` (docs/linux-cells.md): create
 * the cell, have the loader verify the files and lay out the boot
 * (JAILHOUSE_CELL_LOAD_LINUX), start it. Every file is opened and the
 * descriptor's name read before anything is created.
 */
static int cell_linux(int argc, char *argv[])
{
	struct jailhouse_cell_linux_args args = { 0 };
	struct signed_input files[LINUX_FILES];
	struct cell_linux_arg in;
	char loader[PATH_MAX];
	const char *reason;
	unsigned int num;
	int err;

	if (cell_linux_args_parse(argc - 1, argv + 1, &in, &reason)) {
		fprintf(stderr, "jailhouse: cell linux: %s%s%s\n",
			in.bad ? in.bad : "", in.bad ? ": " : "", reason);
		return -EINVAL;
	}
	in.loader = linux_loader_path(in.loader, loader, sizeof(loader));
	err = read_desc_name(in.config, &args.cell);
	if (err)
		return err;
	err = open_linux_files(&in, &args, files, &num);
	if (err)
		return err;
	err = create_cell(in.config);
	if (!err)
		err = boot_linux(&in, &args, files, num);
	close_linux_files(&args);
	return err;
}

static const struct subcommand subcommands[] = {
	{ "create", cell_create, 2, 2 },
	{ "load", cell_load, 3, 0 },
	{ "start", cell_start, 2, 3 },
	{ "shutdown", cell_shutdown, 2, 3 },
	{ "destroy", cell_destroy, 2, 3 },
	{ "list", cell_list, 1, 2 },
	{ "stats", cell_stats, 2, 4 },
	{ "linux", cell_linux, 1, 0 },
};

static bool argc_fits(const struct subcommand *sub, int argc)
{
	return argc >= sub->min_argc &&
	       (!sub->max_argc || argc <= sub->max_argc);
}

int cmd_cell(int argc, char *argv[])
{
	const struct subcommand *sub;
	size_t i;

	for (i = 0; argc > 1 &&
	     i < sizeof(subcommands) / sizeof(subcommands[0]); i++) {
		sub = &subcommands[i];
		if (strcmp(argv[1], sub->name) == 0 &&
		    argc_fits(sub, argc - 1))
			return sub->run(argc - 1, argv + 1);
	}
	jailhouse_usage(stderr, "cell", argc > 1 ? argv[1] : NULL);
	return -EINVAL;
}
