// SPDX-License-Identifier: GPL-2.0
/*
 * TSC cycles per 32-bit store to, and load from, one device register at
 * a physical address, through /dev/mem (tests/bench/msix runs it on an
 * MSI-X table entry's data word, natively and under the hypervisor).
 *
 * Usage: msix-write ADDRESS [COUNT]   (COUNT default 1000)
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <x86intrin.h>

#define PAGE 4096UL

static volatile uint32_t *map_reg(unsigned long addr)
{
	void *page;
	int fd = open("/dev/mem", O_RDWR | O_SYNC);

	if (fd < 0)
		return NULL;
	page = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		    addr & ~(PAGE - 1));
	close(fd);
	if (page == MAP_FAILED)
		return NULL;
	return (volatile uint32_t *)((char *)page + (addr & (PAGE - 1)));
}

int main(int argc, char **argv)
{
	unsigned long addr, count, n;
	volatile uint32_t *reg;
	uint64_t start, stores, loads;
	uint32_t value;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s ADDRESS [COUNT]\n", argv[0]);
		return 2;
	}
	addr = strtoul(argv[1], NULL, 0);
	count = argc > 2 ? strtoul(argv[2], NULL, 0) : 1000;
	reg = map_reg(addr);
	if (!reg || !count || addr % 4) {
		perror("msix-write: /dev/mem");
		return 1;
	}
	value = *reg;
	start = __rdtsc();
	for (n = 0; n < count; n++)
		*reg = value;
	stores = __rdtsc() - start;
	start = __rdtsc();
	for (n = 0; n < count; n++)
		value = *reg;
	loads = __rdtsc() - start;
	printf("0x%lx: %lu stores, %lu cycles each; loads %lu cycles each\n",
	       addr, count, (unsigned long)(stores / count),
	       (unsigned long)(loads / count));
	return 0;
}
