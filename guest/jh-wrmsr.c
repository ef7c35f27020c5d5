// SPDX-License-Identifier: GPL-2.0
/*
 * jh-wrmsr CPU MSR VALUE: write an MSR from user space through
 * /dev/cpu/CPU/msr, as hostile root inside a Linux cell would
 * (tests/vm/scenarios/linux-cell.sh). Exit 0 if the write went through,
 * 1 with the kernel's error (EIO: the CPU raised #GP) otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int parse(const char *what, const char *arg, unsigned long long *out)
{
	char *end;

	errno = 0;
	*out = strtoull(arg, &end, 0);
	if (errno || end == arg || *end) {
		fprintf(stderr, "jh-wrmsr: %s: not a number: %s\n", what, arg);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long long cpu, msr, value;
	char path[64];
	uint64_t data;
	ssize_t done;
	int fd;

	if (argc == 2 && (!strcmp(argv[1], "-h") ||
			  !strcmp(argv[1], "--help"))) {
		puts("usage: jh-wrmsr CPU MSR VALUE");
		return 0;
	}
	if (argc != 4 || parse("CPU", argv[1], &cpu) ||
	    parse("MSR", argv[2], &msr) || parse("VALUE", argv[3], &value)) {
		fputs("usage: jh-wrmsr CPU MSR VALUE\n", stderr);
		return 2;
	}
	snprintf(path, sizeof(path), "/dev/cpu/%llu/msr", cpu);
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "jh-wrmsr: %s: %s\n", path, strerror(errno));
		return 1;
	}
	data = value;
	done = pwrite(fd, &data, sizeof(data), (off_t)msr);
	if (done != sizeof(data)) {
		fprintf(stderr, "jh-wrmsr: MSR 0x%llx: %s\n", msr,
			done < 0 ? strerror(errno) : "short write");
		close(fd);
		return 1;
	}
	close(fd);
	printf("jh-wrmsr: MSR 0x%llx written\n", msr);
	return 0;
}
