#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# By hand (keyutils is not in the test machine):
#   tests/vm/run --machine qemu --add /usr/bin/keyctl \
#       --add /lib/x86_64-linux-gnu/libkeyutils.so.1 \
#       tests/vm/scenarios/sign-keyctl.sh
# Plain keyutils finds the .jailhouse keyring (through /proc/keys: names
# starting with '.' are never published for lookup by name) and adds a
# certificate the loader then trusts; after the lock it cannot.
set -eu
insmod kernel-module/jailhouse.ko
cd /tmp
# --add resolved the library's symlink: give it its soname back.
ln -s /jailhouse/extra/libkeyutils.so.1* libkeyutils.so.1
keyctl() { LD_LIBRARY_PATH=/tmp /jailhouse/extra/keyctl "$@"; }
jh-sign keygen --key k.pem --cert c.pem --bits 2048
jh-sign keygen --key k2.pem --cert c2.pem --bits 2048
keyctl padd asymmetric "" %:.jailhouse <c.der
jailhouse keyring list
cp /jailhouse/policy/sandbox.pol pol
jh-sign --key k.pem --cert c.pem -o pol.signed pol
jailhouse policy load pol.signed
jailhouse keyring lock
if keyctl padd asymmetric "" %:.jailhouse <c2.der; then
	echo "sign-keyctl: FAIL: added after lock"
	exit 1
fi
echo "sign-keyctl: ok"
