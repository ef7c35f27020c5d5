#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# By hand only (no machines line): print on COM1 what `jh-config create`
# reads, as a base64 tarball between two marker lines, so that the host
# tests can run jh-config create against the machine as it was:
#   tests/vm/run --machine qemu --out /tmp/cap \
#           tests/vm/scenarios/capture-sysroot.sh
#   tests/sysroot/extract /tmp/cap/com1.log tests/sysroot/qemu
# The ACPI tables are those jh-config create reads.
# Files are copied, not linked: sysfs's symlinks become directories.
set -eu
dmesg -n 1
root=/tmp/sysroot
mkdir -p $root/proc $root/sys/devices/system/cpu $root/sys/bus/pci/devices
cat /proc/iomem >$root/proc/iomem
cat /proc/ioports >$root/proc/ioports
cat /proc/interrupts >$root/proc/interrupts
cat /proc/cmdline >$root/proc/cmdline
for f in possible present online; do
	cat /sys/devices/system/cpu/$f >$root/sys/devices/system/cpu/$f
done
for dev in /sys/bus/pci/devices/*; do
	d=$root/sys/bus/pci/devices/${dev##*/}
	mkdir -p "$d"
	for f in class vendor device resource config; do
		cat "$dev/$f" >"$d/$f"
	done
done
for entry in /sys/firmware/memmap/*; do
	d=$root/sys/firmware/memmap/${entry##*/}
	mkdir -p "$d"
	for f in start end type; do
		cat "$entry/$f" >"$d/$f"
	done
done
mkdir -p $root/sys/firmware/acpi/tables
for table in APIC MCFG DMAR FACP; do
	if [ -f /sys/firmware/acpi/tables/$table ]; then
		cat /sys/firmware/acpi/tables/$table \
			>$root/sys/firmware/acpi/tables/$table
	fi
done
echo JH-SYSROOT-BEGIN
tar -C $root -cf - . | gzip -9 | base64
echo JH-SYSROOT-END
