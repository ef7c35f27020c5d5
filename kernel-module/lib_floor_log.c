// SPDX-License-Identifier: GPL-2.0
/* See lib_image.c: kbuild compiles only sources below the module dir. */
#include "../lib/floor-log.c"
