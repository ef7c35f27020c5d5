// SPDX-License-Identifier: GPL-2.0
/*
 * jh-worker: SHA-256 jobs between the two peers of a Jailhouse ivshmem v2
 * device (vendor 0x110a, device 0x4106), both sides in one program so
 * that they share one protocol (job.h) and one way to map the device:
 *   jh-worker serve        in the Linux cell: answer jobs, forever
 *   jh-worker submit FILE  in the root cell: hash FILE through the cell
 * Registers through the sysfs file resource0, the shared memory through
 * /dev/mem at the base the vendor capability names. Both sides poll: the
 * guest kernel has no ivshmem driver to take the doorbell interrupts.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "job.h"

#define SYSFS_PCI	"/sys/bus/pci/devices"
#define IVSHMEM_VENDOR	0x110a
#define IVSHMEM_DEVICE	0x4106
#define CFG_SIZE	256
#define CFG_CAP_PTR	0x34
#define CAP_ID_VENDOR	0x09
#define REGS_SIZE	0x1000
#define REG_ID		0x00
#define REG_MAX_PEERS	0x04
#define REG_DOORBELL	0x0c
#define REG_STATE	0x10
#define POLL_NS		1000000		/* 1 ms */

struct ivshmem {
	char dir[PATH_MAX];		/* the device in sysfs */
	volatile __u32 *regs;		/* BAR0 */
	const volatile __u32 *state_table;
	unsigned int id, peer;
	struct job_channel ch;
};

/* The vendor capability's fields: sizes and where the sections start. */
struct shmem_layout {
	__u64 state_size, rw_size, out_size, base;
};

static int read_file(const char *path, void *buf, size_t size, size_t *got)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		fprintf(stderr, "jh-worker: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	n = pread(fd, buf, size, 0);
	close(fd);
	if (n < 0) {
		fprintf(stderr, "jh-worker: %s: %s\n", path, strerror(errno));
		return -EIO;
	}
	*got = n;
	return 0;
}

/* A sysfs attribute of the device holding one number, e.g. "0x110a". */
static long sysfs_number(const char *dir, const char *name)
{
	char path[PATH_MAX + 32], text[32];
	size_t got;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (read_file(path, text, sizeof(text) - 1, &got))
		return -1;
	text[got] = '\0';
	return strtol(text, NULL, 0);
}

static bool is_ivshmem(const char *dir)
{
	return sysfs_number(dir, "vendor") == IVSHMEM_VENDOR &&
	       sysfs_number(dir, "device") == IVSHMEM_DEVICE;
}

/* The device named by bdf (e.g. 0000:00:0e.0), or the first ivshmem. */
static int find_device(const char *bdf, char *dir, size_t size)
{
	DIR *pci = opendir(SYSFS_PCI);
	struct dirent *entry;
	int err = -ENODEV;

	if (!pci) {
		fprintf(stderr, "jh-worker: %s: %s\n", SYSFS_PCI,
			strerror(errno));
		return -errno;
	}
	while (err && (entry = readdir(pci))) {
		if (entry->d_name[0] == '.' ||
		    (bdf && strcmp(entry->d_name, bdf)))
			continue;
		snprintf(dir, size, "%s/%s", SYSFS_PCI, entry->d_name);
		if (is_ivshmem(dir))
			err = 0;
	}
	closedir(pci);
	if (err)
		fprintf(stderr, "jh-worker: %s: no ivshmem device %s\n",
			SYSFS_PCI, bdf ? bdf : "(110a:4106)");
	return err;
}

static __u64 cfg_u64(const __u8 *cfg, unsigned int off)
{
	__u64 value;

	memcpy(&value, cfg + off, sizeof(value));
	return value;
}

/* Walk the capability list to the vendor capability (ivshmem v2: one). */
static int read_layout(const char *dir, struct shmem_layout *layout)
{
	char path[PATH_MAX + 32];
	__u8 cfg[CFG_SIZE];
	unsigned int cap, hops;
	size_t got;

	snprintf(path, sizeof(path), "%s/config", dir);
	if (read_file(path, cfg, sizeof(cfg), &got))
		return -EIO;
	if (got < sizeof(cfg)) {
		fprintf(stderr, "jh-worker: %s: %zu bytes (not root?)\n",
			path, got);
		return -EACCES;
	}
	cap = cfg[CFG_CAP_PTR] & ~3U;
	for (hops = 0; cap && hops < 48; hops++) {
		if (cap > CFG_SIZE - 0x20)
			break;
		if (cfg[cap] == CAP_ID_VENDOR) {
			layout->state_size = cfg[cap + 4] |
				(__u32)cfg[cap + 5] << 8 |
				(__u32)cfg[cap + 6] << 16 |
				(__u32)cfg[cap + 7] << 24;
			layout->rw_size = cfg_u64(cfg, cap + 0x08);
			layout->out_size = cfg_u64(cfg, cap + 0x10);
			layout->base = cfg_u64(cfg, cap + 0x18);
			return 0;
		}
		cap = cfg[cap + 1] & ~3U;
	}
	fprintf(stderr, "jh-worker: %s: no vendor capability\n", path);
	return -ENODEV;
}

/* Memory decoding on: a device without a driver may have it off. */
static int enable_device(const char *dir)
{
	char path[PATH_MAX + 32];
	int fd;

	if (sysfs_number(dir, "enable") > 0)
		return 0;
	snprintf(path, sizeof(path), "%s/enable", dir);
	fd = open(path, O_WRONLY);
	if (fd < 0 || write(fd, "1", 1) != 1) {
		fprintf(stderr, "jh-worker: %s: %s\n", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -EIO;
	}
	close(fd);
	return 0;
}

static void *map(const char *path, __u64 offset, size_t size)
{
	int fd = open(path, O_RDWR | O_SYNC);
	void *p;

	if (fd < 0) {
		fprintf(stderr, "jh-worker: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
	close(fd);
	if (p == MAP_FAILED) {
		fprintf(stderr, "jh-worker: %s: mapping %zu bytes at 0x%llx: "
			"%s\n", path, size, (unsigned long long)offset,
			strerror(errno));
		return NULL;
	}
	return p;
}

static int check_layout(const char *dir, const struct shmem_layout *l)
{
	if (l->state_size && l->rw_size > sizeof(struct job_request) &&
	    l->out_size >= sizeof(struct job_result))
		return 0;
	fprintf(stderr, "jh-worker: %s: vendor capability: state table %llu, "
		"read-write %llu, output %llu bytes: too small for jobs\n",
		dir, (unsigned long long)l->state_size,
		(unsigned long long)l->rw_size,
		(unsigned long long)l->out_size);
	return -EINVAL;
}

/* State table, read-write section, output sections of peer 0 and 1. */
static int map_shmem(struct ivshmem *dev, const struct shmem_layout *l)
{
	size_t size = l->state_size + l->rw_size + 2 * l->out_size;
	__u8 *shm = map("/dev/mem", l->base, size);
	__u8 *out = shm + l->state_size + l->rw_size;

	if (!shm)
		return -EIO;
	dev->state_table = (const volatile __u32 *)shm;
	dev->ch.rw = shm + l->state_size;
	dev->ch.rw_size = l->rw_size;
	dev->ch.own_out = out + dev->id * l->out_size;
	dev->ch.peer_out = out + dev->peer * l->out_size;
	return 0;
}

static int open_regs(struct ivshmem *dev)
{
	char path[PATH_MAX + 32];
	unsigned int peers;

	snprintf(path, sizeof(path), "%s/resource0", dev->dir);
	dev->regs = map(path, 0, REGS_SIZE);
	if (!dev->regs)
		return -EIO;
	dev->id = dev->regs[REG_ID / 4];
	peers = dev->regs[REG_MAX_PEERS / 4];
	if (peers != 2 || dev->id > 1) {
		fprintf(stderr, "jh-worker: %s: peer %u of %u: jobs need a "
			"device of two peers\n", dev->dir, dev->id, peers);
		return -EINVAL;
	}
	dev->peer = 1 - dev->id;
	return 0;
}

static int ivshmem_open(const char *bdf, struct ivshmem *dev)
{
	struct shmem_layout layout;
	int err;

	err = find_device(bdf, dev->dir, sizeof(dev->dir));
	if (!err)
		err = read_layout(dev->dir, &layout);
	if (!err)
		err = check_layout(dev->dir, &layout);
	if (!err)
		err = enable_device(dev->dir);
	if (!err)
		err = open_regs(dev);
	if (!err)
		err = map_shmem(dev, &layout);
	return err;
}

static void ring_peer(const struct ivshmem *dev)
{
	dev->regs[REG_DOORBELL / 4] = dev->peer << 16;	/* vector 0 */
}

static void poll_pause(void)
{
	const struct timespec pause = { .tv_nsec = POLL_NS };

	nanosleep(&pause, NULL);
}

static int serve(const struct ivshmem *dev)
{
	const struct job_result *res = dev->ch.own_out;
	__u32 last = 0;

	dev->regs[REG_STATE / 4] = JOB_STATE_READY;
	printf("jh-worker: serving jobs as peer %u of %s (polling)\n",
	       dev->id, dev->dir);
	fflush(stdout);
	for (;;) {
		if (!job_serve(&dev->ch, &last)) {
			poll_pause();
			continue;
		}
		ring_peer(dev);
		printf("jh-worker: job %u: %u bytes, status %u\n", last,
		       res->length, res->status);
		fflush(stdout);
	}
	return 0;
}

static bool peer_ready(const struct ivshmem *dev)
{
	return dev->state_table[dev->peer] == JOB_STATE_READY;
}

/* Poll until done() holds or the timeout (in ms) passes. */
static bool wait_for(const struct ivshmem *dev, long timeout_ms,
		     bool (*done)(const struct ivshmem *dev))
{
	for (; timeout_ms >= 0; timeout_ms--) {
		if (done(dev))
			return true;
		poll_pause();
	}
	return false;
}

static __u8 *read_whole(const char *path, size_t max, size_t *length)
{
	struct stat st;
	__u8 *data;
	size_t got;

	if (stat(path, &st)) {
		fprintf(stderr, "jh-worker: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	if ((size_t)st.st_size > max) {
		fprintf(stderr, "jh-worker: %s: %lld bytes, the read-write "
			"section takes %zu\n", path, (long long)st.st_size,
			max);
		return NULL;
	}
	data = malloc(st.st_size + 1);
	if (!data || read_file(path, data, st.st_size + 1, &got) ||
	    got != (size_t)st.st_size) {
		fprintf(stderr, "jh-worker: %s: cannot read it whole\n", path);
		free(data);
		return NULL;
	}
	*length = got;
	return data;
}

static int await_digest(const struct ivshmem *dev, __u32 id, long timeout_ms,
			__u8 digest[JOB_DIGEST_SIZE])
{
	int err = -EAGAIN;

	for (; err == -EAGAIN && timeout_ms >= 0; timeout_ms--) {
		err = job_result(&dev->ch, id, digest);
		if (err == -EAGAIN)
			poll_pause();
	}
	if (err == -EIO)
		fprintf(stderr, "jh-worker: job %u: peer %u refused it (status"
			" %u)\n", id, dev->peer,
			((const struct job_result *)dev->ch.peer_out)->status);
	else if (err)
		fprintf(stderr, "jh-worker: job %u: no answer from peer %u\n",
			id, dev->peer);
	return err;
}

static int submit(const struct ivshmem *dev, const char *path, long timeout_ms)
{
	__u8 digest[JOB_DIGEST_SIZE], *data;
	size_t length;
	unsigned int n;
	__u32 id;
	int err;

	data = read_whole(path, job_max_length(&dev->ch), &length);
	if (!data)
		return -EINVAL;
	if (!wait_for(dev, timeout_ms, peer_ready)) {
		fprintf(stderr, "jh-worker: peer %u not serving (state 0x%x)\n",
			dev->peer, dev->state_table[dev->peer]);
		free(data);
		return -ETIMEDOUT;
	}
	id = job_next_id(&dev->ch);
	err = job_post(&dev->ch, id, data, length);
	free(data);
	if (err)
		return err;
	ring_peer(dev);
	err = await_digest(dev, id, timeout_ms, digest);
	if (err)
		return err;
	for (n = 0; n < JOB_DIGEST_SIZE; n++)
		printf("%02x", digest[n]);
	printf("  %s\n", path);
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: jh-worker [--device BDF] serve\n"
		"       jh-worker [--device BDF] [--timeout SECONDS] submit FILE\n"
		"SHA-256 jobs over a two-peer Jailhouse ivshmem v2 device.\n"
		"  serve        answer jobs forever (in the Linux cell)\n"
		"  submit FILE  hash FILE in the peer, print it as sha256sum\n"
		"               does (in the root cell)\n"
		"  --device BDF the device, e.g. 0000:00:0e.0 (default: the\n"
		"               first 110a:4106)\n"
		"  --timeout S  how long submit waits for the peer (default 10)\n");
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "timeout", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct ivshmem dev;
	const char *bdf = NULL;
	long timeout_ms = 10000;
	int opt;

	while ((opt = getopt_long(argc, argv, "d:t:h", options, NULL)) != -1) {
		if (opt == 'h') {
			usage(stdout);
			return 0;
		}
		if (opt == 'd')
			bdf = optarg;
		else if (opt == 't' && atol(optarg) > 0)
			timeout_ms = atol(optarg) * 1000;
		else
			goto bad_usage;
	}
	argc -= optind;
	argv += optind;
	if (argc == 1 && !strcmp(argv[0], "serve"))
		return ivshmem_open(bdf, &dev) || serve(&dev) ? 1 : 0;
	if (argc == 2 && !strcmp(argv[0], "submit"))
		return ivshmem_open(bdf, &dev) ||
		       submit(&dev, argv[1], timeout_ms) ? 1 : 0;
bad_usage:
	usage(stderr);
	return 2;
}
