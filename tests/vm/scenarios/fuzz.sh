#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The fuzzers, with modest counts (seeds are printed; rerun one by hand
# with more iterations to dig deeper):
# - hypercall-fuzz (inmates/tests/x86) in the signed sandbox-demo cell:
#   random codes and arguments; the cell must be failed by the hypervisor
#   at its first code other than the console call, or, if it made only
#   console calls, still answer a shutdown request;
# - jh-hcfuzz.ko (tests/hostile): random hypercalls from ring 0 of the
#   root cell on every CPU, DISABLE excepted;
# - ioctl-fuzz (tests/hostile): random requests to /dev/jailhouse from 4
#   processes while a shell loop creates, loads, starts and destroys the
#   cell.
# - dev-fuzz (inmates/tests/x86) in rounds, seeds 1 to DEV_FUZZ_ROUNDS
#   (default 10, at most DEV_FUZZ_SECONDS, default 120 s, of rounds): in
#   the cell dev-fuzz (its config below: the xAPIC/x2APIC, the IOAPIC
#   with its pin 3, configuration space by ports and MMCONFIG, an ivshmem
#   device with MSI-X at 00:0e.0, edu's MSI capability at 00:03.0, the PM
#   timer) random accesses the cell may make, then one hostile access of
#   class seed % 10; each round must end with the cell failed by the
#   hypervisor after the hostile access, not before, and destroyed.
# Afterwards: no hypervisor panic, no kernel oops, warning or RCU stall,
# the pool use as at the start, every CPU online, a cell still runs, and
# the hypervisor still disables and enables.
# com2: hypercall-fuzz: seed 1, 200 iterations, 50 console calls first
# com2: hypercall-fuzz: seed 3, 200 iterations
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
. tests/vm/lib/dev-fuzz.sh
work=/tmp/fuzz
mkdir -p $work
# dev-fuzz's cell: CPU 3 with COM2's IOAPIC pin, and edu's MSI.
WORK=$work
DEV_FUZZ_CPU=3
DEV_FUZZ_DEVICES='    - {bdf: "00:03.0", class: 0x00ff00, iommu: 0}   # edu
  ioapic-pins:
    - {ioapic: 0, pins: [3]}'
DEV_FUZZ_ARGS="ops=3000 ivshmem=0x70 msi=0x18 pin=3"
cell=sandbox-demo
fail() { echo "fuzz: FAIL: $*"; jailhouse console | tail -n 8; exit 1; }
step() { echo "--- fuzz: $*"; }
pool() { jailhouse hypervisor info | sed -n 's/^Memory pool: *//p'; }
online() { cat /sys/devices/system/cpu/online; }
state() {
	jailhouse cell list | sed -n "s/^[0-9]*  *$cell  *\(.*[^ ]\)  *3$/\1/p"
}
refusals() { jailhouse console | grep -c "hypercall [0-9]* refused" || true; }

# healthy WHEN: the checks every phase ends with.
healthy() {
	if dmesg | grep -E "BUG:|Oops|WARNING:|general protection" ||
		dmesg | grep -E "rcu.*stall|No irq handler"; then
		fail "$1: the kernel log shows the lines above"
	fi
	jailhouse console | grep -q PANIC && fail "$1: hypervisor panic"
	[ "$(online)" = 0-3 ] || fail "$1: online CPUs $(online)"
	[ "$(pool)" = "$pool0" ] || fail "$1: pool use '$(pool)', was '$pool0'"
	echo "fuzz: $1: healthy"
}

# cell_fuzz SEED PUTC: one run of the fuzzer inmate.
cell_fuzz() {
	printf 'seed=%s iterations=200 putc=%s' "$1" "$2" >$work/cmd
	jh-sign --cell $cell $work/cmd
	before=$(refusals)
	jailhouse cell create $work/cell
	jailhouse cell load $cell $work/hcfuzz.bin $work/cmd -a 0x1000
	jailhouse cell start $cell
	sleep 1
	case "$(state)" in
	failed)
		[ "$(refusals)" -gt "$before" ] ||
			fail "seed $1: failed, but not for a hypercall" ;;
	running)
		jailhouse cell shutdown $cell ||
			fail "seed $1: no answer after console calls only" ;;
	*) fail "seed $1: cell state '$(state)'" ;;
	esac
	jailhouse cell destroy $cell
	echo "fuzz: cell seed $1: ok"
}

# cycle_cells SECONDS: create/load/start/destroy, failures tolerated
# (the ioctl fuzzer destroys and creates cells too).
cycle_cells() {
	end=$(($(date +%s) + $1))
	ok=0
	while [ "$(date +%s)" -lt $end ]; do
		jailhouse cell create $work/cell 2>/dev/null &&
		jailhouse cell load $cell $work/demo.bin 2>/dev/null &&
		jailhouse cell start $cell 2>/dev/null && ok=$((ok + 1))
		jailhouse cell destroy $cell 2>/dev/null || true
	done
	echo "fuzz: $ok complete cell cycles beside the ioctl fuzzer"
}

step "setup"
signed_load_module
signed_enable
signed_policy
jh-sign -o $work/cell configs/x86/sandbox-demo.cell
jh-sign --cell $cell -o $work/hcfuzz.bin inmates/tests/x86/hypercall-fuzz.bin
jh-sign --cell $cell -o $work/demo.bin inmates/demos/x86/sandbox-demo.bin
pool0=$(pool)

step "cell names with control characters"
for name in "$(printf 'x\nBUG: injected')" "$(printf 'x\033[2J')"; do
	jailhouse cell destroy "$name" 2>/dev/null &&
		fail "destroy of a cell name with control characters accepted"
done
dmesg | grep -q "injected\|$(printf '\033')" &&
	fail "a cell name with control characters reached the kernel log"

step "hypercalls from a sandbox cell"
cell_fuzz 1 50
for seed in 2 3; do
	cell_fuzz $seed 0
done
healthy "cell hypercalls"

step "hypercalls from the root cell"
insmod tests/hostile/jh-hcfuzz.ko seed=1 iterations=3000
rmmod jh_hcfuzz
dmesg | grep jh_hcfuzz | tail -n 2
jailhouse hypervisor info >/dev/null || fail "hypervisor info after root fuzz"
healthy "root hypercalls"

step "ioctls while cells cycle"
cycle_cells 14 &
loop=$!
tests/hostile/ioctl-fuzz -s 1 -p 4 -n 20000 -t 12 -c $cell -c x \
	$work/cell $work/demo.bin /tmp/keys/sys.cell /tmp/keys/sandbox.pol ||
	fail "ioctl-fuzz: a process died"
wait $loop
jailhouse cell destroy $cell 2>/dev/null || true
[ "$(jailhouse cell list | wc -l)" = 1 ] || fail "a cell is still listed"
healthy "ioctls"

step "device accesses from a cell, in rounds"
dev_fuzz_setup
dev_rounds "${DEV_FUZZ_ROUNDS:-10}" "${DEV_FUZZ_SECONDS:-120}"
healthy "device accesses"
signed_policy

step "still works"
cell_fuzz 4 0
jailhouse cell create $work/cell
jailhouse cell load $cell $work/demo.bin
jailhouse cell start $cell
sleep 1
[ "$(state)" = running ] || fail "sandbox-demo: state '$(state)'"
jailhouse cell destroy $cell
jailhouse disable
signed_enable
[ "$(pool)" = "$pool0" ] || fail "pool use '$(pool)' after enable"
jailhouse disable
rmmod jailhouse
echo "fuzz: ok"
