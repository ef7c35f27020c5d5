# SPDX-License-Identifier: GPL-2.0
# The one rule that builds lib/ for a world (hypervisor, inmates, host).
# The including Makefile sets TOP (the tree, relative) and LIB_OUT (the
# folder for its own lib/ objects: worlds never share an object file),
# then lists $(LIB_OUT)/NAME.o where it needs lib/NAME.c. The world's
# CFLAGS apply; lib/env.h picks the world's headers.
$(LIB_OUT)/%.o: $(TOP)/lib/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<
