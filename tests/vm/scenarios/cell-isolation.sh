#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# The isolation test inmates (inmates/tests/x86/) in the signed
# sandbox-demo cell, one after the other: each must end with the cell
# failed (or the access dropped, where the test allows it), Linux going
# on, and a sentinel buffer in root memory unchanged (0x3c200000: the
# cell reservation, outside the cell's 1 MiB; the memory tests aim
# there). The uncooperative cells are shut down or destroyed in bounded
# time. Each test creates the cell again, so Linux gets CPU 3 back
# after every destroy (INIT/SIPI emulation).
# com2: uart-irq: pin 3 delivered vector 0x33 to APIC id 3
# com2: x2apic-lib: pm-timer 9: [0-9]+ us
# com2: x2apic-lib: Test result: SUCCESS
# com2: cpu-leak: Test result: SUCCESS
# com2: real-mode: Test result: SUCCESS
# com2: pae-paging: Test result: SUCCESS
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/cells.sh
WORK=/tmp/iso
CELL_CPU=3
CELL_CONFIG=configs/x86/sandbox-demo.cell
mkdir -p $WORK
fail() { echo "cell-isolation: FAIL: $*"; jailhouse console | tail -n 8; exit 1; }

signed_load_module
signed_enable
signed_policy
cells_setup

# Vector registers full of the root's data on CPU 3, then the CPU changes
# hands: the inmate must find every register in its reset state (COM2).
taskset -c 3 sh -c 'dd if=/dev/urandom bs=4k count=256 2>/dev/null |
	sha256sum >/dev/null'
expect_failed cpu-leak "" running
expect_failed mem-read "addr=$sentinel"
expect_failed mem-write "addr=$sentinel"
expect_failed pio-denied ""
expect_failed msr-denied ""
# MTRR_DEF_TYPE, which Jailhouse's inmate library writes: a per-CPU copy.
expect_failed msr-denied "msr=0x2ff value=0xc06" running
expect_failed hypercall-root ""
expect_failed hypercall-wild ""
expect_failed ipi-root "" running
expect_failed init-root "" running
expect_failed ioapic-pin ""
jailhouse console | grep -q "IOAPIC 0 register 0x18 write 0x40 refused" ||
	fail "ioapic-pin: failed, but not for its IOAPIC write"
expect_failed pci-cfg "" running
# Its own pin (COM2's) delivers to its CPU, aimed at a root CPU it fails.
expect_failed uart-irq ""
jailhouse console | grep -q "IOAPIC 0 register 0x16 write 0x33 refused" ||
	fail "uart-irq: failed, but not for aiming its pin at a root CPU"

# The x2APIC MSRs and the PM timer, used the way Jailhouse's inmate
# library uses them: nothing refused, the cell keeps running.
keeps_running x2apic-lib ""

# #DB whose delivery raises #DB for ever (CVE-2015-8104; TCG loops on the
# handler variant): intercepted, every round exits to the hypervisor, and
# destroy still takes the CPU back.
keeps_running db-loop "watch=handler" exception 1001

# ac-loop leaves long mode for ring 3 of legacy protected mode with
# alignment checks on. TCG raises no #AC (vmx-cells shows the loop on
# Bochs): here the cell must just keep running in its own paging mode and
# be destroyed as usual.
keeps_running ac-loop ""

# WBINVD and INVD: intercepted (counted as "other" exits), ignored for a
# cell without DMA; the cell goes on.
keeps_running cache-flush "" other 1000

# Guest modes Linux never uses: faults in real mode (MOV to CR4 with
# VMXE, XSETBV of 0x20007 and 0), then 32-bit PAE paging (vmx-cells.sh
# runs both on VT-x, where the hypervisor emulates these MOVs).
keeps_running real-mode ""
keeps_running pae-paging ""

# Shutdown the cell never answers is bounded; a running-lock vetoes
# nothing (tests/vm/lib/cells.sh).
shutdown_ignored
lock_vetoes_nothing

# As Jailhouse's apic-demo: the first request denied, at the second the
# cell reports SHUT_DOWN without a reply, which is approval.
start inmates/tests/x86/lock-running.bin "give-in=1"
jailhouse cell shutdown $cell 2>/dev/null &&
	fail "lock-running give-in=1: first shutdown approved"
jailhouse cell shutdown $cell ||
	fail "lock-running give-in=1: second shutdown refused"
[ "$(state)" = "shut down" ] ||
	fail "lock-running give-in=1: state '$(state)'"
finish lock-running-give-in

[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] ||
	fail "online CPUs at the end: $(cat /sys/devices/system/cpu/online)"
jailhouse disable
rmmod jailhouse
echo "cell-isolation: ok"
