#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# Hostile cells against the hypervisor's cell and memory side:
# - sipi-sibling (CPUs 2 and 3) restarts CPU 2 by SIPI while destroy
#   parks the cell: afterwards nothing of the cell runs (its counter in
#   memory the root cell got back reads zero), every CPU is Linux's again
#   and works;
# - a region mapping the xAPIC page at another guest address is refused,
#   naming the region and the reason;
# - I/O memory that is no BAR of the cell's own devices (the root's NIC)
#   is refused by the hypervisor at create;
# - a cell holding the root's COM1 pin gives Linux its interrupt back;
# - a non-sandbox cell holding RUNNING_LOCKED and denying shutdown is
#   destroyed all the same.
# com2: sipi-sibling: attempting: CPU 3 restarts CPU 2 by SIPI for ever
# com2: lock-running: Test result: SURVIVED \(cell state set to RUNNING_LOCKED\)
set -eu
. tests/vm/lib/signed.sh
work=/tmp/hostile
mkdir -p $work
fail() { echo "cell-hostile: FAIL: $*"; jailhouse console | tail -n 8; exit 1; }

# variant NAME SED-SCRIPT: the demo cell changed, named NAME, signed.
variant() {
	sed -e "s/\"sandbox-demo\"/\"$1\"/" -e "$2" $work/demo.conf \
		>$work/$1.conf
	jh-config build $work/$1.conf -o $work/$1.unsigned
	jh-sign -o $work/$1.cell $work/$1.unsigned
}

# phys_word ADDRESS: the 16-bit word at ADDRESS through /dev/mem.
phys_word() {
	dd if=/dev/mem bs=4096 skip=$(($1 / 4096)) count=1 2>/dev/null |
		od -An -tx2 -j $(($1 % 4096)) -N2 | tr -d ' '
}

all_online() { [ "$(cat /sys/devices/system/cpu/online)" = 0-3 ]; }

# Each CPU runs a little work and answers.
cpus_work() {
	for cpu in 0 1 2 3; do
		taskset -c $cpu sh -c 'i=0; while [ $i -lt 1000 ]; do
			i=$((i + 1)); done; echo ok' | grep -q ok ||
			fail "CPU $cpu does not work"
	done
}

# IRQ 4 (COM1, IOAPIC pin 4) interrupts over all CPUs.
com1_irqs() {
	awk '$1 == "4:" { n = 0; for (i = 2; i <= 5; i++) n += $i;
		print n }' /proc/interrupts
}

signed_load_module
signed_enable
cat >$work/hostile.policy <<'POLICY'
classes:
  - name: hostile
    cells: ["hostile-*"]
    max-memory: 2M
    max-cpus: 2
    pio:
      - {base: 0x2f8, length: 8}
    root-shared: false
    iommu-required: false
    min-security-version: 1
    root-irqs: true                 # 4. takes COM1's pin from Linux
POLICY
jh-policy compile $work/hostile.policy -o $work/hostile.pol
jh-sign $work/hostile.pol
jailhouse policy load $work/hostile.pol
jh-config show configs/x86/sandbox-demo.cell >$work/demo.conf

# 1. The SIPI race, on CPUs 2 and 3.
variant hostile-sipi 's/cpus: \[3\]/cpus: [2-3]/; /ioapic-pins/,$d'
jh-sign --cell hostile-sipi -o $work/sipi.bin \
	inmates/tests/x86/sipi-sibling.bin
counter=$((0x3c060010))
for round in 1 2; do
	jailhouse cell create $work/hostile-sipi.cell
	jailhouse cell load hostile-sipi $work/sipi.bin
	jailhouse cell start hostile-sipi
	sleep 1
	t0=$(date +%s)
	jailhouse cell destroy hostile-sipi
	echo "cell-hostile: round $round: destroy and CPUs back in" \
		"$(($(date +%s) - t0)) s"
	w=$(phys_word $counter)
	[ "$w" = 0000 ] ||
		fail "round $round: a CPU of the destroyed cell still runs" \
			"(counter $w)"
	all_online || fail "round $round: online $(cat \
		/sys/devices/system/cpu/online)"
done
cpus_work
echo "cell-hostile: sipi race: ok"

# 2. The xAPIC page under another guest address.
variant hostile-apic '/comm-region/a\
    - {phys: 0xfee00000, virt: 0x200000, size: 4K, flags: [read, write, io]}'
if jailhouse cell create $work/hostile-apic.cell 2>$work/err; then
	fail "the xAPIC alias was accepted"
fi
dmesg | tail -n 3 | grep -q "memory region 2: region's physical range \
touches a device the hypervisor emulates" ||
	fail "xAPIC alias: $(dmesg | tail -n 1)"
echo "cell-hostile: xAPIC alias refused: ok"

# 3. I/O memory only of the cell's own devices: the hypervisor refuses
# the root's NIC BARs (00:02.0), naming the region (RAM flagged io, which
# would also have escaped the scrub, falls under the same rule).
hv_refused() { # NAME WHAT
	if jailhouse cell create $work/$1.cell 2>$work/err; then
		fail "$2 was accepted"
	fi
	grep -q "Invalid argument" $work/err || fail "$2: $(cat $work/err)"
	jailhouse console | grep -q "Cell \"$1\" refused: \
memory region 2: I/O memory in no BAR of its PCI devices" ||
		fail "$2: $(jailhouse console | tail -n 1)"
	all_online || fail "$2: CPUs not back"
	echo "cell-hostile: $2 refused: ok"
}
variant hostile-nic '/comm-region/a\
    - {phys: 0xfeb80000, virt: 0x200000, size: 4K, flags: [read, write, io]}'
hv_refused hostile-nic "the root's NIC BARs"

# 4. Linux's COM1 pin taken and given back: its interrupts come again.
variant hostile-pin 's/pins: \[3\]/pins: [4]/'
jailhouse cell create $work/hostile-pin.cell
jailhouse cell destroy hostile-pin
before=$(com1_irqs)
timeout 10 sh -c 'for i in 1 2 3 4 5 6 7 8; do
	echo "cell-hostile: COM1 line $i" >/dev/ttyS0; done' ||
	fail "writing to COM1 hangs"
sleep 1
[ "$(com1_irqs)" -gt "$before" ] ||
	fail "COM1's interrupt stays masked after the pin came back"
echo "cell-hostile: root's pin restored: ok"

# 5. Destroy wins for every cell: not a sandbox, holding RUNNING_LOCKED
# and denying shutdown, it is asked (bounded) and destroyed all the same.
variant hostile-locked 's/flags: \[sandbox\]/flags: []/'
jh-sign --cell hostile-locked -o $work/locked.bin \
	inmates/tests/x86/lock-running.bin
jailhouse cell create $work/hostile-locked.cell
jailhouse cell load hostile-locked $work/locked.bin
jailhouse cell start hostile-locked
sleep 1
t0=$(date +%s)
jailhouse cell destroy hostile-locked ||
	fail "a locked cell that denies shutdown vetoed destroy"
[ $(($(date +%s) - t0)) -le 15 ] || fail "destroying the locked cell hung"
echo "cell-hostile: locked cell destroyed: ok"

all_online || fail "online CPUs at the end"
jailhouse disable
rmmod jailhouse
echo "cell-hostile: ok"
