// SPDX-License-Identifier: GPL-2.0
/*
 * A stand-in for the loader, preloaded into the jailhouse tool by host
 * tests (cc -shared, LD_PRELOAD): /dev/jailhouse opens /dev/null, and
 * its ioctls answer as an enabled hypervisor would. Two cells: "root"
 * on CPU 0 and "demo" on CPU 1; $FAKE_FAILED_CPU (a number) is a CPU the
 * hypervisor reports failed; CPU N had 100 + N VM exits, 7 of them MMIO.
 * The hypervisor's pools: 10 of 100 pages used, 2 of 50. With
 * $FAKE_ERRNO (a number), that request and every other fails with it, as
 * the loader refusing an image does; without, the others fail with
 * ENOTTY. The tool's state files (/var/lib/jailhouse/) are absent;
 * the .jailhouse keyring is the one whose serial number is in the file
 * $FAKE_KEYRING.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <jailhouse/hypercall.h>
#include <jailhouse/ioctl.h>

#define STATE_DIR	"/var/lib/jailhouse/"
#define KEYRING_PARAM	"/sys/module/jailhouse/parameters/keyring"
#define MAX_FD		1024

/* The descriptors opened as the device (the tool opens it often). */
static bool device[MAX_FD];

static int fake_open(const char *name, const char *path, int flags,
		     mode_t mode)
{
	int (*real)(const char *, int, ...) = dlsym(RTLD_NEXT, name);

	int fd;

	if (!strcmp(path, JAILHOUSE_DEVICE)) {
		fd = real("/dev/null", O_RDWR | O_CLOEXEC);
		if (fd >= 0 && fd < MAX_FD)
			device[fd] = true;
		return fd;
	}
	if (!strncmp(path, STATE_DIR, strlen(STATE_DIR))) {
		errno = ENOENT;
		return -1;
	}
	if (!strcmp(path, KEYRING_PARAM) && getenv("FAKE_KEYRING"))
		path = getenv("FAKE_KEYRING");
	return real(path, flags, mode);
}

#define OPEN_WRAPPER(name)						\
int name(const char *path, int flags, ...)				\
{									\
	mode_t mode = 0;						\
	va_list ap;							\
									\
	if (flags & (O_CREAT | O_TMPFILE)) {				\
		va_start(ap, flags);					\
		mode = va_arg(ap, mode_t);				\
		va_end(ap);						\
	}								\
	return fake_open(#name, path, flags, mode);			\
}

OPEN_WRAPPER(open)
OPEN_WRAPPER(open64)

int close(int fd)
{
	int (*real)(int) = dlsym(RTLD_NEXT, "close");

	if (fd >= 0 && fd < MAX_FD)
		device[fd] = false;
	return real(fd);
}

static int cell_info(struct jailhouse_cell_info *info)
{
	static const char *const names[] = { "root", "demo" };

	if (info->index >= 2) {
		errno = ENOENT;
		return -1;
	}
	strcpy(info->cell.name, names[info->index]);
	info->id = info->index;
	info->state = JAILHOUSE_CELL_RUNNING;
	info->cpus[0] = 1U << info->index;
	return 0;
}

static int cpu_info(struct jailhouse_cpu_info *info)
{
	const char *failed = getenv("FAKE_FAILED_CPU");

	info->state = failed && (unsigned int)atoi(failed) == info->cpu ?
		      JAILHOUSE_CPU_FAILED : JAILHOUSE_CPU_RUNNING;
	info->num_stats = 2;
	info->stats[JAILHOUSE_CPU_STAT_VMEXITS_TOTAL] = 100 + info->cpu;
	info->stats[JAILHOUSE_CPU_STAT_VMEXITS_MMIO] = 7;
	return 0;
}

static int hv_info(struct jailhouse_hv_info *info)
{
	const char *err = getenv("FAKE_ERRNO");

	if (err) {
		errno = atoi(err);
		return -1;
	}
	*info = (struct jailhouse_hv_info){ .mem_pool_size = 100,
		.mem_pool_used = 10, .remap_pool_size = 50,
		.remap_pool_used = 2, .num_cells = 2 };
	return 0;
}

int ioctl(int fd, unsigned long request, ...)
{
	int (*real)(int, unsigned long, ...) = dlsym(RTLD_NEXT, "ioctl");
	const char *err = getenv("FAKE_ERRNO");
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (fd < 0 || fd >= MAX_FD || !device[fd])
		return real(fd, request, arg);
	if (request == JAILHOUSE_CELL_INFO)
		return cell_info(arg);
	if (request == JAILHOUSE_CPU_INFO)
		return cpu_info(arg);
	if (request == JAILHOUSE_HV_INFO)
		return hv_info(arg);
	errno = err ? atoi(err) : ENOTTY;
	return -1;
}
