#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# timeout: 1500
# com2: jh-guest: init up, 1 CPUs
# com2: jh-guest: init up, 2 CPUs
# com2: jh-guest: wrmsr: still running
# A Linux sandbox (docs/linux-cells.md): the sandbox guest (guest/) booted
# through the signed path with `jailhouse cell linux`, on AMD-V with the
# Intel IOMMU. The root cell is peer 0 of a two-peer ivshmem device
# (00:0e.0) and hands the Linux cell SHA-256 jobs (guest/jh-worker); the
# answer must be sha256sum's.
# - 1 CPU: boots, answers a job, is shut down and destroyed; its CPU
#   comes back to Linux and its RAM back zeroed.
# - 2 CPUs: the same, Linux's own SMP bring-up (INIT/SIPI) on CPU 1.
# - 10 create/boot/job/destroy cycles: the hypervisor's pool use is the
#   same before and after.
# - Hostile root in the cell: a read of guest-physical memory it does not
#   have (the root's RAM on the host) and an IPI to a root CPU each stop
#   the cell; a write to an MSR it may not have raises #GP in it
#   (msr-fault) and it goes on answering jobs. The root goes on.
# Prints LINUX-FIGURE lines: boot time, exits per second idle and busy.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/wait.sh
. tests/vm/lib/linux.sh
work=/tmp/linux-cell
mkdir -p $work
NAME=linux-demo
fail() {
	echo "linux-cell: FAIL: $*"
	jailhouse cell list || :
	jailhouse console | tail -n 30
	exit 1
}

# The shipped system config with the ivshmem device's sections (at the
# top of the cell reservation, out of the root's RAM there).
root_conf() {
	jh-config show configs/x86/qemu-svm.cell | sed \
	    -e 's/{phys: 0x3c000000, size: 48M,/{phys: 0x3c000000, size: 0x2f00000,/' \
	    -e '/phys: 0x3c000000/a\
    - {phys: 0x3ef00000, size: 4K, flags: [read]}\
    - {phys: 0x3ef01000, size: 0xf000, flags: [read, write]}\
    - {phys: 0x3ef10000, size: 4K, flags: [read, write]}\
    - {phys: 0x3ef11000, size: 4K, flags: [read]}' \
	    -e '/bdf: "00:1f.3"/a\
    - {bdf: "00:0e.0", type: ivshmem, class: 0xff0000,\
       shmem-regions: 5, shmem-id: 0, shmem-peers: 2, shmem-vectors: 1}' \
	    >$work/root.conf
	grep -q 0x2f00000 $work/root.conf || fail "root config: sed missed"
	jh-config build $work/root.conf -o $work/root.cell
}

# cell_conf CPUS [CMDLINE-WORKLOADS]: configs/x86/linux-demo.conf with
# CPUS and the ivshmem device (peer 1), signed, with the guest signed
# for it (jh.run=WORKLOADS, default worker).
cell_conf() {
	jh-config show configs/x86/linux-demo.cell | sed \
	    -e "s/^  cpus: .*/  cpus: [$1]/" \
	    -e '/virt: 0x200000, size: 26M/a\
    - {phys: 0x3ef00000, virt: 0x3ef00000, size: 4K,\
       flags: [read, rootshared]}\
    - {phys: 0x3ef01000, virt: 0x3ef01000, size: 0xf000,\
       flags: [read, write, rootshared]}\
    - {phys: 0x3ef10000, virt: 0x3ef10000, size: 4K,\
       flags: [read, rootshared]}\
    - {phys: 0x3ef11000, virt: 0x3ef11000, size: 4K,\
       flags: [read, write, rootshared]}' >$work/cell.conf
	cat >>$work/cell.conf <<CONF
  pci:
    - {bdf: "00:0e.0", type: ivshmem, class: 0xff0000,
       shmem-regions: 3, shmem-id: 1, shmem-peers: 2, shmem-vectors: 1}
CONF
	jh-config build $work/cell.conf -o $work/cell.unsigned &&
	jh-config check $work/root.cell $work/cell.unsigned &&
	jh-sign -o $work/cell.cell $work/cell.unsigned &&
	linux_sign $NAME $work/guest "$LINUX_CMDLINE jh.run=${2:-worker}" ||
		fail "cell config with CPUs $1"
}

dev=/sys/bus/pci/devices/0000:00:0e.0
job=$work/job
dd if=/dev/urandom of=$job bs=1000 count=60 2>/dev/null

# submit [TIMEOUT]: one job through the cell; its digest must be right.
submit() {
	got=$(guest/jh-worker --device 0000:00:0e.0 --timeout "${1:-10}" \
		submit $job) || return 1
	[ "${got%% *}" = "$(sha256sum $job | cut -d' ' -f1)" ] ||
		fail "digest $got, not sha256sum's"
}

cpu_online() { [ "$(cat /sys/devices/system/cpu/cpu$1/online)" = 1 ]; }

# MSR accesses answered with #GP so far, all CPUs.
msr_faults() {
	jailhouse hypervisor info | row_sum msr_faults
}

# The cell's RAM, high part (26 MiB at 0x3d500000), all zero.
ram_zeroed() {
	[ "$(dd if=/dev/mem bs=1M skip=$((0x3d5)) count=26 2>/dev/null |
	     tr -d '\000' | wc -c)" -eq 0 ]
}

# boot_and_serve CPUS: boot, time until the first job is answered.
boot_and_serve() {
	t0=$(now_ms)
	linux_boot $work/cell.cell $work/guest || fail "cell linux ($1)"
	submit 300 || fail "no answer from the Linux cell ($1 CPUs)"
	echo "LINUX-FIGURE boot_to_first_answer_ms cpus=$1" \
	     "$(($(now_ms) - t0))"
}

destroy() {
	jailhouse cell shutdown $NAME || :
	jailhouse cell destroy $NAME || fail "destroy"
}

signed_load_module
mkdir -p /tmp/keys
root_conf
jh-sign -o /tmp/keys/sys.cell $work/root.cell
jh-sign /lib/firmware/jailhouse.bin
jailhouse enable /tmp/keys/sys.cell || fail "enable"
signed_policy || fail "policy"
[ -d $dev ] || echo 1 >/sys/bus/pci/rescan
[ -d $dev ] || fail "no 00:0e.0 in the root after a rescan"

echo "== 1 CPU: boot, a job, exits, destroy"
cell_conf 2
boot_and_serve 1
e0=$(cell_exits $NAME); sleep 10; e1=$(cell_exits $NAME)
echo "LINUX-FIGURE exits_per_s idle cpus=1 $(((e1 - e0) / 10))"
t0=$(date +%s); e0=$(cell_exits $NAME); n=0
while [ $(($(date +%s) - t0)) -lt 10 ]; do submit; n=$((n + 1)); done
e1=$(cell_exits $NAME)
echo "LINUX-FIGURE exits_per_s busy cpus=1 $(((e1 - e0) / 10)) ($n jobs)"
jailhouse cell stats $NAME
destroy
wait_until 10 cpu_online 2 || fail "CPU 2 not back in Linux"
ram_zeroed || fail "the cell's RAM is not zeroed after destroy"
pool0=$(pool_used)

echo "== the bare-metal sandbox's exits, for comparison"
jh-sign -o $work/sandbox.cell configs/x86/sandbox-demo.cell
jh-sign --cell sandbox-demo -o $work/sandbox.bin \
	inmates/demos/x86/sandbox-demo.bin
jailhouse cell create $work/sandbox.cell &&
	jailhouse cell load sandbox-demo $work/sandbox.bin &&
	jailhouse cell start sandbox-demo || fail "sandbox-demo"
sleep 2
e0=$(cell_exits sandbox-demo); sleep 10; e1=$(cell_exits sandbox-demo)
echo "LINUX-FIGURE exits_per_s sandbox-demo $(((e1 - e0) / 10))"
jailhouse cell destroy sandbox-demo || fail "destroy sandbox-demo"

echo "== 2 CPUs"
cell_conf 1,2
boot_and_serve 2
destroy
cpu_online 1 && cpu_online 2 || fail "CPUs 1, 2 not back in Linux"

echo "== 10 cycles, 1 CPU"
cell_conf 2
for i in 1 2 3 4 5 6 7 8 9 10; do
	linux_boot $work/cell.cell $work/guest || fail "cycle $i: cell linux"
	submit 300 || fail "cycle $i: no answer"
	destroy
done
[ "$(pool_used)" = "$pool0" ] ||
	fail "pool use $(pool_used) pages after 10 cycles, $pool0 before"
echo "linux-cell: 10 cycles, pool at $pool0 pages before and after"

echo "== hostile: a foreign MSR written (#GP in the cell, it goes on)"
cell_conf 2 wrmsr,worker
f0=$(msr_faults)
linux_boot $work/cell.cell $work/guest || fail "cell linux (wrmsr)"
submit 300 || fail "no answer after the MSR write"
cell_in_state $NAME running || fail "the cell stopped on a refused MSR"
[ "$(msr_faults)" -gt "$f0" ] || fail "no MSR #GP counted"
echo "linux-cell: MSR faults $f0 before the boot, $(msr_faults) after"
destroy

for hostile in read-root ipi-root; do
	echo "== hostile: $hostile stops the cell, the root goes on"
	cell_conf 2 $hostile
	linux_boot $work/cell.cell $work/guest || fail "cell linux ($hostile)"
	wait_until 300 cell_in_state $NAME failed ||
		fail "$hostile: the cell is not stopped"
	sha256sum $job >/dev/null || fail "$hostile: the root stalls"
	destroy
	wait_until 10 cpu_online 2 || fail "$hostile: CPU 2 not back"
done
jailhouse console | grep -E "linux-demo.*(outside its memory|refused|denied)" |
	tail -n 5
echo "linux-cell: ok"
