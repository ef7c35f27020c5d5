#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# By hand (keyutils is not in the test machine):
#   tests/vm/run --machine qemu --add /usr/bin/keyctl \
#       --add /lib/x86_64-linux-gnu/libkeyutils.so.1 \
#       tests/vm/scenarios/sign-keyctl.sh
# Plain keyutils finds the .jailhouse keyring (through /proc/keys: names
# starting with '.' are never published for lookup by name) but cannot
# add to it, nor remove or invalidate a key: only the loader writes it
# (`jailhouse keyring add`), having read what the key may sign.
set -eu
insmod kernel-module/jailhouse.ko
cd /tmp
# --add resolved the library's symlink: give it its soname back.
ln -s /jailhouse/extra/libkeyutils.so.1* libkeyutils.so.1
keyctl() { LD_LIBRARY_PATH=/tmp /jailhouse/extra/keyctl "$@"; }
fail() { echo "sign-keyctl: FAIL: $*"; exit 1; }
jh-sign keygen --key k.pem --cert c.pem --bits 2048 --types all
if keyctl padd asymmetric "" %:.jailhouse <c.der; then
	fail "keyctl added a key the loader did not read"
fi
key=$(jailhouse keyring add c.der)
jailhouse keyring list
if keyctl unlink "$key" %:.jailhouse || keyctl invalidate "$key" ||
	keyctl revoke "$key"; then
	fail "a trusted key was removed from user space"
fi
cp /jailhouse/policy/sandbox.pol pol
jh-sign --key k.pem --cert c.pem -o pol.signed pol
jailhouse policy load pol.signed
echo "sign-keyctl: ok"
