#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The root cell as peer 0 of a two-peer ivshmem device (00:0e.0, four
# MSI-X vectors), a cell running inmates/demos/x86/ivshmem-demo as peer
# 1. The root's system config is configs/x86/qemu-svm.conf with 16 KiB
# at the top of the cell reservation taken out of its RAM and given to
# the device (state table and the cell's output section read-only, the
# read-write section and its own output section writable). First
# without a driver: user space finds it in sysfs after a rescan, reads
# and writes its registers (BAR0), its MSI-X table (BAR1) and the shared
# memory through /dev/mem (busybox devmem). The two
# peers must see each other's state, read-write word and output section;
# the root's doorbells and its state change must interrupt the cell;
# the cell's doorbells reach Linux as an interrupt on a vector with no
# handler (Linux says so). The root's writes to the state table and the
# cell's output section must not land, and Linux must go on; destroying
# the cell zeroes its state. Then with the root's driver
# (kernel-module/jailhouse-ivshmem.ko): its UIO maps name the sections,
# and the restarted cell's doorbells wake a reader of /dev/uio0.
# The cell flags its sections rootshared, as the config rules require of
# a device the root is a peer of (so that the policy's root-shared sees
# them); the same config without the flag is refused at create.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
. tests/vm/lib/ivshmem.sh
work=/tmp/ivshmem-root
mkdir -p $work
fail() {
	echo "cell-ivshmem-root: FAIL: $*"
	jailhouse console | tail -n 20
	exit 1
}

SHM=0x3effc000			# state table, R/W, output 0, output 1
VECTOR=0xdd			# a vector Linux has no handler for

cell_conf() {
	cat >$work/cell.conf <<CONF
cell:
  name: "ivshmem-demo-root"
  flags: [passive-commreg, virtual-console-permitted,
          virtual-console-active]
  cpus: [1]
  memory:
    - {phys: 0x3d000000, virt: 0, size: 1M,
       flags: [read, write, execute, loadable]}
    - {virt: 0x100000, size: 4K, flags: [read, write, comm-region]}
    - {phys: 0x3effc000, virt: 0x200000, size: 4K,
       flags: [read, rootshared]}
    - {phys: 0x3effd000, virt: 0x201000, size: 4K,
       flags: [read, write, rootshared]}
    - {phys: 0x3effe000, virt: 0x202000, size: 4K,
       flags: [read, rootshared]}
    - {phys: 0x3efff000, virt: 0x203000, size: 4K,
       flags: [read, write, rootshared]}
  pci:
    - {bdf: "00:0e.0", type: ivshmem, class: 0xff0000,
       shmem-regions: 2, shmem-id: 1, shmem-peers: 2, shmem-vectors: 4}
CONF
	jh-config build $work/cell.conf -o $work/cell.cell
	jh-config check $work/root.cell $work/cell.cell ||
		fail "configs do not check together"
	jh-sign $work/root.cell
	jh-sign $work/cell.cell
	sed 's/, rootshared//' $work/cell.conf >$work/unflagged.conf
	jh-config build $work/unflagged.conf -o $work/unflagged.cell
	jh-sign $work/unflagged.cell
	jh-sign --cell ivshmem-demo-root -o $work/cell.bin \
		inmates/demos/x86/ivshmem-demo.bin
}

rd() { printf '%d' "$(devmem $(($1)) 32)"; }
wr() { devmem $(($1)) 32 $(($2)); }
# expect WHAT ADDRESS VALUE
expect() {
	[ "$(rd $2)" = $(($3)) ] ||
		fail "$1: $(devmem $(($2)) 32) at $2, not $3"
}

signed_load_module
ivshmem_root_conf $work
cell_conf
jh-sign /lib/firmware/jailhouse.bin
jailhouse enable $work/root.cell
dev=/sys/bus/pci/devices/0000:00:0e.0
[ -d $dev ] || echo 1 >/sys/bus/pci/rescan
[ -d $dev ] || fail "no 00:0e.0 after a rescan: $(ls /sys/bus/pci/devices)"
[ "$(cat $dev/vendor):$(cat $dev/device)" = 0x110a:0x4106 ] ||
	fail "00:0e.0 is $(cat $dev/vendor):$(cat $dev/device)"
echo 1 >$dev/enable
bar0=$(($(sed -n 1p $dev/resource | cut -d' ' -f1)))
bar1=$(($(sed -n 2p $dev/resource | cut -d' ' -f1)))
base=$(od -An -tx4 -j$((0x58)) -N4 $dev/config | tr -d ' ')
echo "cell-ivshmem-root: 00:0e.0 $(cat $dev/class)," \
	"BAR0 $(printf 0x%x $bar0), BAR1 $(printf 0x%x $bar1)," \
	"shared memory at 0x$base"
[ $((0x$base)) = $((SHM)) ] || fail "vendor capability: base 0x$base"
expect "ID" $bar0 0
expect "maximum peers" $((bar0 + 4)) 2
expect "state" $((bar0 + 0x10)) 0

# Peer 0 as the demo expects it: R/W word 1, output 0x1000; state 1
# once the cell takes interrupts, so that it hears the change.
wr $((SHM + 0x1000)) 1
wr $((SHM + 0x2000)) 0x1000
# The cell's doorbells to vector 1: MSI-X enabled, entry 1 to CPU 0.
printf '\000\200' | dd of=$dev/config bs=1 seek=$((0x62)) count=2 \
	conv=notrunc 2>/dev/null
wr $((bar1 + 16)) 0xfee00000
wr $((bar1 + 24)) $VECTOR
wr $((bar1 + 28)) 0
wr $((bar0 + 8)) 1

jh-sign -o $work/demos.pol policy/jailhouse-demos.pol
jailhouse policy load $work/demos.pol
jailhouse cell create $work/unflagged.cell 2>/dev/null &&
	fail "a root-peer section without rootshared was accepted"
{ dmesg; jailhouse console; } | grep -q "not flagged rootshared" ||
	fail "the unflagged section's refusal names no reason"
echo "cell-ivshmem-root: root-peer sections without rootshared refused"
jailhouse cell create $work/cell.cell
jailhouse cell load ivshmem-demo-root $work/cell.bin
jailhouse cell start ivshmem-demo-root
cell_announced() { [ "$(rd $((SHM + 4)))" = 2 ]; }
wait_until 20 cell_announced || fail "the cell never announced state 2"
wr $((bar0 + 0x10)) 1
expect "own state table entry" $SHM 1
# The root rings vector 1 of peer 1 until the demo has its doorbells.
ring_until_success() {
	wr $((bar0 + 0xc)) 0x10001
	jailhouse console | grep -q "ivshmem-demo: SUCCESS"
}
wait_until 30 ring_until_success || fail "the demo did not succeed"
jailhouse console | grep "ivshmem-demo:"
jailhouse console | grep -q "SUCCESS: peer 1: .* peer 0 in state 1" ||
	fail "peer 1 did not see the root"
jailhouse console | grep -q "SUCCESS: .* [1-9][0-9]* state changes" ||
	fail "the root's state change did not interrupt the cell"
expect "cell's state table entry" $((SHM + 4)) 2
expect "cell's R/W word" $((SHM + 0x1004)) 2
expect "cell's output" $((SHM + 0x3000)) 0x1001
echo "cell-ivshmem-root: root sees peer 1 in state 2, its R/W word and output"
no_handler() { dmesg | grep -q "No irq handler for vector"; }
wait_until 10 no_handler || fail "the cell's doorbells never reached Linux"
echo "cell-ivshmem-root: cell doorbell reached Linux: $(dmesg |
	grep "No irq handler for vector" | tail -n 1)"

wr $((SHM + 4)) 0xbad
wr $((SHM + 0x3000)) 0xbad
expect "state table after a root write" $((SHM + 4)) 2
expect "cell's output after a root write" $((SHM + 0x3000)) 0x1001
jailhouse console |
	grep -q "write to read-only ivshmem memory at 0x3effc004 dropped" ||
	fail "root's write to the state table not reported"
jailhouse console | grep "stopped:" && fail "a root CPU stopped"
echo "cell-ivshmem-root: root writes to the state table and the cell's" \
	"output dropped, Linux goes on"

cell_in_state ivshmem-demo-root running || fail "$(jailhouse cell list)"
jailhouse cell destroy ivshmem-demo-root
expect "cell's state table entry after destroy" $((SHM + 4)) 0
wr $((SHM + 0x1000)) 5
expect "R/W word after destroy" $((SHM + 0x1000)) 5
expect "own output after destroy" $((SHM + 0x2000)) 0x1000
echo "cell-ivshmem-root: destroy zeroed the cell's state entry;" \
	"the root kept its sections"

# The root's driver: a UIO device with the sections as maps, and Linux's
# own MSI-X messages (flat logical, lowest priority) carrying the cell's
# doorbells to readers of /dev/uio0.
insmod /lib/modules/uio.ko
insmod kernel-module/jailhouse-ivshmem.ko
uio=/sys/class/uio/uio0
[ "$(cat $uio/name 2>/dev/null)" = jailhouse-ivshmem ] ||
	fail "no UIO device: $(dmesg | tail -n 3)"
expect_map() { # N NAME ADDRESS SIZE
	[ "$(cat $uio/maps/map$1/name)" = $2 ] &&
	[ $(($(cat $uio/maps/map$1/addr))) = $(($3)) ] &&
	[ $(($(cat $uio/maps/map$1/size))) = $(($4)) ] ||
		fail "map$1: $(cat $uio/maps/map$1/name)" \
			"$(cat $uio/maps/map$1/addr) $(cat $uio/maps/map$1/size)"
}
expect_map 0 registers $bar0 0x1000
expect_map 1 state_table $SHM 0x1000
expect_map 2 rw_section $((SHM + 0x1000)) 0x1000
expect_map 3 input_sections $((SHM + 0x2000)) 0x2000
expect_map 4 output_section $((SHM + 0x2000)) 0x1000
echo "cell-ivshmem-root: driver bound, maps: registers, state table," \
	"R/W, inputs, own output"
jailhouse cell create $work/cell.cell
jailhouse cell load ivshmem-demo-root $work/cell.bin
jailhouse cell start ivshmem-demo-root
events=$(timeout 10 dd if=/dev/uio0 bs=4 count=1 2>/dev/null | od -An -tu4 |
	tr -d ' ')
[ "${events:-0}" -gt 0 ] ||
	fail "no doorbell reached /dev/uio0: $(grep jailhouse-ivshmem \
		/proc/interrupts)"
echo "cell-ivshmem-root: the cell's doorbells reach /dev/uio0" \
	"($events events): $(grep -c jailhouse-ivshmem /proc/interrupts)" \
	"MSI-X vectors"
jailhouse cell destroy ivshmem-demo-root
rmmod jailhouse_ivshmem
jailhouse disable
rmmod jailhouse
echo "cell-ivshmem-root: ok"
