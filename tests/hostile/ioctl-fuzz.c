// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl fuzzer of /dev/jailhouse (include/jailhouse/ioctl.h), for the VM
 * test machine. PROCS processes (fork) each send up to ITERATIONS
 * requests, within SECONDS: the defined requests (except DISABLE, which
 * legitimately ends things) with plausible or random contents, defined
 * request numbers with other sizes and directions, and random numbers.
 * Arguments point to a buffer that ends at an unmapped page, to NULL,
 * to kernel addresses or anywhere; descriptors inside the requests are
 * /dev/jailhouse itself, /dev/null, a pipe, a directory, the FILEs given
 * (signed configs and images, so that some requests are real ones), and
 * numbers that are closed or invalid; cell names come from -c. Reads of
 * the console at random offsets and sizes come in between. Process n
 * uses seed + n (lib/fuzz.c), so a run is replayed from its seed.
 *
 * Usage: ioctl-fuzz [-s SEED] [-p PROCS] [-n ITERATIONS] [-t SECONDS]
 *                   [-c CELL]... [FILE]...
 * Exit status 0 once every process has finished, whatever the requests
 * returned (the verdict is the system's state afterwards: no hypervisor
 * panic, no kernel oops, enable and disable still work); 1 if a process
 * died of a signal, 2 on usage errors.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jailhouse/ioctl.h>

#include "fuzz.h"

#define MAX_NAMES	8
#define MAX_FDS		24
#define PAGE		4096UL

struct options {
	unsigned long seed, procs, iterations, seconds;
	const char *names[MAX_NAMES];
	unsigned int num_names;
	char *const *files;
	int num_files;
};

/* One process's state: its generator, descriptors and argument pages. */
struct fuzzer {
	struct fuzz_rng rng;
	const struct options *opts;
	int jh;			/* /dev/jailhouse, reopened at times */
	int fds[MAX_FDS];
	unsigned int num_fds;
	unsigned char *buf;		/* one page, then an unmapped one */
	unsigned char *images;	/* a page for CELL_LOAD's images */
	unsigned long accepted;
};

static const unsigned long requests[] = {
	JAILHOUSE_GET_VERSION, JAILHOUSE_ENABLE, JAILHOUSE_CELL_CREATE,
	JAILHOUSE_CELL_LOAD, JAILHOUSE_CELL_START, JAILHOUSE_CELL_SHUTDOWN,
	JAILHOUSE_CELL_DESTROY, JAILHOUSE_POLICY_LOAD, JAILHOUSE_HV_INFO,
	JAILHOUSE_CPU_INFO, JAILHOUSE_CELL_INFO, JAILHOUSE_CELL_LOAD_LINUX,
};

static const __u64 load_addresses[] = { 0x0, 0x1000, 0xff000, 0x100000 };

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static unsigned long pick(struct fuzzer *f, unsigned long bound)
{
	return fuzz_below(&f->rng, bound);
}

static int pick_fd(struct fuzzer *f)
{
	static const int invalid[] = { -1, 999, 0x7fffffff };

	if (pick(f, 4) == 0)
		return invalid[pick(f, ARRAY_SIZE(invalid))];
	return pick(f, 3) == 0 ? f->jh : f->fds[pick(f, f->num_fds)];
}

static void pick_name(struct fuzzer *f, char *name)
{
	const struct options *opts = f->opts;

	if (opts->num_names && pick(f, 4) != 0) {
		memset(name, 0, JAILHOUSE_CELL_NAME_LEN);
		strncpy(name, opts->names[pick(f, opts->num_names)],
			JAILHOUSE_CELL_NAME_LEN - 1);
	}
	/* Otherwise the random bytes stay: no terminating NUL, likely. */
}

static __u32 pick_flags(struct fuzzer *f)
{
	return pick(f, 4) == 0 ? (__u32)fuzz_next(&f->rng) : 0;
}

static void fill_images(struct fuzzer *f, struct jailhouse_cell_load_args *a)
{
	struct jailhouse_load_image *image = (void *)f->images;
	unsigned int i, room = PAGE / sizeof(*image);

	a->num_images = pick(f, 3) == 0 ? (__u32)fuzz_next(&f->rng) :
					  pick(f, 4);
	a->images = (unsigned long)image;
	if (pick(f, 8) == 0)
		a->images = fuzz_value(&f->rng, NULL, 0);
	for (i = 0; i < room; i++) {
		image[i].image_fd = pick_fd(f);
		image[i].flags = pick_flags(f);
		image[i].address = fuzz_value(&f->rng, load_addresses,
					      ARRAY_SIZE(load_addresses));
	}
}

/* Plausible contents for a defined request, in @arg (random bytes). */
static void fill_plausible(struct fuzzer *f, unsigned long request,
			   void *arg)
{
	struct jailhouse_enable_args *fd_args = arg;
	struct jailhouse_cell_load_args *load = arg;
	struct jailhouse_cpu_info *cpu = arg;
	struct jailhouse_cell_info *info = arg;
	struct jailhouse_cell_linux_args *lx = arg;

	switch (request) {
	case JAILHOUSE_ENABLE:
	case JAILHOUSE_CELL_CREATE:
	case JAILHOUSE_POLICY_LOAD:
		fd_args->config_fd = pick_fd(f);
		fd_args->flags = pick_flags(f);
		break;
	case JAILHOUSE_CELL_LOAD:
		pick_name(f, load->cell.name);
		load->flags = pick_flags(f);
		fill_images(f, load);
		break;
	case JAILHOUSE_CELL_LOAD_LINUX:
		pick_name(f, lx->cell.name);
		lx->loader_fd = pick_fd(f);
		lx->kernel_fd = pick_fd(f);
		lx->initrd_fd = pick_fd(f);
		lx->cmdline_fd = pick_fd(f);
		lx->flags = pick(f, 2) ? pick_flags(f) :
			    JAILHOUSE_LINUX_CMDLINE_UNSIGNED;
		lx->reserved = pick_flags(f);
		break;
	case JAILHOUSE_CELL_START:
	case JAILHOUSE_CELL_SHUTDOWN:
	case JAILHOUSE_CELL_DESTROY:
		pick_name(f, arg);
		break;
	case JAILHOUSE_CPU_INFO:
		cpu->cpu = pick(f, 2) ? pick(f, 6) : (__u32)fuzz_next(&f->rng);
		cpu->flags = pick_flags(f);
		break;
	case JAILHOUSE_CELL_INFO:
		info->index = pick(f, 2) ? pick(f, 4) :
					   (__u32)fuzz_next(&f->rng);
		info->flags = pick_flags(f);
		break;
	}
}

/* A request number: defined, defined with another size, or random. */
static unsigned long pick_request(struct fuzzer *f)
{
	unsigned long request = requests[pick(f, ARRAY_SIZE(requests))];

	switch (pick(f, 4)) {
	case 0:
		request = _IOC(pick(f, 4), JAILHOUSE_IOCTL_MAGIC, pick(f, 32),
			       pick(f, 1 << _IOC_SIZEBITS));
		break;
	case 1:
		request = (__u32)fuzz_next(&f->rng);
		break;
	}
	return request == JAILHOUSE_DISABLE ? JAILHOUSE_GET_VERSION : request;
}

/* The argument: mostly the buffer, its contents random or plausible. */
static unsigned long pick_argument(struct fuzzer *f, unsigned long request)
{
	unsigned long size = _IOC_SIZE(request);
	unsigned char *arg;
	unsigned int i;

	switch (pick(f, 8)) {
	case 0:
		return 0;
	case 1:
		return 0xffff888000000000UL + pick(f, 1UL << 30);
	case 2:
		return fuzz_value(&f->rng, NULL, 0);
	case 3:
		return (unsigned long)f->buf + PAGE - pick(f, size + 1);
	}
	arg = f->buf + PAGE - (size < PAGE ? size : PAGE);
	for (i = 0; i < PAGE; i++)
		f->buf[i] = fuzz_next(&f->rng);
	if (pick(f, 4) != 0)
		fill_plausible(f, request, arg);
	return (unsigned long)arg;
}

static void reopen(struct fuzzer *f)
{
	close(f->jh);
	f->jh = open(JAILHOUSE_DEVICE, O_RDWR);
}

/* Read the console at a random offset, possibly into the unmapped page. */
static void read_console(struct fuzzer *f)
{
	off_t at = pick(f, 2) ? (off_t)pick(f, 1 << 20) :
				(off_t)fuzz_next(&f->rng);

	if (pread(f->jh, f->buf + pick(f, PAGE), pick(f, 2 * PAGE), at) > 0)
		f->accepted++;
}

static void fuzz_one(struct fuzzer *f)
{
	unsigned long request, arg;

	if (pick(f, 64) == 0)
		reopen(f);
	if (pick(f, 16) == 0) {
		read_console(f);
		return;
	}
	request = pick_request(f);
	arg = pick_argument(f, request);
	if (ioctl(f->jh, request, arg) == 0)
		f->accepted++;
}

static int open_fds(struct fuzzer *f)
{
	int pipe_fds[2], i;

	f->jh = open(JAILHOUSE_DEVICE, O_RDWR);
	if (f->jh < 0 || pipe(pipe_fds))
		return -errno;
	f->fds[f->num_fds++] = pipe_fds[0];
	f->fds[f->num_fds++] = pipe_fds[1];
	f->fds[f->num_fds++] = open("/dev/null", O_RDWR);
	f->fds[f->num_fds++] = open("/", O_RDONLY | O_DIRECTORY);
	for (i = 0; i < f->opts->num_files && f->num_fds < MAX_FDS; i++)
		f->fds[f->num_fds++] = open(f->opts->files[i], O_RDONLY);
	return 0;
}

static int map_buffers(struct fuzzer *f)
{
	unsigned char *pages = mmap(NULL, 3 * PAGE, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (pages == MAP_FAILED)
		return -errno;
	f->images = pages;
	f->buf = pages + PAGE;
	return mprotect(pages + 2 * PAGE, PAGE, PROT_NONE) ? -errno : 0;
}

static int run_process(const struct options *opts, unsigned long n)
{
	struct fuzzer f = { .opts = opts };
	time_t end = time(NULL) + opts->seconds;
	unsigned long i;
	int err;

	fuzz_seed(&f.rng, opts->seed + n);
	err = open_fds(&f);
	if (!err)
		err = map_buffers(&f);
	if (err) {
		fprintf(stderr, "ioctl-fuzz: %s\n", strerror(-err));
		return 1;
	}
	for (i = 0; i < opts->iterations && time(NULL) < end; i++) {
		fuzz_one(&f);
		if (n == 0 && i % 1000 == 999)
			printf("ioctl-fuzz: process 0: %lu requests\n", i + 1);
	}
	printf("ioctl-fuzz: process %lu (seed %lu): %lu requests, "
	       "%lu accepted\n", n, opts->seed + n, i, f.accepted);
	return 0;
}

static int wait_all(unsigned long procs)
{
	int status, ret = 0;
	unsigned long i;

	for (i = 0; i < procs; i++) {
		if (wait(&status) < 0)
			return 1;
		if (WIFSIGNALED(status)) {
			printf("ioctl-fuzz: a process died of signal %d\n",
			       WTERMSIG(status));
			ret = 1;
		}
	}
	return ret;
}

static int parse(int argc, char **argv, struct options *opts)
{
	int c;

	*opts = (struct options){ .seed = 1, .procs = 4,
				  .iterations = 10000, .seconds = 30 };
	while ((c = getopt(argc, argv, "s:p:n:t:c:")) != -1) {
		switch (c) {
		case 's': opts->seed = strtoul(optarg, NULL, 0); break;
		case 'p': opts->procs = strtoul(optarg, NULL, 0); break;
		case 'n': opts->iterations = strtoul(optarg, NULL, 0); break;
		case 't': opts->seconds = strtoul(optarg, NULL, 0); break;
		case 'c':
			if (opts->num_names == MAX_NAMES)
				return -1;
			opts->names[opts->num_names++] = optarg;
			break;
		default: return -1;
		}
	}
	opts->files = argv + optind;
	opts->num_files = argc - optind;
	return opts->procs ? 0 : -1;
}

int main(int argc, char **argv)
{
	struct options opts;
	unsigned long n;
	pid_t pid;

	if (parse(argc, argv, &opts)) {
		fprintf(stderr, "usage: ioctl-fuzz [-s SEED] [-p PROCS] "
			"[-n ITERATIONS] [-t SECONDS] [-c CELL]... "
			"[FILE]...\n");
		return 2;
	}
	printf("ioctl-fuzz: seed %lu, %lu processes, %lu requests each, "
	       "%lu s at most\n", opts.seed, opts.procs, opts.iterations,
	       opts.seconds);
	fflush(stdout);
	for (n = 0; n < opts.procs; n++) {
		pid = fork();
		if (pid < 0)
			return 1;
		if (pid == 0)
			return run_process(&opts, n);
	}
	return wait_all(opts.procs);
}
