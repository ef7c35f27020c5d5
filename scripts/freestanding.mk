# SPDX-License-Identifier: GPL-2.0
# Common flags for the freestanding parts (hypervisor, inmates). Built with
# the host compiler, but with nothing of the host's C library or ABI
# conveniences: no SSE, MMX or x87 (guest registers are not saved on entry),
# no red zone (interrupts use the stack), no PIC (each part is linked at a
# fixed address). The including Makefile adds its code model, include paths
# and anything of its own.
CC ?= gcc
WARNINGS := -Wall -Wextra -Werror -Wmissing-prototypes -Wstrict-prototypes \
	-Wshadow -Wundef
FREESTANDING_CFLAGS := -std=gnu11 -O2 -g $(WARNINGS) -ffreestanding \
	-nostdinc -isystem $(shell $(CC) -print-file-name=include) \
	-fno-pic -fno-pie -mno-red-zone \
	-mno-sse -mno-sse2 -mno-mmx -mno-80387 -mno-avx \
	-fno-stack-protector -fno-common -fno-strict-aliasing \
	-fno-asynchronous-unwind-tables
FREESTANDING_LDFLAGS := -nostdlib -static -no-pie -Wl,--build-id=none \
	-z noexecstack -z max-page-size=4096
