#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# A cell of three CPUs (1-3, as Jailhouse's smp-demo config has them)
# runs inmates/tests/x86/smp-start the way Jailhouse's smp-demo runs:
# every CPU arrives at the reset address when the cell starts, the first
# waits for all of them, then starts each other one with INIT and SIPI
# through the x2APIC ICR MSR and waits for its IPI back. Started again
# without a new image, it does the same. The config is written here:
# its CPUs are other cells' too, so it is not among the shipped configs
# that are checked together, and a policy class of its own admits it.
# After destroy Linux has all four CPUs again.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
work=/tmp/smp
mkdir -p $work
fail() { echo "cell-smp: FAIL: $*"; jailhouse console | tail -n 8; exit 1; }

cat >$work/smp.conf <<CONF
cell:
  name: "smp-test"
  flags: [virtual-console-permitted, virtual-console-active]
  security-version: 1
  cpus: [1-3]
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
    max-cpus: 3
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
[ "$(cat /sys/devices/system/cpu/online)" = 0 ] ||
	fail "online CPUs with the cell: $(cat /sys/devices/system/cpu/online)"
jailhouse cell load smp-test $work/smp.bin
results() {
	[ "$(jailhouse console | grep -c "smp-start: Test result")" -ge $1 ]
}
# run N: the Nth start; its SUCCESS line, and both other CPUs answered.
run() {
	jailhouse cell start smp-test
	wait_until 30 results $1 || fail "no result from smp-start (run $1)"
	jailhouse console | grep "smp-start:" | tail -n 7
	[ "$(jailhouse console | grep -c "smp-start: Test result: SUCCESS")" \
		-eq $1 ] || fail "smp-start did not succeed (run $1)"
	[ "$(jailhouse console | grep -c "smp-start: IPI from APIC id")" \
		-eq $((2 * $1)) ] || fail "not every CPU answered (run $1)"
}
run 1
jailhouse console | grep -q "smp-start: boot CPU [1-3], 3 of 3 CPUs" ||
	fail "not all three CPUs arrived at the reset address"
jailhouse cell shutdown smp-test
run 2
jailhouse cell list | grep -q "smp-test  *running" ||
	fail "cell state: $(jailhouse cell list)"
jailhouse cell destroy smp-test
[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] ||
	fail "online CPUs after destroy: $(cat /sys/devices/system/cpu/online)"
jailhouse disable
rmmod jailhouse
echo "cell-smp: ok"
