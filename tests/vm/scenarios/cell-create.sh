#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Cell create refusals, each before any CPU leaves Linux: with the
# hypervisor disabled, unsigned, signed by an untrusted key, a damaged
# signature block (cut short, appended to, signer flipped), signed as
# another type, without a policy, against the policy (too many CPUs, no
# sandbox flag, no bound on the reply timeout), against the system config
# (hypervisor memory, a CPU the root cell lacks, Linux's RAM, firmware's
# memory) and against the hardware (a PCI class that is not the device's,
# an IOAPIC pin a Linux driver uses).
# Each gets its errno and one log line naming the cell, field and reason;
# afterwards all CPUs are online, no cell exists and disable works. The
# firmware's memory and the Linux driver's pin are refused offline too,
# with the same text: `jh-config check` against the system config
# `jh-config create` wrote on this machine. Then sig_enforce=0 runs the
# unsigned demo descriptor (security version 1).
# machines: qemu
set -eu
. tests/vm/lib/signed.sh
work=/tmp/cells
mkdir -p $work
fail() { echo "cell-create: FAIL: $*"; dmesg | tail -n 5; exit 1; }

# refused FILE ERRNO-TEXT LOG-TEXT: refused, logged, nothing changed.
refused() {
	if jailhouse cell create "$1" 2>$work/err; then
		fail "$1 created"
	fi
	grep -q "$2" $work/err ||
		fail "$1: expected '$2', got: $(cat $work/err)"
	dmesg | tail -n 3 | grep -q "$3" || fail "$1: no log line '$3'"
	[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] ||
		fail "$1: CPUs online: $(cat /sys/devices/system/cpu/online)"
	[ "$(jailhouse cell list | wc -l)" = 1 ] || fail "$1: a cell is listed"
	echo "cell-create: refused $1: $(dmesg | grep "$3" | tail -n 1)"
}

# variant NAME SED-SCRIPT [JH-SIGN ARGS]: the demo cell changed, signed.
variant() {
	name=$1 script=$2
	shift 2
	sed "$script" $work/demo.conf >$work/$name.conf
	if cmp -s $work/demo.conf $work/$name.conf; then
		fail "$name: sed changed nothing"
	fi
	jh-config build $work/$name.conf -o $work/$name.unsigned
	jh-sign "$@" -o $work/$name.cell $work/$name.unsigned
}

signed_load_module
jh-config show configs/x86/sandbox-demo.cell >$work/demo.conf
jh-sign -o $work/demo.cell configs/x86/sandbox-demo.cell

if jailhouse cell create $work/demo.cell 2>$work/err; then
	fail "created while the hypervisor is disabled"
fi
grep -q "hypervisor is not enabled" $work/err ||
	fail "disabled: $(cat $work/err)"
signed_enable
refused configs/x86/sandbox-demo.cell "No data available" \
	"refused: signed check failed"
jh-sign keygen --key $work/other.pem --cert $work/other-cert.pem \
	--bits 2048 >/dev/null
jh-sign --key $work/other.pem --cert $work/other-cert.pem \
	-o $work/untrusted.cell configs/x86/sandbox-demo.cell
refused $work/untrusted.cell "signed by a key the .jailhouse keyring does not trust" \
	"refused: signature check failed"

# A damaged signature block, told as such although the loader sees no
# trailer (cut short, appended to) or no key (the signer identifier a
# byte off the trusted key's): tests/host/refusals with a stand-in loader.
size=$(wc -c <$work/demo.cell)
dd if=$work/demo.cell of=$work/cut.cell bs=1 count=$((size - 7)) 2>/dev/null
refused $work/cut.cell "cut.cell: signature block damaged: signed header at offset" \
	"refused: signed check failed"
cat $work/demo.cell configs/x86/sandbox-demo.cell >$work/appended.cell
refused $work/appended.cell "appended.cell: signature block damaged" \
	"refused: signed check failed"
skid=$(jh-sign --info $work/demo.cell | sed -n 's/^signer: *skid://p')
hex=$(od -An -v -tx1 $work/demo.cell | tr -s ' \n' '  ')
prefix=${hex%%" $(echo "$skid" | sed 's/../& /g; s/ $//')"*}
[ -n "$skid" ] && [ "$prefix" != "$hex" ] || fail "no signer skid in demo.cell"
at=$((${#prefix} / 3))
byte=$(od -An -tu1 -j $at -N1 $work/demo.cell | tr -d ' ')
cp $work/demo.cell $work/flipped.cell
printf "\\$(printf %o $((byte ^ 1)))" |
	dd of=$work/flipped.cell bs=1 seek=$at conv=notrunc 2>/dev/null
refused $work/flipped.cell "signature malformed: its signer identifier differs from that of the trusted key" \
	"refused: signature check failed"
jh-sign --cell sandbox-demo -o $work/inmate.cell \
	inmates/demos/x86/sandbox-demo.bin
refused $work/inmate.cell "Wrong medium type" "refused: type check failed"
refused $work/demo.cell "Operation not permitted" \
	"cell 'sandbox-demo' refused: no policy loaded"

# offline NAME TEXT: `jh-config check` refuses NAME against this
# machine's created system config with the loader's TEXT.
offline() {
	jh-config check $work/sys.cell $work/$1.unsigned >$work/check 2>&1 &&
		fail "$1: jh-config check accepted it"
	grep -q "$2" $work/check ||
		fail "$1: jh-config check: $(grep error: $work/check | head -n 1)"
	echo "cell-create: offline $1: $(grep "$2" $work/check)"
}
jh-config create -o $work/sys.conf
jh-config build $work/sys.conf -o $work/sys.cell

signed_policy
variant twocpus 's/cpus: \[3\]/cpus: [2-3]/' --force
refused $work/twocpus.cell "Operation not permitted" \
	"cell 'sandbox-demo' refused by the policy"
variant hvmem 's/phys: 0x3c000000/phys: 0x3b000000/'
refused $work/hvmem.cell "Invalid argument" \
	"cell 'sandbox-demo': memory region 0: "
variant cpu4 's/cpus: \[3\]/cpus: [4]/' --force
refused $work/cpu4.cell "Invalid argument" "cell 'sandbox-demo': CPU "
variant linuxram 's/phys: 0x3c000000/phys: 0x1000000/'
refused $work/linuxram.cell "Device or resource busy" \
	"memory region 0: 0x1000000 is Linux's RAM"
# Firmware's memory is never a cell's RAM: the ACPI tables (reserved in
# the firmware's map, inside a root cell region).
variant acpi 's/phys: 0x3c000000, virt: 0x0, size: 1M/phys: 0x3ffdf000, virt: 0x0, size: 4K/'
firmware="RAM region is not RAM in the firmware's memory map"
refused $work/acpi.cell "Invalid argument" "memory region 0: $firmware"
offline acpi "memory region 0: $firmware"
# An IOAPIC pin whose interrupt a Linux driver holds: COM1's, open as
# the console.
grep -q " 4-edge .*ttyS0" /proc/interrupts ||
	fail "COM1's IRQ is not pin 4: $(grep ttyS0 /proc/interrupts)"
variant linuxirq 's/pins: \[3\]/pins: [3-4]/' --force
held="IOAPIC pin carries an interrupt a root cell driver requested"
refused $work/linuxirq.cell "Device or resource busy" "IOAPIC 0 pin 4: $held"
offline linuxirq "IOAPIC pin set 0: $held.*(pin 4)"
# A device the descriptor calls a network controller (the policy allows
# those) that the hardware says is the SMBus controller.
variant pciclass '/^  ioapic-pins:/i\  pci:\n    - {bdf: "00:1f.3", class: 0x020000, iommu: 0}'
refused $work/pciclass.cell "Invalid argument" \
	"PCI device 0: 0000:00:1f.3 differs from the hardware"
# The shipped sandbox class: the sandbox flag and a bounded reply timeout.
variant nosandbox 's/flags: \[sandbox\]/flags: []/' --force
refused $work/nosandbox.cell "Operation not permitted" \
	"no sandbox flag, which the class requires"
variant forever 's/msg-reply-timeout: 1000/msg-reply-timeout: 0/' --force
refused $work/forever.cell "Operation not permitted" \
	"reply timeout unbounded"

jailhouse cell list
jailhouse disable
rmmod jailhouse

# Development mode (sig_enforce=0) runs an unsigned descriptor, though it
# carries a security version that no signed header confirms.
insmod kernel-module/jailhouse.ko sig_enforce=0
jailhouse enable configs/x86/qemu-svm.cell
jailhouse policy load policy/sandbox.pol
jailhouse cell create configs/x86/sandbox-demo.cell 2>$work/err ||
	fail "sig_enforce=0: unsigned cell refused: $(cat $work/err)"
jailhouse cell destroy sandbox-demo
jailhouse disable
rmmod jailhouse
echo "cell-create: ok"
