// SPDX-License-Identifier: GPL-2.0
#include "../../lib/fuzz.c"
