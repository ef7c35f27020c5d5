#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# Signed images in the stock kernel: the loader verifies with its .jailhouse
# keyring and refuses unsigned, tampered, mistyped, rolled-back and
# untrusted images with the documented errno and one log line each; the
# measurement log, sig_enforce, keyring lock and trust=chain behave as
# docs/signing.md says. JAILHOUSE_POLICY_LOAD is the entry point. Typed
# rights: a key made for cells (jh-sign keygen's default) cannot sign a
# policy, and the policy floor is the type's: a policy-only key's older
# policy is refused after another key's newer one.
set -eu
ko=$PWD/kernel-module/jailhouse.ko
work=/tmp/sign
mkdir -p $work
cd $work
step() { echo "--- sign-loader: $*"; }
die() { echo "sign-loader: FAIL: $*"; dmesg | tail -n 5; exit 1; }

# A loader refusal: the tool's error names the file and says why (the
# errno text kept), the kernel log's last line names the failed check.
refused() { # FILE ERRNO-TEXT CHECK
	if jailhouse policy load "$1" 2>err; then
		die "$1 accepted"
	fi
	grep -q "$2" err || die "$1: expected '$2', got: $(cat err)"
	dmesg | tail -n 1 | grep -q "refused: $3 check failed" ||
		die "$1: no log line for the $3 check"
	echo "refused $1: $(dmesg | tail -n 1)"
}

sign() { # OUT ARGS... (signs the shipped policy, copied to $work/pol)
	out=$1
	shift
	jh-sign --key k.pem --cert c.pem "$@" -o "$out" pol
}

step "keys"
jh-sign keygen --key k.pem --cert c.pem --bits 2048 --types all
jh-sign keygen --key k2.pem --cert c2.pem --bits 2048 --types policy
jh-sign keygen --key cell-key.pem --cert cell.pem --bits 2048
jh-sign keygen --key other-key.pem --cert other.pem --bits 2048 --types all
cp /jailhouse/policy/sandbox.pol pol
printf 'not a policy\n' >text

step "load, add a certificate"
insmod $ko
# This machine has no TPM: the floors stay in the file, and say so.
dmesg | grep -q "rollback floors are file-backed: no TPM 2.0" ||
	die "no line on the floors' backing"
jailhouse measurements | grep -q pcr-base && die "a pcr-base without a TPM"
jailhouse keyring add c.der
jailhouse keyring list | grep -q "Jailhouse development signing key" ||
	die "certificate not listed"
jailhouse keyring list --json | tee keys.json
grep -q '^  {"serial": [0-9]*, "description": ".*Jailhouse development signing key' \
	keys.json || die "keyring list --json: $(cat keys.json)"
jailhouse keyring add c2.der
jailhouse keyring add cell.der
dmesg | tail -n 1 | grep -q "trusted to sign: cell,inmate$" ||
	die "cell key's rights not logged: $(dmesg | tail -n 1)"
if jailhouse keyring add c.der 2>err; then
	die "the same key added twice"
fi
grep -q "File exists" err || die "added twice: $(cat err)"
step "a good image is accepted and measured"
sign good --name base --security-version 2
jailhouse policy load good
digest=$(sha256sum pol | cut -d' ' -f1)
skid=$(jh-sign --info good | sed -n 's/^signer: *skid:\([0-9a-f]*\).*/\1/p')
jailhouse measurements | tee measurements
grep -q "^0 policy base 2 sha256:$digest skid:$skid verified$" measurements ||
	die "measurement missing or wrong"
jailhouse measurements --json | tee measurements.json
grep -q "^  {\"index\": 0, \"type\": \"policy\", \"name\": \"base\", \"version\": 2, \"sha256\": \"$digest\", \"signer\": \"skid:$skid\", \"status\": \"verified\"}$" \
	measurements.json || die "measurements --json: $(cat measurements.json)"

step "refusals"
refused pol "pol: not signed: sign it with jh-sign .*(No data available)" \
	signed
cp good tampered
printf 'X' | dd of=tampered bs=1 seek=3 conv=notrunc 2>/dev/null
refused tampered "tampered: the signature does not match the contents" \
	signature
jh-sign --key k.pem --cert c.pem --cell base -o inmate text
refused inmate "inmate: signed as a 'inmate' image, not as a 'policy' one" \
	type
sign old --name base --security-version 1
refused old "old: security version 1 is below the floor 2 reached before" \
	rollback
jh-sign --key k2.pem --cert c2.pem --name other --security-version 1 -o other-old pol
refused other-old "other-old: security version 1 is below the floor 2" \
	rollback
jh-sign --force --key cell-key.pem --cert cell.pem --name base --security-version 3 \
	-o cell-signed pol
refused cell-signed "cell-signed: signed by skid:.*, whose certificate does \
not grant signing 'policy' images" rights
jh-sign --key other-key.pem --cert other.pem --name base --security-version 3 \
	-o untrusted pol
refused untrusted "untrusted: signed by a key the .jailhouse keyring does \
not trust" signature
cp good badtrailer
size=$(stat -c %s badtrailer)
printf '\377\377\000\000' |
	dd of=badtrailer bs=1 seek=$((size - 28)) conv=notrunc 2>/dev/null
refused badtrailer "Bad message" format
[ "$(wc -l <measurements)" -eq "$(jailhouse measurements | wc -l)" ] ||
	die "a refused image was measured"

step "sig_enforce cannot be switched off at runtime"
if echo 0 >/sys/module/jailhouse/parameters/sig_enforce; then
	die "sig_enforce switched off"
fi

step "keyring lock"
jailhouse keyring lock
if jailhouse keyring add other.der 2>err; then
	die "key added after lock"
fi
cat err
if echo 0 >/sys/module/jailhouse/parameters/keyring_locked; then
	die "keyring unlocked"
fi
rmmod jailhouse

step "sig_enforce=0: log and accept, then on for good"
insmod $ko sig_enforce=0
jailhouse policy load pol
dmesg | tail -n 2 | grep -q "ACCEPTED (sig_enforce=0): signed check" ||
	die "no log line for the accepted unsigned image"
jailhouse measurements | grep -q " policy - 0 sha256:$digest - UNVERIFIED$" ||
	die "unverified image not marked"
echo 1 >/sys/module/jailhouse/parameters/sig_enforce
refused pol "No data available" signed
if echo 0 >/sys/module/jailhouse/parameters/sig_enforce; then
	die "sig_enforce switched off again"
fi
rmmod jailhouse

step "trust=chain refuses a self-made certificate"
insmod $ko trust=chain
grep -q chain /sys/module/jailhouse/parameters/trust
if jailhouse keyring add c.der 2>err; then
	die "self-signed certificate accepted in chain mode"
fi
cat err
sign chained --name base --security-version 2
refused chained "chained: signed by a key the .jailhouse keyring does not \
trust" signature
rmmod jailhouse
echo "sign-loader: ok"
