#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# machines: qemu
# tpm: swtpm
# The loader with a TPM 2.0 (docs/attestation.md): the measurement log
# starts with PCR 13's value at load and replays to PCR 13 after every
# accepted image, refusals extend nothing, PCR 10 is IMA's alone; the
# rollback floors live in TPM NV storage, so that deleting the floors
# file and reloading the module does not let an older image back, and a
# floor log changed behind the loader's back refuses every image.
set -eu
. tests/vm/lib/signed.sh
. tests/vm/lib/tpm.sh
fail() { echo "tpm-floors: FAIL: $*"; dmesg | tail -n 8; exit 1; }
step() { echo "tpm-floors: $*"; }
floors=/var/lib/jailhouse/floors

# The log replays to the PCR's value now.
check_replay() {
	jailhouse measurements >log
	want=$(pcr_value $TPM_PCR)
	got=$(replay_log log) || fail "$1: no pcr-base line: $(head -n 1 log)"
	[ "$got" = "$want" ] || fail "$1: log replays to $got, PCR $TPM_PCR is $want"
	step "$1: $(wc -l <log) lines replay to PCR $TPM_PCR"
}

step "module load: the floors are TPM-backed, the log has its base"
pcr10=$(pcr_value 10)
signed_load_module
dmesg | grep -q "rollback floors are in the TPM" ||
	fail "floors not TPM-backed: $(dmesg | grep 'rollback floors')"
check_replay "empty log"

step "accepted images are extended; a refused one is not"
cd /tmp
jh-sign -o pol2 --version 2 /jailhouse/policy/sandbox.pol
jailhouse policy load pol2
signed_enable
check_replay "policy and enable"
jh-sign -o pol1 --version 1 /jailhouse/policy/sandbox.pol
before=$(pcr_value $TPM_PCR)
if jailhouse policy load pol1 2>err; then fail "version 1 after 2 accepted"; fi
[ "$(pcr_value $TPM_PCR)" = "$before" ] || fail "a refused image extended the PCR"
[ "$(pcr_value 10)" = "$pcr10" ] || fail "PCR 10 changed without an IMA rule"
jailhouse disable

step "the floor survives the floors file and the module"
rm -f $floors
rmmod jailhouse
insmod /jailhouse/kernel-module/jailhouse.ko
jailhouse keyring add /tmp/keys/cert.der
[ ! -e $floors ] || fail "floors file back"
if jailhouse policy load pol1 2>err; then
	fail "version 1 accepted once the floors file was gone"
fi
grep -q "refused by the rollback floors the TPM holds" err ||
	fail "refusal does not name the TPM: $(cat err)"
dmesg | tail -n 3 | grep -q "security version 1 below the floor 2 held in the TPM" ||
	fail "no TPM floor in the kernel log"
jailhouse policy load pol2 || fail "version 2 refused"
check_replay "after reload"
echo "tpm-floors: PASS"
