#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# A failure inside the hypervisor, after every CPU entered it, unwinds
# fully: the config passes the loader's checks, but its root cell needs
# more nested page tables (no huge pages over 943 MiB) than 1 MiB of
# hypervisor memory holds. Every CPU comes back native with the error,
# the console says why, Linux goes on, and the good config then enables.
set -e
fail() { echo "enable-unwind: FAIL: $*"; exit 1; }

insmod kernel-module/jailhouse.ko sig_enforce=0
jh-config show configs/x86/qemu-svm.cell |
	sed -e 's/hypervisor-memory: {phys: 0x3b000000, size: 16M}/hypervisor-memory: {phys: 0x3b000000, size: 1M}/' \
	    -e 's/{phys: 0x100000, size: 943M, flags: \[read, write, execute, dma\]}/{phys: 0x100000, size: 943M, flags: [read, write, execute, dma, no-hugepages]}/' \
	> /tmp/small.conf
grep -q no-hugepages /tmp/small.conf || fail "config not rewritten"
jh-config build /tmp/small.conf -o /tmp/small.cell

if jailhouse enable /tmp/small.cell; then
	fail "enabled with too little memory"
fi
jailhouse console > /tmp/console
cat /tmp/console
for cpu in 0 1 2 3; do
	grep -q "CPU $cpu: enable failed (-12)" /tmp/console ||
		fail "CPU $cpu did not report the failure"
done

# Linux goes on, natively, and a good enable works afterwards.
dd if=/dev/urandom of=/tmp/data bs=1M count=8 2>/dev/null
sha256sum /tmp/data > /tmp/sum
jailhouse enable configs/x86/qemu-svm.cell
sha256sum -c /tmp/sum
jailhouse disable
rmmod jailhouse
echo "enable-unwind: ok"
