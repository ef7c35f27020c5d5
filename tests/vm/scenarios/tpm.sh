#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The harness's TPM (tests/vm/README.md, "# tpm: swtpm"): the machine
# has a TPM 2.0 that tpm2-tools reach through /dev/tpmrm0, and PCR 13,
# the loader's, starts at zero and can be extended.
# machines: qemu
# tpm: swtpm
set -e

fail() {
	echo "tpm: FAIL: $*"
	exit 1
}

[ -c /dev/tpmrm0 ] || fail "no /dev/tpmrm0"
export TPM2TOOLS_TCTI=device:/dev/tpmrm0
tpm2_pcrread sha256:13 >pcr13 || fail "tpm2_pcrread"
cat pcr13
grep -q '13: 0x0000000000000000000000000000000000000000000000000000000000000000' \
	pcr13 || fail "PCR 13 is not zero at boot"
tpm2_pcrextend 13:sha256=$(printf jailhouse | sha256sum | cut -c1-64) ||
	fail "tpm2_pcrextend"
tpm2_pcrread sha256:13 | tee pcr13
# SHA256(zeros || SHA256("jailhouse")), computed on the host.
grep -qi "13: 0x400c9214f19d8e2ae80b2ff3a94aebe6bc26393553b63591bd78fbe33eb90214" \
	pcr13 || fail "PCR 13 not extended as expected"
echo "tpm: PASS"
