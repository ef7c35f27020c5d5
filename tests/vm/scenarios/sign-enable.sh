#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# JAILHOUSE_ENABLE with signature enforcement: the hypervisor image (from
# request_firmware) and the system config (by file descriptor) must both
# be signed by a key in .jailhouse that may sign their types; both are
# measured; a tampered image, an unsigned config, a hypervisor image
# signed by a cell-only key and an older hypervisor image signed by
# another key (the floor is the type's) are refused.
set -eu
fail() { echo "sign-enable: FAIL: $*"; dmesg | tail -n 5; exit 1; }
fw=/lib/firmware/jailhouse.bin
top=$PWD
cd /tmp

insmod $top/kernel-module/jailhouse.ko
jh-sign keygen --key k.pem --cert c.pem --bits 2048 --types all
jh-sign keygen --key hv.pem --cert hv-cert.pem --bits 2048 --types hypervisor
jh-sign keygen --key cell.pem --cert cell-cert.pem --bits 2048
jailhouse keyring add c.der
jailhouse keyring add hv-cert.der
jailhouse keyring add cell-cert.der
cp $top/configs/x86/qemu-svm.cell system.cell
jh-sign --key k.pem --cert c.pem system.cell
cp $fw hv.orig

# refused TEXT LOG-LINE: enabling with system.cell fails so.
refused() {
	if jailhouse enable system.cell 2>err; then
		fail "enabled: $2"
	fi
	grep -q "$1" err || fail "$2: $(cat err)"
	dmesg | tail -n 3 | grep -q "$2" || fail "no log line '$2'"
}
jh-sign --force --key cell.pem --cert cell-cert.pem $fw
refused "signed by a key not allowed to sign its type" \
	"hypervisor image from jailhouse.bin refused: rights check failed"
jh-sign --key k.pem --cert c.pem --security-version 2 $fw

if jailhouse enable $top/configs/x86/qemu-svm.cell 2>err; then
	fail "unsigned system config accepted"
fi
grep -q "qemu-svm.cell: not signed: .*(No data available)" err ||
	fail "unsigned config: $(cat err)"

jailhouse enable system.cell
jailhouse measurements | tee measurements
grep -q "^[0-9]* hypervisor - 2 sha256:$(sha256sum hv.orig | cut -d' ' -f1) skid:[0-9a-f]* verified$" measurements ||
	fail "hypervisor not measured"
grep -q " system qemu-linux 0 sha256:$(sha256sum $top/configs/x86/qemu-svm.cell | cut -d' ' -f1) skid:" measurements ||
	fail "system config not measured"
jailhouse disable
cp $fw hv.v2
jh-sign --key hv.pem --cert hv-cert.pem --security-version 1 $fw
refused "jailhouse.bin: security version 1 is below the floor 2" \
	"hypervisor image from jailhouse.bin refused: rollback check failed"
cp hv.v2 $fw

printf 'X' | dd of=$fw bs=1 seek=100 conv=notrunc 2>/dev/null
if jailhouse enable system.cell 2>err; then
	fail "tampered hypervisor image accepted"
fi
grep -q "Key was rejected" err || fail "tampered image: $(cat err)"
dmesg | grep -q "hypervisor image from jailhouse.bin refused: signature check failed" ||
	fail "no log line for the tampered image"
rmmod jailhouse
echo "sign-enable: ok"
