#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# JAILHOUSE_ENABLE with signature enforcement: the hypervisor image (from
# request_firmware) and the system config (by file descriptor) must both
# be signed by a key in .jailhouse; both are measured; a tampered image
# or an unsigned config is refused.
set -eu
fail() { echo "sign-enable: FAIL: $*"; dmesg | tail -n 5; exit 1; }
fw=/lib/firmware/jailhouse.bin
top=$PWD
cd /tmp

insmod $top/kernel-module/jailhouse.ko
jh-sign keygen --key k.pem --cert c.pem --bits 2048
jailhouse keyring add c.der
cp $top/configs/x86/qemu-svm.cell system.cell
jh-sign --key k.pem --cert c.pem system.cell
cp $fw hv.orig
jh-sign --key k.pem --cert c.pem $fw

if jailhouse enable $top/configs/x86/qemu-svm.cell 2>err; then
	fail "unsigned system config accepted"
fi
grep -q "qemu-svm.cell: not signed: .*(No data available)" err ||
	fail "unsigned config: $(cat err)"

jailhouse enable system.cell
jailhouse measurements | tee measurements
grep -q "^[0-9]* hypervisor - 0 sha256:$(sha256sum hv.orig | cut -d' ' -f1) skid:[0-9a-f]* verified$" measurements ||
	fail "hypervisor not measured"
grep -q " system qemu-linux 0 sha256:$(sha256sum $top/configs/x86/qemu-svm.cell | cut -d' ' -f1) skid:" measurements ||
	fail "system config not measured"
jailhouse disable

printf 'X' | dd of=$fw bs=1 seek=100 conv=notrunc 2>/dev/null
if jailhouse enable system.cell 2>err; then
	fail "tampered hypervisor image accepted"
fi
grep -q "Key was rejected" err || fail "tampered image: $(cat err)"
dmesg | grep -q "hypervisor image from jailhouse.bin refused: signature check failed" ||
	fail "no log line for the tampered image"
rmmod jailhouse
echo "sign-enable: ok"
