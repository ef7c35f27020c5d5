#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# By hand: the kernel accepts a signature made by `openssl cms -sign`
# (signed attributes, certificate included, signer named by issuer and
# serial) placed in our format. Prepare on the host, then run:
#   d=$(mktemp -d) && signer/jh-sign keygen --types policy \
#       --key $d/k.pem --cert $d/c.pem &&
#   signer/jh-sign --key $d/k.pem --cert $d/c.pem -o $d/p policy/sandbox.pol &&
#   cms=$(od -An -tu4 -j $(($(stat -c %s $d/p) - 28)) -N4 $d/p) &&
#   head -c $(($(stat -c %s $d/p) - 32 - cms)) $d/p >$d/content &&
#   openssl cms -sign -binary -nosmimecap -in $d/content -signer $d/c.pem \
#       -inkey $d/k.pem -outform DER -out $d/ossl.cms &&
#   python3 -c "import struct,sys; n=int(sys.argv[1]); sys.stdout.buffer.write(
#       struct.pack('<IIHHI', 64, n, 1, 0, 0) + b'~Jailhouse sig~\n')" \
#       $(stat -c %s $d/ossl.cms) >$d/trailer &&
#   cat $d/content $d/ossl.cms $d/trailer >$d/ossl.pol && mkdir $d/ossl &&
#   mv $d/c.der $d/ossl.pol $d/ossl/ &&
#   tests/vm/run --machine qemu --add $d/ossl tests/vm/scenarios/sign-openssl.sh
set -eu
insmod kernel-module/jailhouse.ko
jailhouse keyring add extra/ossl/c.der
jailhouse policy load extra/ossl/ossl.pol
jailhouse measurements | grep " issuer-serial:[0-9a-f]* verified$"
echo "sign-openssl: ok"
