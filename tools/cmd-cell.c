// SPDX-License-Identifier: GPL-2.0
/*
 * `jailhouse cell create|load|start|shutdown|destroy|list|stats`
 * (docs/cells.md). Signed descriptors and images go to the loader as
 * open file descriptors; the loader logs why it refuses one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cell-util.h"
#include "commands.h"

#define CPU_LIST_LEN	64

/* A subcommand takes argv[1] to argv[argc - 1], as many as its usage. */
struct subcommand {
	const char *name;
	int (*run)(int argc, char *argv[]);
	int min_argc, max_argc;		/* max_argc 0: no limit */
	const char *args;
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

/* An ioctl the loader may refuse for reasons only its log names. */
static int loader_ioctl(unsigned long request, void *arg, const char *what,
			const struct signed_input *in, unsigned int num)
{
	int err = jailhouse_ioctl_signed(request, arg, what, in, num);

	if (err == -ENODEV)
		fprintf(stderr, "jailhouse: the hypervisor is not enabled\n");
	else if (err < 0)
		fprintf(stderr, "jailhouse: the kernel log (dmesg) says "
			"why\n");
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

static int cell_create(int argc, char *argv[])
{
	struct jailhouse_cell_create_args args = { 0 };
	const struct signed_input in = {
		argv[1], JAILHOUSE_IMAGE_CELL_CONFIG, NULL
	};
	int err;

	(void)argc;
	args.config_fd = open_file(argv[1]);
	if (args.config_fd < 0)
		return args.config_fd;
	err = loader_ioctl(JAILHOUSE_CELL_CREATE, &args, argv[1], &in, 1);
	close(args.config_fd);
	return err;
}

/*
 * A string goes to the loader as a file too: an anonymous one holding
 * its bytes (without the terminating NUL), flagged as a string.
 */
static int open_string(const char *string)
{
	size_t len = strlen(string);
	int fd, err;

	if (len > JAILHOUSE_LOAD_STRING_MAX) {
		fprintf(stderr, "jailhouse: -s: string longer than %u bytes\n",
			JAILHOUSE_LOAD_STRING_MAX);
		return -E2BIG;
	}
	fd = memfd_create("jailhouse-string", MFD_CLOEXEC);
	if (fd >= 0 && write(fd, string, len) == (ssize_t)len)
		return fd;
	err = errno ? -errno : -EIO;
	perror("jailhouse: -s: memfd");
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
			out[n].image_fd = open_string(in[n].string);
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

static void print_cell(const struct jailhouse_cell_info *info)
{
	char cpus[CPU_LIST_LEN];

	cell_cpus_format(info->cpus, sizeof(info->cpus), cpus, sizeof(cpus));
	printf("%-4u %-31s %-16s %s\n", info->id, info->cell.name,
	       cell_state_name(info->state), cpus);
}

static int cell_list(int argc, char *argv[])
{
	struct jailhouse_cell_info info;
	unsigned int index = 0;
	int fd, ret;

	(void)argc;
	(void)argv;
	fd = jailhouse_open_device();
	if (fd < 0)
		return fd;
	/* No heading when the hypervisor is not enabled. */
	ret = read_cell(fd, index++, &info);
	if (ret >= 0)
		printf("%-4s %-31s %-16s %s\n", "ID", "Name", "State", "CPUs");
	for (; ret > 0; ret = read_cell(fd, index++, &info))
		print_cell(&info);
	close(fd);
	return ret;
}

static int cell_stats(int argc, char *argv[])
{
	struct jailhouse_cell_info info;
	struct jailhouse_cell_id id;
	int err;

	err = cell_ref(argc, argv, &id, "stats");
	if (err < 0)
		return err;
	err = find_cell(id.name, 0, &info);
	if (err)
		return err;
	printf("Cell '%s' (id %u), %s\n", info.cell.name, info.id,
	       cell_state_name(info.state));
	return jailhouse_print_vmexits(info.cpus, sizeof(info.cpus));
}

/*
 * Jailhouse boots a second Linux in a cell; a sandbox runs bare-metal
 * inmates only (docs/cells.md, "Not supported").
 */
static int cell_linux(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "jailhouse: cell linux: not supported: cells run "
		"signed bare-metal inmates only; a Linux cell would need "
		"its kernel, initrd and boot parameters measured and signed "
		"as one image (docs/cells.md)\n");
	return -EOPNOTSUPP;
}

#define CELL_REF	"{ID | [--name] NAME}"

static const struct subcommand subcommands[] = {
	{ "create", cell_create, 2, 2, "CELL.cell" },
	{ "load", cell_load, 3, 0,
	  CELL_REF " IMAGE [-a|--address ADDRESS] [IMAGE [-a ADDRESS]]..." },
	{ "start", cell_start, 2, 3, CELL_REF },
	{ "shutdown", cell_shutdown, 2, 3, CELL_REF },
	{ "destroy", cell_destroy, 2, 3, CELL_REF },
	{ "list", cell_list, 1, 1, "" },
	{ "stats", cell_stats, 2, 3, CELL_REF },
	{ "linux", cell_linux, 1, 0, "(not supported)" },
};

static void print_usage(void)
{
	size_t i;

	fprintf(stderr, "Usage:\n");
	for (i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		fprintf(stderr, "  jailhouse cell %s%s%s\n",
			subcommands[i].name, *subcommands[i].args ? " " : "",
			subcommands[i].args);
}

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
	print_usage();
	return -EINVAL;
}
