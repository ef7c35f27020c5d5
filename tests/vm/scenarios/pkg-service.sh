#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# What jailhouse.service and jailhouse-cell@.service run
# (systemd/jailhouse-service, docs/packaging.md), against the real loader
# and hypervisor: start trusts the keys, locks the keyring, loads the
# policy and enables; cell-start creates, loads and starts a signed cell,
# cell-stop destroys it; stop destroys a cell left running, disables and
# unloads the module; a start that fails (unsigned system config) leaves
# no module loaded. The loader goes where DKMS installs it, for busybox's
# modprobe. A Linux cell from NAME.linux (docs/linux-cells.md) boots
# through cell-start up to its init and goes with cell-stop.
# com2: sandbox-demo: sealed compute workload started
# com2: jh-guest: init up, 1 CPUs
set -eu
fail() { echo "pkg-service: FAIL: $*"; dmesg | tail -n 5; exit 1; }
step() { echo "--- pkg-service: $*"; }
helper=/jailhouse/systemd/jailhouse-service
etc=/tmp/etc
mkdir -p $etc/keys $etc/cells /lib/firmware/updates
modules=/lib/modules/$(uname -r)
mkdir -p $modules/updates/dkms
cp /jailhouse/kernel-module/jailhouse.ko $modules/updates/dkms/
depmod
JAILHOUSE_KEYS=$etc/keys JAILHOUSE_POLICY=$etc/sandbox.pol
JAILHOUSE_SYSTEM_CONFIG=$etc/system.cell JAILHOUSE_CELLS=$etc/cells
export JAILHOUSE_KEYS JAILHOUSE_POLICY JAILHOUSE_SYSTEM_CONFIG
export JAILHOUSE_CELLS

step "the operator's signed files"
cd /tmp
jh-sign keygen --key key.pem --cert cert.pem --bits 2048 --types all >/dev/null
cp cert.der $etc/keys/
export JH_SIGN_KEY=/tmp/key.pem JH_SIGN_CERT=/tmp/cert.pem
jh-sign -o /lib/firmware/updates/jailhouse.bin /lib/firmware/jailhouse.bin
jh-sign -o $etc/system.cell /jailhouse/configs/x86/qemu-svm.cell
jh-sign -o $etc/sandbox.pol /jailhouse/policy/sandbox.pol
jh-sign -o $etc/cells/sandbox-demo.cell \
	/jailhouse/configs/x86/sandbox-demo.cell
jh-sign --cell sandbox-demo -o $etc/cells/sandbox-demo.bin \
	/jailhouse/inmates/demos/x86/sandbox-demo.bin

step "start"
$helper start
[ "$(cat /sys/module/jailhouse/parameters/keyring_locked)" = 1 ] ||
	fail "keyring not locked"
jailhouse measurements | grep -q " policy " || fail "no policy loaded"
jailhouse measurements | grep -q " system " || fail "not enabled"

step "cell-start, cell-stop"
$helper cell-start sandbox-demo
jailhouse cell list | grep -q " sandbox-demo  *running " ||
	fail "cell not running: $(jailhouse cell list)"
sleep 2
$helper cell-stop sandbox-demo
! jailhouse cell list | grep -q sandbox-demo || fail "cell not destroyed"
[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] || fail "CPU 3 not back"

step "cell-start, cell-stop: a Linux cell from linux-demo.linux"
jh-sign -o $etc/cells/linux-demo.cell /jailhouse/configs/x86/linux-demo.cell
jh-sign --cell linux-demo -o $etc/cells/bzImage /jailhouse/guest/bzImage
jh-sign --cell linux-demo -o $etc/cells/initramfs \
	/jailhouse/guest/initramfs.cpio.gz
echo "console=ttyS1,115200 io_delay=none tsc=reliable" >/tmp/cmdline
jh-sign --cell linux-demo -o $etc/cells/cmdline /tmp/cmdline
jh-sign --cell linux-demo -o $etc/cells/linux-loader.bin \
	/jailhouse/inmates/tools/x86/linux-loader.bin
printf '%s\n' "# the sandbox guest" kernel=bzImage initrd=initramfs \
	cmdline-file=cmdline loader=linux-loader.bin \
	>$etc/cells/linux-demo.linux
$helper cell-start linux-demo
jailhouse cell list | grep -q " linux-demo  *running " ||
	fail "Linux cell not running: $(jailhouse cell list)"
# No channel to the root here: its init's line is judged on COM2.
sleep 20
jailhouse cell list | grep -q " linux-demo  *running " ||
	fail "Linux cell stopped: $(jailhouse cell list)"
$helper cell-stop linux-demo
! jailhouse cell list | grep -q linux-demo || fail "Linux cell not destroyed"
[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] || fail "CPU 2 not back"

step "stop with a cell left running"
$helper cell-start sandbox-demo
$helper stop
[ ! -e /sys/module/jailhouse ] || fail "module still loaded"
[ "$(cat /sys/devices/system/cpu/online)" = 0-3 ] || fail "CPUs not back"

step "a failed start unloads the module"
cp /jailhouse/configs/x86/qemu-svm.cell $etc/system.cell
if $helper start; then
	fail "started with an unsigned system config"
fi
[ ! -e /sys/module/jailhouse ] || fail "module left loaded"
echo "pkg-service: ok"
