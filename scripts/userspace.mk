# SPDX-License-Identifier: GPL-2.0
# Common flags for the user-space parts (tools, signer, policy, tests).
CC ?= gcc
WARNINGS := -Wall -Wextra -Werror -Wmissing-prototypes -Wstrict-prototypes \
	-Wshadow -Wundef
CFLAGS ?= -O2 -g
USERSPACE_TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
CFLAGS += -std=gnu11 $(WARNINGS) -I$(USERSPACE_TOP)/include \
	-D_GNU_SOURCE -MMD -MP

%.o: %.c
	$(CC) $(CFLAGS) -c -o $@ $<
