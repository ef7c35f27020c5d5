#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# Jailhouse's ivshmem-demo pattern on a three-peer ivshmem device with
# two cells present, as Jailhouse's ivshmem-demo config (peer 1 of 3,
# sixteen MSI-X vectors) and a copy of it as peer 2, under the shipped
# policy/jailhouse-demos.pol: peer 1 rings vector 2 of peer 2, peer 2
# rings vector 3 of peer 1 and, as Jailhouse's demo does, vector 3 of the
# absent peer 0, which must be dropped harmlessly. Each runs
# inmates/demos/x86/ivshmem-demo with its pattern as an unsigned string
# (cell load -s) and must see the other's doorbells, state and sections.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
work=/tmp/ivshmem3
mkdir -p $work
fail() {
	echo "cell-ivshmem-peers: FAIL: $*"
	jailhouse console | tail -n 20
	exit 1
}

# conf NAME ID CPU RAM: Jailhouse's ivshmem-demo layout (its sections
# first, identity-mapped, shared with the root; sizes and addresses as
# Jailhouse's, inside the machine's memmap=82M$0x3a000000 reservation);
# output section ID is writable.
conf() {
	out() { [ "$1" = "$2" ] && echo "read, write" || echo read; }
	cat >$work/$1.conf <<CONF
cell:
  name: "$1"
  flags: [passive-commreg, virtual-console-permitted,
          virtual-console-active]
  cpus: [$3]
  memory:
    - {phys: 0x3f0f0000, size: 4K, flags: [read, rootshared]}
    - {phys: 0x3f0f1000, size: 36K, flags: [read, write, rootshared]}
    - {phys: 0x3f0fa000, size: 8K, flags: [$(out 0 $2), rootshared]}
    - {phys: 0x3f0fc000, size: 8K, flags: [$(out 1 $2), rootshared]}
    - {phys: 0x3f0fe000, size: 8K, flags: [$(out 2 $2), rootshared]}
    - {phys: $4, virt: 0, size: 1M, flags: [read, write, execute, loadable]}
    - {virt: 0x100000, size: 4K, flags: [read, write, comm-region]}
  pci:
    - {bdf: "01:0e.0", type: ivshmem, class: 0xff0000,
       shmem-regions: 0, shmem-id: $2, shmem-peers: 3, shmem-vectors: 16}
CONF
	jh-config build $work/$1.conf -o $work/$1.cell
	jh-sign $work/$1.cell
	jh-sign --cell $1 -o $work/$1.bin inmates/demos/x86/ivshmem-demo.bin
}

signed_load_module
signed_enable
jh-sign -o $work/demos.pol policy/jailhouse-demos.pol
jailhouse policy load $work/demos.pol
conf ivshmem-demo 1 1 0x3ee00000
conf ivshmem-demo-2 2 2 0x3ed00000
jailhouse cell create $work/ivshmem-demo.cell
jailhouse cell create $work/ivshmem-demo-2.cell
jailhouse cell load ivshmem-demo $work/ivshmem-demo.bin \
	-s "peer=2 vector=2 expect=3" -a 0x1000
jailhouse cell load ivshmem-demo-2 $work/ivshmem-demo-2.bin \
	-s "peer=1 vector=3 expect=2 stray=0" -a 0x1000
jailhouse cell start ivshmem-demo
jailhouse cell start ivshmem-demo-2
both_succeeded() {
	[ "$(jailhouse console | grep -c "ivshmem-demo: SUCCESS")" -ge 2 ]
}
wait_until 40 both_succeeded || fail "not both peers succeeded"
jailhouse console | grep "ivshmem-demo:"
jailhouse console | grep -q "SUCCESS: peer 1: .* peer 2 in state 3" ||
	fail "peer 1 did not see peer 2"
jailhouse console | grep -q "SUCCESS: peer 2: .* peer 1 in state 2" ||
	fail "peer 2 did not see peer 1"
for c in ivshmem-demo ivshmem-demo-2; do
	cell_in_state $c running || fail "$c: $(jailhouse cell list)"
	jailhouse cell destroy $c
done
jailhouse disable
rmmod jailhouse
echo "cell-ivshmem-peers: ok"
