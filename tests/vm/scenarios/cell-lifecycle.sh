#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The life of a signed sandbox cell (docs/cells.md): create (CPU 3 leaves
# Linux), refusals while it exists, load the signed sandbox-demo image,
# start, its output on COM2,
# list (also as JSON) and stats, shutdown, destroy (CPU 3 back, the
# cell's memory reads zero from the root; while the cell exists the root
# never maps it, see trust-chain.sh), then 50 create/load/start/destroy cycles with the
# hypervisor's pool use back at its start value and every CPU online.
# com2: sandbox-demo: sealed compute workload started
# com2: sandbox-demo: .*progress every 1000 rounds
# com2: sandbox-demo: round [0-9]+, checksum
# com2: sandbox-demo: shutdown request approved
# com2: apic-demo: [0-9]+ ticks, jitter min -?[0-9]+ avg -?[0-9]+ max
# com2: apic-demo: shutdown request approved
set -eu
. tests/vm/lib/signed.sh
work=/tmp/life
mkdir -p $work
cell=sandbox-demo
mem=$((0x3c000000))
step() { echo "--- cell-lifecycle: $*"; }
fail() { echo "cell-lifecycle: FAIL: $*"; dmesg | tail -n 5; exit 1; }
online() { cat /sys/devices/system/cpu/online; }
pool() { jailhouse hypervisor info | sed -n 's/^Memory pool: *//p'; }
state_is() { jailhouse cell list | grep -q " $cell  *$1  *3$"; }

# refused ERRNO-TEXT COMMAND...: the command fails with that errno text.
refused() {
	text=$1
	shift
	if "$@" 2>$work/err; then
		fail "'$*' succeeded"
	fi
	grep -q "$text" $work/err || fail "'$*': $(cat $work/err)"
	echo "refused '$*': $(dmesg | tail -n 1)"
}

# cell_bytes COUNT: the first COUNT bytes of the cell's RAM, from root.
cell_bytes() {
	dd if=/dev/mem bs=4096 skip=$((mem / 4096)) \
		count=$((($1 + 4095) / 4096)) 2>/dev/null | head -c "$1"
}

step "signed hypervisor, config, policy, cell and image"
signed_load_module
signed_enable
signed_policy
jh-sign -o $work/cell configs/x86/sandbox-demo.cell
jh-sign --cell $cell -o $work/demo.bin inmates/demos/x86/sandbox-demo.bin
jh-sign --cell other -o $work/other.bin inmates/demos/x86/sandbox-demo.bin
printf 'progress=1000' >$work/cmdline
jh-sign --cell $cell $work/cmdline
pool0=$(pool)

step "create"
jailhouse cell create $work/cell
[ "$(online)" = 0-2 ] || fail "online CPUs after create: $(online)"
state_is "shut down" || fail "not listed as shut down"
jailhouse cell list --json | tee $work/list.json
grep -q '{"id": 1, "name": "sandbox-demo", "state": "shut down", "cpus": \[3\], "failed_cpus": \[\]}' \
	$work/list.json || fail "cell list --json: $(cat $work/list.json)"
refused "File exists" jailhouse cell create $work/cell
# The loader's reason is shown with the refusal; no dmesg pointer.
grep -q "^jailhouse: kernel log: jailhouse: cell 'sandbox-demo': name: a cell of this name exists" \
	$work/err || fail "the loader's reason not shown: $(cat $work/err)"
! grep -q "dmesg" $work/err || fail "points at dmesg: $(cat $work/err)"
refused "Device or resource busy" jailhouse disable

step "load"
refused "Invalid cross-device link" jailhouse cell load $cell $work/other.bin
refused "No data available" jailhouse cell load $cell \
	inmates/demos/x86/sandbox-demo.bin
refused "Numerical result out of range" jailhouse cell load $cell \
	$work/demo.bin -a 0x100000
refused "Numerical result out of range" jailhouse cell load $cell \
	$work/demo.bin -a 0xfffff
jailhouse cell load $cell $work/demo.bin
jailhouse cell load $cell $work/demo.bin $work/cmdline -a 0x1000

step "start"
# By id, and by --name, as Jailhouse's command line takes them.
jailhouse cell start 1
sleep 5
state_is running || fail "not running"
jailhouse cell list
jailhouse cell stats --name $cell
jailhouse cell stats --name $cell --json | tee $work/stats.json
grep -q '^{"id": 1, "name": "sandbox-demo", "state": "running", "cpus": \[$' \
	$work/stats.json && grep -q '^  {"cpu": 3, "state": "running", "vmexits": {"total": [0-9]*, ' \
	$work/stats.json || fail "cell stats --json: $(cat $work/stats.json)"
jailhouse hypervisor info --json | tee $work/info.json
grep -q '^{"memory_pool": {"used": [0-9]*, "size": [0-9]*}, "remap_pool": ' \
	$work/info.json || fail "hypervisor info --json: $(cat $work/info.json)"
refused "no such cell" jailhouse cell stats 2
# cell linux opens every file before it creates anything.
refused "bzImage: No such file or directory" jailhouse cell linux \
	$work/cell bzImage -l inmates/tools/x86/linux-loader.bin
state_is running || fail "cell linux touched the running cell"

step "shutdown"
jailhouse cell shutdown $cell
state_is "shut down" || fail "not shut down"

step "destroy"
jailhouse cell destroy $cell
[ "$(online)" = 0-3 ] || fail "online CPUs after destroy: $(online)"
[ "$(jailhouse cell list | wc -l)" = 1 ] || fail "a cell is still listed"
[ "$(cell_bytes $((1 << 20)) | tr -d '\000' | wc -c)" = 0 ] ||
	fail "the cell's memory is not zero after destroy"
[ "$(pool)" = "$pool0" ] || fail "pool use '$(pool)', at start '$pool0'"

step "50 cycles"
n=1
while [ $n -le 50 ]; do
	jailhouse cell create $work/cell
	jailhouse cell load $cell $work/demo.bin
	jailhouse cell start $cell
	jailhouse cell destroy $cell
	[ "$(online)" = 0-3 ] || fail "cycle $n: online CPUs $(online)"
	[ "$(pool)" = "$pool0" ] || fail "cycle $n: pool use '$(pool)'"
	n=$((n + 1))
done
echo "cell-lifecycle: 50 cycles, pool use '$pool0' after each"

step "apic-demo"
jh-sign --cell $cell -o $work/apic.bin inmates/demos/x86/apic-demo.bin
jailhouse cell create $work/cell
jailhouse cell load $cell $work/apic.bin
jailhouse cell start $cell
sleep 4
state_is running || fail "apic-demo not running"
jailhouse cell shutdown $cell
jailhouse cell destroy $cell

jailhouse disable
rmmod jailhouse
echo "cell-lifecycle: ok"
