#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# jh-config create on the machine itself: its config builds, passes check
# together with the shipped sandbox cells, is signed, and enables the
# hypervisor with signatures enforced; then a sandbox cell runs on it.
# com2: sandbox-demo: round [0-9]+, checksum 0x[0-9a-f]+, 0 mismatches
set -eu
fail() { echo "config-create: FAIL: $*"; dmesg | tail -n 5; exit 1; }
. /jailhouse/tests/vm/lib/signed.sh
cd /tmp

jh-config create -o sys.conf || fail "create"
cat sys.conf
jh-config build sys.conf -o sys.cell || fail "build"
jh-config check sys.cell /jailhouse/configs/x86/sandbox-demo.cell ||
	fail "check"
signed_load_module
jh-sign /lib/firmware/jailhouse.bin
jh-sign sys.cell
jailhouse enable sys.cell || fail "enable with the created config"
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
