#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# tpm: swtpm
# The loader with a TPM 2.0 (docs/attestation.md): the measurement log
# starts with PCR 13's value at load and replays to PCR 13 after every
# accepted image, refusals extend nothing (an inmate the policy refuses
# and a descriptor the loader's cell checks refuse included: both are
# checked before they are measured); with the
# shipped IMA rule,
# IMA's list has one ima-buf record per accepted image (IMA records an
# event seen before once: per distinct log line) and replays to
# PCR 10 (SHA-1 bank: the 6.1 kernel's text list gives SHA-1); the
# rollback floors live in TPM NV storage, so that deleting the floors
# file and reloading the module does not let an older image back, a
# floor log changed behind the loader's back refuses every image, the
# tool's history of the loads replays from zero, the owner's reset
# (undefining the indexes; docs/attestation.md) clears them, and a TPM
# whose driver root unbound leaves them unknown, not file-backed.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/tpm.sh
fail() { echo "tpm-measure: FAIL: $*"; dmesg | tail -n 8; exit 1; }
step() { echo "tpm-measure: $*"; }
floors=/var/lib/jailhouse/floors
reload() {
	insmod /jailhouse/kernel-module/jailhouse.ko
	jailhouse keyring add /tmp/keys/cert.der
}

# The log replays to the PCR's value now.
check_replay() {
	jailhouse measurements >log
	want=$(pcr_value $TPM_PCR)
	got=$(replay_log log) || fail "$1: no pcr-base line: $(head -n 1 log)"
	[ "$got" = "$want" ] || fail "$1: log replays to $got, PCR $TPM_PCR is $want"
	step "$1: $(wc -l <log) lines replay to PCR $TPM_PCR"
	sed '1d; s/^[0-9]* //' log >>/tmp/events
}

step "module load with the IMA rule: TPM-backed floors, the log's base"
mount -t securityfs securityfs /sys/kernel/security 2>/dev/null || true
ima=/sys/kernel/security/ima
grep -v '^#' systemd/ima-policy >$ima/policy ||
	fail "IMA took not the shipped rule"
signed_load_module
dmesg | grep -q "rollback floors are in the TPM" ||
	fail "floors not TPM-backed: $(dmesg | grep 'rollback floors')"
# swtpm's owner and lockout passwords are empty: root could reset them.
dmesg | grep -q "the owner password is empty, so root can reset them" ||
	fail "no warning of the empty owner password"
check_replay "empty log"

step "accepted images are extended; a refused one is not"
cd /tmp
jh-sign -o pol2 --security-version 2 /jailhouse/policy/sandbox.pol
jailhouse policy load pol2
signed_enable
check_replay "policy and enable"
jh-sign -o pol1 --security-version 1 /jailhouse/policy/sandbox.pol
before=$(pcr_value $TPM_PCR)
if jailhouse policy load pol1 2>err; then fail "version 1 after 2 accepted"; fi
[ "$(pcr_value $TPM_PCR)" = "$before" ] || fail "a refused image extended the PCR"
step "an inmate the policy refuses (not its cell's signer) is not measured"
skid=$(jh-sign --info pol2 | sed -n 's/^signer: *skid:\([0-9a-f]*\).*/\1/p' |
	sed 's/../&:/g; s/:$//')
{ printf 'signers:\n  - key-id: "%s"\n    cells: ["sandbox-*"]\n' "$skid"
  jh-policy show /jailhouse/policy/sandbox.pol | grep -v '^signers:'; } >signers.policy
jh-policy compile signers.policy -o signers.pol
jh-sign -o pol3 --security-version 3 signers.pol
jailhouse policy load pol3
jh-sign keygen --key k2.pem --cert c2.pem --bits 2048 >/dev/null
jailhouse keyring add c2.der
jh-sign -o cell.signed /jailhouse/configs/x86/sandbox-demo.cell
jailhouse cell create cell.signed
jh-sign --key k2.pem --cert c2.pem --cell sandbox-demo -o other.bin \
	/jailhouse/inmates/demos/x86/sandbox-demo.bin
check_replay "before the refused inmate"
lines=$(wc -l <log)
if jailhouse cell load sandbox-demo other.bin 2>err; then
	fail "an inmate of a signer the policy does not name was loaded"
fi
dmesg | tail -n 3 | grep -q "refused by the policy\|not allowed\|signer" ||
	fail "no policy refusal: $(cat err; dmesg | tail -n 2)"
check_replay "after the refused inmate"
[ "$(wc -l <log)" -eq "$lines" ] || fail "the refused inmate was measured"
# A descriptor the loader's cell checks refuse (its name is taken) is
# checked before it is measured (JAILHOUSE_VERIFY_DEFER).
if jailhouse cell create cell.signed 2>err; then fail "a cell created twice"; fi
check_replay "after the refused descriptor"
[ "$(wc -l <log)" -eq "$lines" ] || fail "the refused descriptor was measured"
jailhouse cell destroy sandbox-demo
jailhouse disable

step "the floor survives the floors file and the module"
rm -f $floors
rmmod jailhouse
reload
[ ! -e $floors ] || fail "floors file back"
if jailhouse policy load pol1 2>err; then
	fail "version 1 accepted once the floors file was gone"
fi
grep -q "pol1: security version below a rollback floor the TPM holds" err ||
	fail "refusal does not name the TPM: $(cat err)"
dmesg | tail -n 3 | grep -q "security version 1 below the floor 3 held in the TPM" ||
	fail "no TPM floor in the kernel log"
jailhouse policy load pol3 || fail "version 3 refused"
check_replay "after reload"
# The tool kept the first load's log: the history replays from zero.
history=/var/lib/jailhouse/measurements
[ "$(grep -c '^0 pcr-base ' $history)" = 2 ] ||
	fail "history has not the 2 loads: $(cat $history)"
[ "$(replay_history $history)" = "$(pcr_value $TPM_PCR)" ] ||
	fail "history does not replay from zero to PCR $TPM_PCR"
step "after reload: the history of 2 loads replays from zero"

step "a floor log changed behind the loader's back refuses every image"
export TPM2TOOLS_TCTI=device:/dev/tpmrm0
rmmod jailhouse
# Record 0's version (bytes 20-23: after the count and the key digest).
printf '\000\000\000\001' >lowered
tpm2_nvwrite -C 0x01a1b000 -i lowered --offset 20 0x01a1b000 ||
	fail "tpm2_nvwrite of the floor log"
reload
dmesg | grep -q "rollback floors in the TPM are unknown" ||
	fail "a changed floor log was taken: $(dmesg | grep 'rollback floors' | tail -n 1)"
# The floors file is refused first (its floors cannot be raised), then,
# without it, the image itself.
if jailhouse policy load pol2 2>err; then fail "image accepted with unknown floors"; fi
dmesg | tail -n 2 | grep -q "rollback floors in the TPM are unknown: floor not raised" ||
	fail "floors file taken: $(cat err; dmesg | tail -n 1)"
rm -f $floors
if jailhouse policy load pol2 2>err; then fail "image accepted with unknown floors"; fi
dmesg | tail -n 2 | grep -q "the TPM's rollback floors are unknown" ||
	fail "refusal does not say why: $(cat err; dmesg | tail -n 1)"

step "the owner's reset (undefining both indexes) clears the floors"
rmmod jailhouse
tpm2_nvundefine 0x01a1b000 && tpm2_nvundefine 0x01a1b001 ||
	fail "tpm2_nvundefine"
reload
jailhouse policy load pol1 || fail "version 1 refused after the reset"
check_replay "after the reset"

step "IMA: one ima-buf record per accepted image, the list replays to PCR 10"
accepted=$(sort -u /tmp/events | wc -l)
records=$(grep -c ' ima-buf sha256:[0-9a-f]* jailhouse:' $ima/ascii_runtime_measurements) || true
[ "$records" -eq "$accepted" ] ||
	fail "$records ima-buf records for $accepted accepted images"
grep ' ima-buf .* jailhouse:policy:' $ima/ascii_runtime_measurements | tail -n 1
want=$(tr 'A-F' 'a-f' </sys/class/tpm/tpm0/pcr-sha1/10)
got=$(replay_ima $ima/ascii_runtime_measurements)
[ "$got" = "$want" ] || fail "IMA's list replays to $got, PCR 10 is $want"
step "IMA: $(wc -l <$ima/ascii_runtime_measurements) records replay to PCR 10"

# Last: IMA keeps the unbound chip, its extends fail from here on.
step "a TPM the firmware describes but the kernel no longer offers (its"
step "driver unbound) leaves the floors unknown, not file-backed"
jailhouse policy load pol2 || fail "version 2 refused"
rm -f $floors
rmmod jailhouse
tpmdev=$(readlink -f /sys/class/tpm/tpm0/device)
echo "${tpmdev##*/}" >"$(readlink -f "$tpmdev/driver")/unbind" ||
	fail "unbinding the TPM's driver"
reload
dmesg | grep -q "firmware describes a TPM 2.0" ||
	fail "floors not unknown: $(dmesg | grep 'rollback floors' | tail -n 1)"
if jailhouse policy load pol1 2>err; then
	fail "version 1 accepted once the TPM's driver was unbound"
fi
dmesg | tail -n 2 | grep -q "the TPM's rollback floors are unknown" ||
	fail "refusal does not say why: $(cat err; dmesg | tail -n 1)"
echo "tpm-measure: PASS"
