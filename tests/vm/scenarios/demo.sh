#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What `make demo` shows: the signed chain of trust and the hypervisor
# under Debian's stock kernel. Not run by make check (the scenarios it
# walks through are, each with its own assertions).
set -e
. /jailhouse/tests/vm/lib/signed.sh
banner() { printf '\n===== %s\n' "$*"; }

banner "Debian's stock kernel, unmodified"
uname -a

banner "Loading jailhouse.ko and trusting a fresh development key"
signed_load_module
jailhouse keyring list

banner "An unsigned system config is refused before anything runs"
if jailhouse enable configs/x86/qemu-svm.cell; then
	echo "demo: unsigned config accepted" && exit 1
fi
dmesg | grep 'jailhouse:' | tail -n 1

banner "Signing jailhouse.bin and the system config, then enabling"
signed_enable
echo "CPUs in the hypervisor: $(jailhouse console | grep -c activating)"

banner "Linux now runs as the root cell; it keeps working"
dd if=/dev/urandom of=/tmp/data bs=1M count=16 2>/dev/null
sha256sum /tmp/data

banner "What the loader measured"
jailhouse measurements

banner "Hypervisor memory and VM exits"
jailhouse hypervisor info

banner "Disabling: every CPU back to native mode"
jailhouse disable
sha256sum /tmp/data
rmmod jailhouse
banner "demo: ok"
