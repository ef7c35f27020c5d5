// SPDX-License-Identifier: GPL-2.0
#include "../lib/linux-boot.c"
