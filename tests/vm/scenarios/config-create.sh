#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu qemu-amdvi
# jh-config create on the machine itself: its config carries the
# firmware's map, the root BARs and the pins Linux drivers hold, builds,
# passes check together with the shipped sandbox cells, is signed, and
# enables the hypervisor with signatures enforced; then a sandbox cell
# runs on it. On qemu-amdvi the unit comes from the IVRS: AMD-Vi goes on
# and the shipped sandbox policy admits the cell.
# com2: sandbox-demo: round [0-9]+, checksum 0x[0-9a-f]+, 0 mismatches
set -eu
fail() { echo "config-create: FAIL: $*"; dmesg | tail -n 5; exit 1; }
. /jailhouse/tests/vm/lib/signed.sh
cd /tmp

jh-config create -o sys.conf || fail "create"
cat sys.conf
if [ "$JH_MACHINE" = qemu-amdvi ]; then
	grep -q "{type: amd, base: 0xfed80000, size: 16K, start-bus: 0, end-bus: 0}" \
		sys.conf || fail "no AMD-Vi unit from the IVRS"
	grep -q 'bdf: "00:04.0"' sys.conf && fail "the unit's function in the root"
fi
# What the offline check needs of the machine: the firmware's map (the
# ACPI tables reserved), the root devices' BARs, the pins Linux drivers
# hold (COM1's 4, the console); show gives them back from the binary.
jh-config build sys.conf -o sys.cell || fail "build"
jh-config show sys.cell >shown.conf
grep -q "type: reserved}" shown.conf || fail "no reserved firmware range"
grep -q "^  root-bars:" shown.conf || fail "no root BARs"
sed -n '/^  root-irqs:/{n;p}' shown.conf | grep -q "pins: \[.*[[ ]4[],-]" ||
	fail "COM1's pin 4 not among the root pins"
jh-config check sys.cell /jailhouse/configs/x86/sandbox-demo.cell ||
	fail "check"
signed_load_module
jh-sign /lib/firmware/jailhouse.bin
jh-sign sys.cell
jailhouse enable sys.cell || fail "enable with the created config"
[ "$JH_MACHINE" != qemu-amdvi ] ||
	jailhouse console | grep -q "AMD-Vi: 1 unit(s)" || fail "AMD-Vi not on"
signed_policy
cp /jailhouse/configs/x86/sandbox-demo.cell demo.cell
jh-sign demo.cell
cp /jailhouse/inmates/demos/x86/sandbox-demo.bin demo.bin
jh-sign --cell sandbox-demo demo.bin
jailhouse cell create demo.cell || fail "cell create"
jailhouse cell load sandbox-demo demo.bin || fail "cell load"
jailhouse cell start sandbox-demo || fail "cell start"
sleep 1
jailhouse cell destroy sandbox-demo || fail "cell destroy"
jailhouse disable || fail "disable"
echo "config-create: ok"
