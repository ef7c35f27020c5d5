# SPDX-License-Identifier: GPL-2.0
# Sourced by VM scenarios (`. tests/vm/lib/signed.sh`) that run the loader
# as shipped, with sig_enforce=1: a fresh development key that the loader
# trusts, and the hypervisor image, the system config and the sandbox
# policy signed with it. jh-sign finds the key through JH_SIGN_KEY and
# JH_SIGN_CERT, so scenarios sign their own files with plain `jh-sign`.

JH_SIGN_KEY=/tmp/keys/key.pem
JH_SIGN_CERT=/tmp/keys/cert.pem
export JH_SIGN_KEY JH_SIGN_CERT

# Bochs (2.7) gets wrong the big-number code OpenSSL runs on a CPU with
# AVX, BMI2 and ADX together (taking away any one of them helps): the
# signatures jh-sign made there did not verify, and key generation did
# not end in 25 minutes. OpenSSL without ADX there.
if [ "${JH_MACHINE:-}" = bochs ]; then
	export OPENSSL_ia32cap=":~0x80000"
fi

# Load the loader and trust the machine's key (made on the host by
# tests/vm/mkinitrd: key generation is slow in an emulated machine).
signed_load_module() {
	mkdir -p /tmp/keys
	cp /jailhouse/tests/vm/keys/* /tmp/keys/
	insmod /jailhouse/kernel-module/jailhouse.ko
	jailhouse keyring add /tmp/keys/cert.der
}

# Sign the hypervisor image where request_firmware() finds it and the
# machine's system config (JH_MACHINE), and enable with them.
signed_enable() {
	sys=qemu-svm
	[ "${JH_MACHINE:-qemu}" = bochs ] && sys=bochs-vmx
	[ "${JH_MACHINE:-qemu}" = qemu-amdvi ] && sys=qemu-svm-amdvi
	[ -e /tmp/keys/sys.cell ] || {
		jh-sign /lib/firmware/jailhouse.bin &&
		jh-sign -o /tmp/keys/sys.cell /jailhouse/configs/x86/$sys.cell
	} || return 1
	jailhouse enable /tmp/keys/sys.cell
}

# Sign and load the shipped sandbox policy. The Bochs machine has no
# IOMMU: its root devices reach every cell's RAM by DMA, and only the
# policy that says it accepts that exposure admits sandbox cells there.
signed_policy() {
	pol=sandbox
	[ "${JH_MACHINE:-qemu}" = bochs ] && pol=sandbox-dma-exposed
	jh-sign -o /tmp/keys/sandbox.pol /jailhouse/policy/$pol.pol &&
		jailhouse policy load /tmp/keys/sandbox.pol
}
