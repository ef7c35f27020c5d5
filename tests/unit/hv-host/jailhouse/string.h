/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host stand-in for the hypervisor's <jailhouse/string.h>: hypervisor
 * sources built into unit tests use the host C library's string functions.
 */
#include <string.h>
