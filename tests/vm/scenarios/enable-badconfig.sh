#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# System configs with a fault are refused before any CPU enters the
# hypervisor, with a message naming the fault, and Linux goes on: regions
# that overlap, a region over the hypervisor's memory, a CPU that does
# not exist. The good config then still enables, and so does one whose
# root cell has an ivshmem device with empty sections.
set -e
fail() { echo "enable-badconfig: FAIL: $*"; exit 1; }

insmod kernel-module/jailhouse.ko sig_enforce=0
jh-config show configs/x86/qemu-svm.cell > /tmp/good.conf

# refuse NAME SED-SCRIPT EXPECTED-MESSAGE
refuse() {
	sed "$2" /tmp/good.conf > "/tmp/$1.conf"
	cmp -s /tmp/good.conf "/tmp/$1.conf" && fail "$1: sed changed nothing"
	jh-config build "/tmp/$1.conf" -o "/tmp/$1.cell"
	if jailhouse enable "/tmp/$1.cell"; then
		fail "$1: enabled"
	fi
	dmesg | tail -n 5 | grep -q "$3" || fail "$1: no message '$3'"
	echo "enable-badconfig: $1 refused"
}

refuse overlap '/^  memory:/a\    - {phys: 0x200000, size: 4K, flags: [read, write]}' \
	'system config: root cell memory region'
refuse hvmem 's/{phys: 0x3c000000, size: 48M/{phys: 0x3b000000, size: 64M/' \
	'system config: root cell memory region'
refuse cpu 's/cpus: \[0-3\]/cpus: [0-4]/' \
	'CPU 4 of the root cell does not exist'

# Nothing reached the hypervisor, and Linux goes on.
[ -z "$(jailhouse console)" ] || fail "a CPU entered the hypervisor"
echo data | sha256sum > /dev/null
jailhouse enable configs/x86/qemu-svm.cell
jailhouse disable

# A root cell with an ivshmem device whose output sections are empty, as
# `jh-config import` makes Jailhouse's qemu-x86: empty regions map nothing
# (an INTx device, which the hypervisor leaves absent), and the root cell
# enables.
awk '/phys: 0x3c000000, size: 48M/ {
	print "    - {phys: 0x3c000000, size: 4K, flags: [read]}"
	print "    - {phys: 0x3c001000, size: 4K, flags: [read, write]}"
	print "    - {size: 0}"
	print "    - {size: 0}"
	print "    - {phys: 0x3c002000, size: 0x2ffe000,"
	print "       flags: [read, write, execute, dma]}"
	next
}
/^  pci:/ {
	print
	print "    - {bdf: \"01:0e.0\", type: ivshmem, class: 0xff0000,"
	print "       shmem-regions: 4, shmem-id: 0, shmem-peers: 2}"
	next
}
{ print }' /tmp/good.conf >/tmp/ivshmem.conf
jh-config build /tmp/ivshmem.conf -o /tmp/ivshmem.cell
jailhouse enable /tmp/ivshmem.cell || fail "root cell with ivshmem refused"
jailhouse disable
echo "enable-badconfig: ok"
