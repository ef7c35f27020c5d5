#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# guest/jh-worker on the hypervisor's ivshmem device before a Linux cell
# can run it: the root cell as peer 0 of a two-peer device (00:0e.0) and
# no peer 1. `jh-worker serve` in the root answers a job this script
# writes into the read-write section by hand, as the Linux cell's worker
# will answer the root's (roles swapped: the root may write the sections
# it then reads); the digest in its output section must be sha256sum's.
# `jh-worker submit` finds the device, maps it and gives up on a peer 1
# that does not serve, naming it.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
. tests/vm/lib/ivshmem.sh
work=/tmp/guest-worker
mkdir -p $work
fail() {
	echo "guest-worker: FAIL: $*"
	cat $work/worker.log 2>/dev/null
	jailhouse console | tail -n 20
	exit 1
}

SHM=0x3effc000			# state table, R/W, output 0, output 1
RW=$((SHM + 0x1000))
OUT0=$((SHM + 0x2000))


wr() { devmem $(($1)) 32 $(($2)); }
rd() { printf '%d' "$(devmem $(($1)) 32)"; }
# The digest in output section 0, as sha256sum prints it.
answer_digest() {
	dd if=/dev/mem bs=1 skip=$((OUT0 + 0x10)) count=32 2>/dev/null |
		od -An -tx1 | tr -d ' \n'
}

signed_load_module
ivshmem_root_conf $work
jh-sign $work/root.cell
jh-sign /lib/firmware/jailhouse.bin
# Garbage in the state table before the device exists: the entry of a
# peer that never comes must still read 0 (not present) once it does.
wr $((SHM + 4)) 0x448bc10e
jailhouse enable $work/root.cell
[ "$(rd $((SHM + 4)))" = 0 ] ||
	fail "absent peer 1's state table entry reads $(rd $((SHM + 4)))"
dev=/sys/bus/pci/devices/0000:00:0e.0
[ -d $dev ] || echo 1 >/sys/bus/pci/rescan
[ -d $dev ] || fail "no 00:0e.0 after a rescan"

echo "guest-worker: shipped: $(ls -l guest/ | awk 'NR > 1 { print $NF, $5 }' |
	tr '\n' ' ')"
guest/jh-worker --help | grep -q "submit FILE" || fail "jh-worker --help"
guest/jh-worker serve >$work/worker.log 2>&1 &
worker=$!
serving() { grep -q "serving jobs as peer 0" $work/worker.log; }
wait_until 10 serving || fail "jh-worker serve did not start"
[ "$(rd $SHM)" = 1 ] || fail "state table entry 0 is $(rd $SHM), not ready (1)"
echo "guest-worker: $(cat $work/worker.log); its state reached the table"

# A job of 3000 bytes, its id last.
dd if=hypervisor/jailhouse.bin of=$work/job bs=1000 count=3 2>/dev/null
wr $RW 0x424f4a48
wr $((RW + 8)) 3000
dd if=$work/job of=/dev/mem bs=1 seek=$((RW + 0x10)) conv=notrunc \
	2>/dev/null
wr $((RW + 4)) 7
answered() { [ "$(rd $((OUT0 + 4)))" = 7 ]; }
wait_until 10 answered || fail "no answer to job 7: $(devmem $((OUT0 + 4)))"
[ "$(rd $OUT0)" = $((0x53455248)) ] || fail "answer magic $(devmem $OUT0)"
[ "$(rd $((OUT0 + 8)))" = 0 ] || fail "answer status $(rd $((OUT0 + 8)))"
want=$(sha256sum $work/job | cut -d' ' -f1)
[ "$(answer_digest)" = "$want" ] ||
	fail "digest $(answer_digest), sha256sum says $want"
grep -q "job 7: 3000 bytes, status 0" $work/worker.log ||
	fail "the worker did not log job 7"
echo "guest-worker: job 7 (3000 bytes) answered with sha256sum's digest $want"
kill $worker
wait $worker 2>/dev/null || true

guest/jh-worker --timeout 1 submit $work/job 2>$work/submit.err &&
	fail "submit succeeded without a peer"
grep -q "peer 1 not serving" $work/submit.err ||
	fail "submit: $(cat $work/submit.err)"
echo "guest-worker: submit without a serving peer: $(cat $work/submit.err)"
jailhouse disable
rmmod jailhouse
echo "guest-worker: ok"
