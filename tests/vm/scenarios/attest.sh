#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Remote attestation end to end (docs/attestation.md): enable, create,
# load and start the signed sandbox-demo cell, enroll the AK, quote with
# a fresh nonce, and send quote, logs, AK and the list of digests
# `jh-sign --info` gives out of the machine: the verifier runs on the
# host (tests/vm/host/attest-verify), replays the log to the quoted PCR
# 13, finds exactly the images loaded, and refuses a replayed quote,
# changed logs and an image not on its list. With IMA's rule, IMA has a
# record of each image and the quote covers PCR 10.
# machines: qemu
# tpm: swtpm
# host-check: tests/vm/host/attest-verify
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/export.sh
work=/tmp/attest
mkdir -p $work
fail() { echo "attest: FAIL: $*"; dmesg | tail -n 5; exit 1; }
step() { echo "attest: $*"; }
ms() { awk '{ printf "%d", $1 * 1000 }' /proc/uptime; }

# The payload digest of a signed file, as the log and the list have it.
digest() {
	jh-sign --info "$1" | awk '$1 == "sha256:" { print "sha256:" $2 }'
}

# IMA's rule for the loader's records (docs/attestation.md): the quote
# then covers PCR 10 too and carries IMA's list.
mount -t securityfs securityfs /sys/kernel/security
echo "measure func=CRITICAL_DATA label=jailhouse" \
	>/sys/kernel/security/ima/policy
signed_load_module
signed_policy
signed_enable
jh-sign -o $work/cell configs/x86/sandbox-demo.cell
jh-sign --cell sandbox-demo -o $work/demo.bin \
	inmates/demos/x86/sandbox-demo.bin
jailhouse cell create $work/cell
jailhouse cell load sandbox-demo $work/demo.bin
jailhouse cell start sandbox-demo
jailhouse measurements

for f in /tmp/keys/sandbox.pol /lib/firmware/jailhouse.bin \
	 /tmp/keys/sys.cell $work/cell $work/demo.bin; do
	digest $f
done >$work/expected

t0=$(ms)
jailhouse attest --enroll $work/enrolled
t1=$(ms)
nonce=$(head -c 16 /dev/urandom | xxd -p)
jailhouse attest --nonce "$nonce" --out $work/quote
t2=$(ms)
[ "$(grep -c ' ima-buf .* jailhouse:' $work/quote/ima.log)" = 5 ] ||
	fail "IMA's list has not the 5 records: $(cat $work/quote/ima.log)"
step "enroll $((t1 - t0)) ms, quote $((t2 - t1)) ms"

jailhouse cell destroy sandbox-demo
jailhouse disable

# To the verifier on the host (tests/vm/host/attest-verify).
echo "$nonce" >$work/nonce
tar -czf $work/attest.tgz -C $work quote enrolled expected nonce
export_file attest.tgz $work/attest.tgz
echo "attest: PASS"
