#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: bochs
# timeout: 1800
# Everything VT-x in one Bochs boot (EPT, VPID, unrestricted guest, 2
# CPUs), with signed images as shipped (sig_enforce=1):
# - Linux as the root cell: the same SHA-256 of a 4 MiB file before,
#   during and after, 50 processes spawned while enabled, both CPUs in
#   the hypervisor, two enable/disable cycles, the module unloads at the
#   end. Also Bochs's smoke test (the loader answers on /dev/jailhouse),
#   which smoke.sh leaves to this scenario.
# - In the second cycle, cells on CPU 1 (tests/vm/lib/cells.sh): the
#   signed sandbox-demo created, started and destroyed twice, apic-demo
#   started and shut down, then the isolation inmates (inmates/tests/x86/,
#   the same verdicts as cell-isolation.sh on AMD-V; not its IOAPIC and
#   PCI ones, ioapic-pin, uart-irq, pci-cfg): each failed by the
#   hypervisor or harmless, CPU 1 back in Linux after each destroy, a
#   sentinel buffer in root memory unchanged. Then three rounds of the
#   device fuzzer dev-fuzz (tests/vm/lib/dev-fuzz.sh).
# - A Linux sandbox (docs/linux-cells.md): the sandbox guest booted on
#   CPU 1 with `jailhouse cell linux` (configs/x86/linux-demo-bochs.conf),
#   up to its init (on COM2), then destroyed: CPU 1 back in Linux.
# 700 to 1000 s on a shared 2-core machine, about half of it Bochs booting;
# the limit above leaves room.
# com2: sandbox-demo: sealed compute workload started
# com2: apic-demo: [0-9]+ ticks, jitter min -?[0-9]+ avg -?[0-9]+ max
# com2: cpu-leak: Test result: SUCCESS
# com2: x2apic-lib: Test result: SUCCESS
# com2: real-mode: Test result: SUCCESS
# com2: pae-paging: Test result: SUCCESS
# com2: jh-guest: init up, 1 CPUs
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/cells.sh
WORK=/tmp/vmx
CELL_CPU=1
CELL_CONFIG=configs/x86/sandbox-demo-bochs.cell
CELL_RUN_SECONDS=3
mkdir -p $WORK
fail() { echo "vmx-cells: FAIL: $*"; jailhouse console | tail -n 8; exit 1; }

# enabled CYCLE: both CPUs under the hypervisor, Linux's data intact,
# Linux spawning processes.
enabled() {
	for cpu in 0 1; do
		jailhouse console | grep -q "CPU $cpu: activating" ||
			fail "cycle $1: CPU $cpu did not enter the hypervisor"
	done
	sha256sum -c $WORK/sum ||
		fail "cycle $1: checksum differs under the hypervisor"
	i=0
	while [ $i -lt 50 ]; do
		/bin/true &
		i=$((i + 1))
	done
	wait
	echo "vmx-cells: cycle $1: 50 processes done"
}

disabled() {
	jailhouse hypervisor info
	jailhouse disable
	sha256sum -c $WORK/sum || fail "cycle $1: checksum differs after disable"
}

signed_load_module
test -c /dev/jailhouse
dd if=/dev/urandom of=$WORK/data bs=1M count=4 2>/dev/null
sha256sum $WORK/data >$WORK/sum

signed_enable
enabled 1
disabled 1

signed_enable
enabled 2
signed_policy
cells_setup
for round in 1 2; do
	start inmates/demos/x86/sandbox-demo.bin
	[ "$(state)" = running ] || fail "sandbox-demo $round: '$(state)'"
	jailhouse cell stats $cell
	finish "sandbox-demo $round"
done
start inmates/demos/x86/apic-demo.bin
[ "$(state)" = running ] || fail "apic-demo: '$(state)'"
jailhouse cell shutdown $cell
finish apic-demo

# Vector registers and CR2 full of the root's data on CPU 1, then the
# CPU changes hands: the inmate must find them in their reset state.
taskset -c 1 sh -c 'dd if=/dev/urandom bs=4k count=64 2>/dev/null |
	sha256sum >/dev/null'
expect_failed cpu-leak "" running
expect_failed mem-read "addr=$sentinel"
expect_failed mem-write "addr=$sentinel"
expect_failed pio-denied ""
expect_failed msr-denied ""
expect_failed msr-denied "msr=0x2ff value=0xc06" running
expect_failed hypercall-root ""
expect_failed hypercall-wild ""
expect_failed ipi-root "" running
expect_failed init-root "" running
keeps_running x2apic-lib ""

# #DB and WBINVD/INVD of a cell exit (counted as exception and other
# exits on its CPU); the cell goes on and destroy takes the CPU back.
keeps_running db-loop "watch=handler" exception 1001
# #AC whose delivery raises #AC (CVE-2015-5307): Bochs raises it, unlike
# QEMU's TCG. Without the intercept Bochs delivers #AC inside #AC until
# the emulator itself crashes (seen: a segfault, the machine lost as a
# hardware CPU would be); with it, each round is an exception exit.
keeps_running ac-loop "" exception 1001
keeps_running cache-flush "" other 1000

# Guest modes Linux never uses. real-mode: MOV to CR4 with VMXE, MOV
# to CR0 with PG but not PE and a bad XSETBV exit, and the #GP the
# hypervisor injects must carry no error code in real mode, or VM entry
# fails (the CPU was lost and the cell never destroyed; the CR0 was
# loaded and failed the entry, cr-rules.c). pae-paging: the MOV to CR0 that turns on PAE
# paging exits, and the hypervisor must load the PDPTEs into the VMCS
# (stale ones: a triple fault).
keeps_running real-mode ""
keeps_running pae-paging ""

# Shutdown the cell never answers is bounded; a running-lock vetoes
# nothing (tests/vm/lib/cells.sh).
shutdown_ignored
lock_vetoes_nothing

# The device fuzzer (tests/vm/lib/dev-fuzz.sh) on VT-x: three short
# rounds, their hostile classes an MSR, memory outside the cell and an
# NMI to CPU 0 (no MMCONFIG, IOAPIC pin or MSI device on this machine).
. tests/vm/lib/dev-fuzz.sh
DEV_FUZZ_CPU=1
DEV_FUZZ_DEVICES=
DEV_FUZZ_ARGS="ops=400 ivshmem=0x70"
# No IOMMU unit on this machine: the class accepts the root's DMA reach,
# as sandbox-dma-exposed.pol does for the other cells here.
DEV_FUZZ_CLASS="    dma-exposure: accept"
dev_fuzz_setup
dev_rounds 3 150
signed_policy

# The Linux sandbox: it has no channel to the root here, so its init's
# first line is judged on COM2 afterwards; it must keep running, and
# destroy must give CPU 1 back. Bochs runs it slowly: minutes.
. tests/vm/lib/linux.sh
jh-sign -o $WORK/linux.cell configs/x86/linux-demo-bochs.cell
linux_sign linux-demo $WORK/linux "$LINUX_CMDLINE jh.run=idle"
t0=$(date +%s)
linux_boot $WORK/linux.cell $WORK/linux || fail "cell linux"
sleep 120
cell_in_state linux-demo running || fail "the Linux cell stopped"
echo "vmx-cells: Linux cell running $(($(date +%s) - t0)) s, exits:" \
	"$(cell_exits linux-demo)"
jailhouse cell destroy linux-demo || fail "destroy the Linux cell"
[ "$(cat /sys/devices/system/cpu/cpu1/online)" = 1 ] ||
	fail "CPU 1 not back after the Linux cell"

disabled 2
rmmod jailhouse
echo "vmx-cells: ok"
