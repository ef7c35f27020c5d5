#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# A cell of two CPUs (2 and 3) whose boot CPU starts the other as
# Jailhouse's inmate library does (INIT and SIPI through the x2APIC ICR
# MSR): inmates/tests/x86/smp-start on the hypervisor's console. The
# config is written here: its CPUs are sandbox-demo's and pci-demo's, so
# it is not among the shipped configs that are checked together, and a
# policy class of its own admits it. After destroy Linux has all four
# CPUs again.
set -eu
. tests/vm/lib/signed.sh
work=/tmp/smp
mkdir -p $work
fail() { echo "cell-smp: FAIL: $*"; jailhouse console | tail -n 8; exit 1; }

cat >$work/smp.conf <<CONF
cell:
  name: "smp-test"
  flags: [virtual-console-permitted, virtual-console-active]
  security-version: 1
  cpus: [2, 3]
  memory:
    - {phys: 0x3c800000, virt: 0, size: 1M,
       flags: [read, write, execute, loadable]}
    - {virt: 0x100000, size: 4K, flags: [read, write, comm-region]}
CONF

cat >$work/smp.policy <<POLICY
classes:
  - name: smp
    cells: ["smp-*"]
    max-memory: 1M
    max-cpus: 2
    root-shared: false
    min-security-version: 1
POLICY

signed_load_module
signed_enable
jh-policy compile $work/smp.policy -o $work/smp.pol
jh-sign --type policy $work/smp.pol
jailhouse policy load $work/smp.pol
jh-config build $work/smp.conf -o $work/smp.cell
jh-sign $work/smp.cell
jh-sign --cell smp-test -o $work/smp.bin inmates/tests/x86/smp-start.bin
jailhouse cell create $work/smp.cell
[ "$(cat /sys/devices/system/cpu/online)" = 0-1 ] ||
	fail "online CPUs with the cell: $(cat /sys/devices/system/cpu/online)"
jailhouse cell load smp-test $work/smp.bin
jailhouse cell start smp-test
i=0
until jailhouse console | grep -q "smp-start: Test result"; do
	[ $i -lt 30 ] || fail "no result from smp-start"
	sleep 1
	i=$((i + 1))
done
jailhouse console | grep -q "smp-start: APIC id 3 started and running" ||
	fail "CPU 3 did not start"
jailhouse console | grep -q "smp-start: Test result: SUCCESS" ||
	fail "smp-start did not succeed"
jailhouse cell list | grep -q "smp-test  *running" ||
	fail "cell state: $(jailhouse cell list)"
jailhouse cell destroy smp-test
[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] ||
	fail "online CPUs after destroy: $(cat /sys/devices/system/cpu/online)"
jailhouse disable
rmmod jailhouse
echo "cell-smp: ok"
