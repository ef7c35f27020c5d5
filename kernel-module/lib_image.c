// SPDX-License-Identifier: GPL-2.0
/* lib/ code is shared with the hypervisor and the host tools; kbuild only
 * compiles sources below the module directory, hence this one line. */
#include "../lib/image.c"
