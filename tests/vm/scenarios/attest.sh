#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Remote attestation end to end (docs/attestation.md): enable, create,
# load and start the signed sandbox-demo cell, enroll the AK, quote with
# a fresh nonce, and run the verifier (a shell script and
# tpm2_checkquote, as on the verifier's machine) on the quote: it
# replays the log to the quoted PCR 13 and finds exactly the images
# loaded, whose digests `jh-sign --info` gives; with IMA's rule, IMA
# has a record of each and the quote covers PCR 10. The verifier then
# refuses the same quote under another nonce, the log without its cell
# line, and a list without the inmate. Quote and log are left in
# /tmp/attest for the console.
# machines: qemu
# tpm: swtpm
set -eu
. tests/vm/lib/signed.sh
work=/tmp/attest
mkdir -p $work
fail() { echo "attest: FAIL: $*"; dmesg | tail -n 5; exit 1; }
step() { echo "attest: $*"; }
ms() { awk '{ printf "%d", $1 * 1000 }' /proc/uptime; }

# The payload digest of a signed file, as the log and the list have it.
digest() {
	jh-sign --info "$1" | awk '$1 == "sha256:" { print "sha256:" $2 }'
}

# refused NAME DIR LIST NONCE REASON: the verifier says REASON, exit 1.
refused() {
	if jh-attest-verify --ak $work/enrolled/ak.pub.pem --nonce "$4" \
		--expected "$3" "$2" >$work/$1.out 2>$work/$1.err; then
		fail "$1: verified"
	fi
	grep -qF "$5" $work/$1.err || fail "$1: reason: $(cat $work/$1.err)"
	step "$1 refused: $(tail -n 1 $work/$1.err)"
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
jh-attest-verify --ak $work/enrolled/ak.pub.pem --nonce "$nonce" \
	--expected $work/expected $work/quote >$work/verdict ||
	fail "verifier: $(cat $work/verdict)"
t3=$(ms)
cat $work/verdict
[ "$(grep -c ' ok$' $work/verdict)" = 5 ] ||
	fail "not the 5 images loaded: $(cat $work/verdict)"
[ "$(grep -c ' ima-buf .* jailhouse:' $work/quote/ima.log)" = 5 ] ||
	fail "IMA's list has not the 5 records: $(cat $work/quote/ima.log)"
grep -q "^ima: ima.log replays to PCR 10" $work/verdict ||
	fail "IMA's list does not replay to PCR 10"
step "enroll $((t1 - t0)) ms, quote $((t2 - t1)) ms, verify $((t3 - t2)) ms"

refused replayed-quote $work/quote $work/expected \
	"$(head -c 16 /dev/urandom | xxd -p)" "nonce does not match"
mkdir $work/removed
cp $work/quote/* $work/removed/
grep -v ' cell sandbox-demo ' $work/quote/measurements |
	awk '{ $1 = NR - 1; print }' >$work/removed/measurements
refused entry-removed $work/removed $work/expected "$nonce" \
	"does not replay to quoted PCR 13"
grep -v "$(digest $work/demo.bin)" $work/expected >$work/short
refused not-on-list $work/quote $work/short "$nonce" \
	"image sandbox-demo $(digest $work/demo.bin) not on the expected list"

jailhouse cell destroy sandbox-demo
jailhouse disable
echo "attest: PASS"
