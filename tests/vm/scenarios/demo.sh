#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What `make demo` shows: the loader in the stock Debian kernel, and what
# is inside the machine. Grows into the full signed-sandbox story as the
# hypervisor and cells land.
set -e
banner() { printf '\n===== %s\n' "$*"; }

banner "Debian's stock kernel, unmodified"
uname -a
banner "Loading jailhouse.ko (exported symbols only)"
insmod kernel-module/jailhouse.ko
ls -l /dev/jailhouse
banner "Asking the loader through /dev/jailhouse"
jailhouse --version
banner "Hypervisor image, configs and inmates in this machine"
find /jailhouse /lib/firmware -type f | sort
banner "Memory reserved for the hypervisor and its cells"
grep -i 3b000000 /proc/iomem
rmmod jailhouse
banner "demo: ok"
